import { validationProblem } from '../http/problem';
import type { HandlerResult } from '../http/respond';
import { bankAccountJson } from '../serialize';
import { branchScope, idBranchRefusal, idBranchUnbound } from './branch-scope';
import type { RouteContext } from './context';
import { bindQuery } from './query-binding';
import { int32Param } from './query-params';

/** GET /api/v2/states: the whole country tree; the country comes from the key, so no parameters. */
export function listStates(ctx: RouteContext): HandlerResult {
  return { status: 200, json: ctx.store.data.states };
}

/**
 * GET /api/v1/bank-accounts: an array (Swagger says object, the real server sends an array). One branch takes no
 * parameters; a network takes `idBranch` (branch-scope.ts): a branch's accounts plus the network's central one,
 * and nothing for a branch id the network does not have.
 */
export function listBankAccounts(ctx: RouteContext): HandlerResult {
  const accounts = ctx.store.data.bankAccounts;
  if (!ctx.network) return { status: 200, json: accounts.map(bankAccountJson) };
  const bound = bindQuery(
    ctx.url,
    { idBranch: int32Param },
    new Set(idBranchUnbound(ctx) ? ['idBranch'] : []),
  );
  const refusal = idBranchRefusal(ctx);
  if (!bound.ok || Object.keys(refusal).length > 0)
    return validationProblem({ ...(bound.ok ? {} : bound.errors), ...refusal });
  const scope = branchScope(ctx, bound.value.idBranch);
  if (!scope.ok) return scope.result;
  const { branch } = scope;
  if (branch !== null && !ctx.network.branchIds.has(branch)) return { status: 200, json: [] };
  const seen = accounts.filter((a) => branch === null || a.branchId === branch || a.branchId === null);
  return { status: 200, json: seen.map(bankAccountJson) };
}
