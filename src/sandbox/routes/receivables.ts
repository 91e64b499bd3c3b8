import { z } from 'zod';
import type { ReceivableRecord } from '../data/model';
import { badRequest, type HandlerResult } from '../http/respond';
import { validate } from '../http/validation';
import { receivableJson } from '../serialize';
import { foldText } from '../text';
import { queryRecord, type RouteContext } from './context';
import { amountParam, dateParam, intListParam, intParam, skipParam, takeParam } from './query-params';

/** The `<name>Start` / `<name>End` date ranges of evo-api.md, with the record field each one reads. */
const DATE_RANGES = {
  registrationDate: (r: ReceivableRecord) => r.registrationDate,
  dueDate: (r: ReceivableRecord) => r.dueDate,
  receivingDate: (r: ReceivableRecord) => r.receivingDate,
  competenceDate: (r: ReceivableRecord) => r.competenceDate,
  cancellationDate: (r: ReceivableRecord) => r.cancellationDate,
  chargeDate: (r: ReceivableRecord) => r.chargeDate,
  updateDate: (r: ReceivableRecord) => r.updateDate,
  // The sandbox issues no invoices: these filters are accepted and match nothing.
  invoiceDate: () => null,
  invoiceCanceledDate: () => null,
  saleDate: (r: ReceivableRecord) => r.saleDate,
} as const;
type DateField = keyof typeof DATE_RANGES;
const DATE_FIELDS = Object.keys(DATE_RANGES) as DateField[];

const dateShape = Object.fromEntries(
  DATE_FIELDS.flatMap((f) => [
    [`${f}Start`, dateParam(false).optional()],
    [`${f}End`, dateParam(true).optional()],
  ]),
) as Record<`${DateField}${'Start' | 'End'}`, z.ZodOptional<ReturnType<typeof dateParam>>>;

const querySchema = z.object({
  ...dateShape,
  paymentTypes: intListParam.optional(),
  accountStatus: intListParam.optional(),
  ammountStart: amountParam.optional(),
  ammountEnd: amountParam.optional(),
  description: z.string().optional(),
  memberId: intListParam.optional(),
  idSale: intListParam.optional(),
  idReceivable: intListParam.optional(),
  idBranch: intParam.optional(),
  take: takeParam.optional(),
  skip: skipParam.optional(),
});
type ReceivablesQuery = z.output<typeof querySchema>;
const QUERY_NAMES = Object.keys(querySchema.shape);

function matches(r: ReceivableRecord, q: ReceivablesQuery): boolean {
  for (const f of DATE_FIELDS) {
    const start = q[`${f}Start`];
    const end = q[`${f}End`];
    if (start === undefined && end === undefined) continue;
    const value = DATE_RANGES[f](r);
    if (value === null) return false;
    if (start !== undefined && value < start) return false;
    if (end !== undefined && value > end) return false;
  }
  if (q.paymentTypes && !q.paymentTypes.includes(r.paymentType)) return false;
  if (q.accountStatus && !q.accountStatus.includes(r.status)) return false;
  if (q.ammountStart !== undefined && r.ammountCents < q.ammountStart) return false;
  if (q.ammountEnd !== undefined && r.ammountCents > q.ammountEnd) return false;
  if (q.description !== undefined && !foldText(r.description).includes(foldText(q.description))) return false;
  if (q.memberId && !q.memberId.includes(r.idMember) && !q.memberId.includes(r.idMemberPayer ?? -1))
    return false;
  if (q.idSale && !q.idSale.includes(r.idSale ?? -1)) return false;
  if (q.idReceivable && !q.idReceivable.includes(r.idReceivable)) return false;
  if (q.idBranch !== undefined && q.idBranch !== r.idBranchMember) return false;
  return true;
}

/** GET /api/v1/receivables: offset paging over a stable idReceivable order; a plain array, no total. */
export function listReceivables(ctx: RouteContext): HandlerResult {
  const parsed = validate(querySchema, queryRecord(ctx.url, QUERY_NAMES));
  if (!parsed.ok) return badRequest(parsed.messages);
  const q = parsed.value;
  const take = q.take ?? 50;
  const skip = q.skip ?? 0;
  const page: unknown[] = [];
  let seen = 0;
  for (const r of ctx.store.receivables) {
    if (!matches(r, q)) continue;
    if (seen++ < skip) continue;
    page.push(receivableJson(r, ctx.store.accounts, ctx.culture));
    if (page.length >= take) break;
  }
  return { status: 200, json: page };
}
