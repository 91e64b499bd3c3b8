import type { ValidationErrors } from '../http/problem';
import { badRequest, type HandlerResult } from '../http/respond';
import type { RouteContext } from './context';

/**
 * Which branch a list request of network mode sees (bank-accounts, receivables, debtors), per docs/sandbox.md
 * "Network mode": a branch key always its own branch (idBranch is "ignored otherwise", the vendor's words); an
 * administrator key the branch `idBranch` names when the server honours it, else every branch — or a 400 when the
 * server wants idBranch from such keys. `branch: null` = every branch. Single-branch mode keeps the old filter.
 */
export type BranchScope = { ok: true; branch: number | null } | { ok: false; result: HandlerResult };

/** The request names a branch (a blank value binds nothing, as ASP.NET's binder does). */
function idBranchGiven(url: URL): boolean {
  return [...url.searchParams].some(([k, v]) => k.toLowerCase() === 'idbranch' && v.trim() !== '');
}

/** With 'ignored' and 'refused' the route does not bind idBranch at all: a malformed value is no binding error. */
export function idBranchUnbound(ctx: RouteContext): boolean {
  return ctx.network !== null && ctx.network.idBranch !== 'honoured';
}

/**
 * 'refused': the endpoint takes no idBranch, and says so in the framework's 400 (ValidationProblemDetails) whatever
 * the key — a branch key's client should not send it either.
 */
export function idBranchRefusal(ctx: RouteContext): ValidationErrors {
  if (ctx.network?.idBranch !== 'refused' || !idBranchGiven(ctx.url)) return {};
  return { idBranch: ['The parameter idBranch is not accepted by this endpoint.'] };
}

export const ID_BRANCH_REQUIRED =
  'idBranch: parâmetro obrigatório para a chave de multilocalização (administrador geral).';

/** `bound` = the idBranch the route bound (only when honoured); see BranchScope. */
export function branchScope(ctx: RouteContext, bound: number | undefined): BranchScope {
  const net = ctx.network;
  if (!net) return { ok: true, branch: bound ?? null };
  if (ctx.key === 'branch') return { ok: true, branch: net.branchKeyBranch };
  if (bound !== undefined) return { ok: true, branch: bound };
  // A server that ignores idBranch answers every branch to a request that names one.
  if (net.idBranch === 'ignored' && idBranchGiven(ctx.url)) return { ok: true, branch: null };
  if (net.adminWithoutBranch === 'refused') return { ok: false, result: badRequest([ID_BRANCH_REQUIRED]) };
  return { ok: true, branch: null };
}
