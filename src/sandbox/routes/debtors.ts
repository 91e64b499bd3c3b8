import { STATUS } from '../data/catalog';
import { validationProblem } from '../http/problem';
import type { HandlerResult } from '../http/respond';
import { debtorJson } from '../serialize';
import type { LenientOptions } from '../types';
import { branchScope, idBranchRefusal, idBranchUnbound } from './branch-scope';
import type { RouteContext } from './context';
import { bindQuery } from './query-binding';
import { int32Param, intFilterParam, skipParam, takeParam } from './query-params';

/**
 * Undocumented route; clients were only seen sending single values (`debtStatus=1`, `memberStatus=1`),
 * so every parameter is one int32, except memberId which follows the receivables' idLists switch.
 */
const querySchema = (l: LenientOptions) => ({
  debtStatus: int32Param,
  memberStatus: int32Param,
  idBranch: int32Param,
  memberId: intFilterParam(l.idLists === true),
  take: takeParam,
  skip: skipParam,
});

/** Only debt status the sandbox produces: 1 "Open" (every overdue receivable). */
const DEBT_STATUS_OPEN = 1;

/** GET /api/v1/receivables/debtors: one row per overdue receivable, `{results, total}`. */
export function listDebtors(ctx: RouteContext): HandlerResult {
  const bound = bindQuery(
    ctx.url,
    querySchema(ctx.lenient),
    new Set(idBranchUnbound(ctx) ? ['idBranch'] : []),
  );
  const refusal = idBranchRefusal(ctx);
  if (!bound.ok || Object.keys(refusal).length > 0)
    return validationProblem({ ...(bound.ok ? {} : bound.errors), ...refusal });
  const q = bound.value;
  const scope = branchScope(ctx, q.idBranch);
  if (!scope.ok) return scope.result;
  const today = ctx.clock.today();
  const rows = ctx.store.receivables.filter((r) => {
    if (r.status !== STATUS.overdue) return false;
    const member = ctx.store.members.get(r.idMember);
    if (!member) return false;
    if (q.debtStatus !== undefined && q.debtStatus !== DEBT_STATUS_OPEN) return false;
    if (q.memberStatus !== undefined && q.memberStatus !== member.status) return false;
    if (scope.branch !== null && scope.branch !== r.idBranchMember) return false;
    if (q.memberId && !q.memberId.includes(member.idMember)) return false;
    return true;
  });
  const skip = q.skip ?? 0;
  const results = rows
    .slice(skip, skip + (q.take ?? 50))
    .map((r) => debtorJson(r, ctx.store.members.get(r.idMember)!, today, ctx.culture));
  return { status: 200, json: { results, total: rows.length } };
}
