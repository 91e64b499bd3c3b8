import type { ReceivableRecord } from '../data/model';
import { validationProblem } from '../http/problem';
import type { HandlerResult } from '../http/respond';
import { receivableJson } from '../serialize';
import { foldText } from '../text';
import type { LenientOptions } from '../types';
import { branchScope, idBranchRefusal, idBranchUnbound } from './branch-scope';
import type { RouteContext } from './context';
import { bindQuery, type Binder, type Bound } from './query-binding';
import {
  amountParam,
  dateParam,
  int32Param,
  intFilterParam,
  skipParam,
  takeParam,
  textParam,
} from './query-params';

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
type DateBoundName = `${DateField}${'Start' | 'End'}`;
const DATE_FIELDS = Object.keys(DATE_RANGES) as DateField[];

/**
 * The parameters as the server binds them. Strict by default (evo-api.md): only paymentTypes and
 * accountStatus are comma lists; ids are one int32 each. The lenient switches change single binders.
 */
function querySchema(l: LenientOptions) {
  const dates = Object.fromEntries(
    DATE_FIELDS.flatMap((f) => [
      [`${f}Start`, dateParam(false, l.dateOnlyFilters === true)],
      [`${f}End`, dateParam(true, l.dateOnlyFilters === true)],
    ]),
  ) as Record<DateBoundName, Binder<string>>;
  const statusList = intFilterParam(l.singleValueLists !== true);
  const idFilter = intFilterParam(l.idLists === true);
  return {
    ...dates,
    paymentTypes: statusList,
    accountStatus: statusList,
    ammountStart: amountParam,
    ammountEnd: amountParam,
    description: textParam,
    memberId: idFilter,
    idSale: idFilter,
    idReceivable: idFilter,
    idBranch: int32Param,
    take: takeParam,
    skip: skipParam,
  };
}
type ReceivablesQuery = Bound<ReturnType<typeof querySchema>>;

/** Parameters a lenient server does not bind at all: neither validated nor applied. */
function ignoredParams(l: LenientOptions): Set<string> {
  const out = new Set<string>();
  for (const f of l.ignoreFilters ?? []) {
    if (f === 'accountStatus' || f === 'paymentTypes' || f === 'idReceivable') out.add(f);
    else out.add(`${f}Start`).add(`${f}End`);
  }
  return out;
}

function matches(r: ReceivableRecord, q: Omit<ReceivablesQuery, 'idBranch'>): boolean {
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
  return true;
}

/**
 * GET /api/v1/receivables: offset paging over a stable idReceivable order; a plain array, no total.
 * A binding failure is the framework's 400 (ValidationProblemDetails), not the vendor's model.
 */
export function listReceivables(ctx: RouteContext): HandlerResult {
  const ignored = ignoredParams(ctx.lenient);
  if (idBranchUnbound(ctx)) ignored.add('idBranch');
  const bound = bindQuery(ctx.url, querySchema(ctx.lenient), ignored);
  const refusal = idBranchRefusal(ctx);
  if (!bound.ok || Object.keys(refusal).length > 0)
    return validationProblem({ ...(bound.ok ? {} : bound.errors), ...refusal });
  const { idBranch, ...q } = bound.value;
  const scope = branchScope(ctx, idBranch);
  if (!scope.ok) return scope.result;
  const take = q.take ?? 50;
  const skip = q.skip ?? 0;
  const page: unknown[] = [];
  let seen = 0;
  for (const r of ctx.store.receivables) {
    if (scope.branch !== null && r.idBranchMember !== scope.branch) continue;
    if (!matches(r, q)) continue;
    if (seen++ < skip) continue;
    page.push(receivableJson(r, ctx.store.accounts, ctx.culture));
    if (page.length >= take) break;
  }
  return { status: 200, json: page };
}
