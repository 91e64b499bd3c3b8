import { z } from 'zod';
import { STATUS } from '../data/catalog';
import { badRequest, type HandlerResult } from '../http/respond';
import { validate } from '../http/validation';
import { debtorJson } from '../serialize';
import { queryRecord, type RouteContext } from './context';
import { intListParam, intParam, skipParam, takeParam } from './query-params';

const querySchema = z.object({
  debtStatus: intListParam.optional(),
  memberStatus: intListParam.optional(),
  idBranch: intParam.optional(),
  memberId: intListParam.optional(),
  take: takeParam.optional(),
  skip: skipParam.optional(),
});
const QUERY_NAMES = Object.keys(querySchema.shape);

/** Only debt status the sandbox produces: 1 "Open" (every overdue receivable). */
const DEBT_STATUS_OPEN = 1;

/** GET /api/v1/receivables/debtors: one row per overdue receivable, `{results, total}`. */
export function listDebtors(ctx: RouteContext): HandlerResult {
  const parsed = validate(querySchema, queryRecord(ctx.url, QUERY_NAMES));
  if (!parsed.ok) return badRequest(parsed.messages);
  const q = parsed.value;
  const today = ctx.clock.today();
  const rows = ctx.store.receivables.filter((r) => {
    if (r.status !== STATUS.overdue) return false;
    const member = ctx.store.members.get(r.idMember);
    if (!member) return false;
    if (q.debtStatus && !q.debtStatus.includes(DEBT_STATUS_OPEN)) return false;
    if (q.memberStatus && !q.memberStatus.includes(member.status)) return false;
    if (q.idBranch !== undefined && q.idBranch !== r.idBranchMember) return false;
    if (q.memberId && !q.memberId.includes(member.idMember)) return false;
    return true;
  });
  const skip = q.skip ?? 0;
  const results = rows
    .slice(skip, skip + (q.take ?? 50))
    .map((r) => debtorJson(r, ctx.store.members.get(r.idMember)!, today, ctx.culture));
  return { status: 200, json: { results, total: rows.length } };
}
