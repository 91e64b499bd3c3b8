import { addDays } from '../../shared/dates';
import { toIsoDate } from './normalize';
import type { ApiReceivable } from './schemas';

/**
 * Filters of GET /api/v1/receivables, typed as the vendor documents them (docs/api-behaviour.md):
 * `accountStatus` and `paymentTypes` are comma-separated lists; `idReceivable` and `memberId` are ONE int32
 * each (a list there is a 400, or finds nothing); dates are `yyyy-mm-dd` (a time of day is accepted by some
 * servers and refused by others: the reader falls back to the day).
 */
export interface ReceivableFilters {
  dueDateStart?: string;
  dueDateEnd?: string;
  receivingDateStart?: string;
  receivingDateEnd?: string;
  updateDateStart?: string;
  updateDateEnd?: string;
  accountStatus?: number[];
  paymentTypes?: number[];
  idReceivable?: number;
  memberId?: number;
  /** [V] One branch of a network, for a multi-location key ("ignored otherwise", evo-api.md); docs/branches.md. */
  idBranch?: number;
}

/** The documented comma-separated lists: the only filters a server may refuse to take several values of. */
export const LIST_FILTERS = ['accountStatus', 'paymentTypes'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

const DATE_FILTERS = [
  'dueDateStart',
  'dueDateEnd',
  'receivingDateStart',
  'receivingDateEnd',
  'updateDateStart',
  'updateDateEnd',
] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

/** The query string of one request (`take`/`skip` are the reader's). */
export function filterQuery(f: ReceivableFilters): Record<string, string | number | undefined> {
  const list = (v: number[] | undefined) => (v && v.length ? v.join(',') : undefined);
  const q: Record<string, string | number | undefined> = {
    accountStatus: list(f.accountStatus),
    paymentTypes: list(f.paymentTypes),
    idReceivable: f.idReceivable,
    memberId: f.memberId,
    idBranch: f.idBranch,
  };
  for (const k of DATE_FILTERS) q[k] = f[k];
  return q;
}

/** Date filters that carry a time of day (a server that only takes yyyy-mm-dd refuses those). */
export const timedDateFilters = (f: ReceivableFilters): DateFilter[] =>
  DATE_FILTERS.filter((k) => (f[k]?.length ?? 0) > 10);

/** The same filters with every date cut to its day: a superset of the timed request (an end day is inclusive). */
export function dayOnly(f: ReceivableFilters): ReceivableFilters {
  const out = { ...f };
  for (const k of DATE_FILTERS) if (out[k] && out[k].length > 10) out[k] = out[k].slice(0, 10);
  return out;
}

const outside = (value: string | null, start: string | undefined, end: string | undefined) => {
  if (start === undefined && end === undefined) return false;
  if (value === null) return true;
  return (
    (start !== undefined && value < start.slice(0, 10)) || (end !== undefined && value > end.slice(0, 10))
  );
};

/**
 * Which filter a returned row contradicts, or null. Filters are never trusted blindly: a server that ignores one
 * (or a proxy that drops the query string) must not put rows we did not ask for into the cache or into a
 * read-back. Dates are compared by Brasília day; `updateDateStart` with one day of slack, because a timed bound
 * may be read in another time zone by the server. `memberId` is not checked: which member field it matches
 * (payer or the member charged) is not documented.
 */
export function contradiction(f: ReceivableFilters, r: ApiReceivable): string | null {
  if (f.idReceivable !== undefined && r.id !== f.idReceivable) return 'idReceivable';
  // A row of another branch: the server ignores `idBranch` (the sync learns it from this and reads the network
  // once instead of once per branch). A row naming no branch is kept: it cannot be told apart.
  if (f.idBranch !== undefined && r.branchMemberId !== null && r.branchMemberId !== f.idBranch)
    return 'idBranch';
  if (f.accountStatus?.length && !f.accountStatus.includes(r.statusId)) return 'accountStatus';
  if (f.paymentTypes?.length && (r.paymentTypeId === null || !f.paymentTypes.includes(r.paymentTypeId)))
    return 'paymentTypes';
  if (outside(r.dueDate, f.dueDateStart, f.dueDateEnd)) return 'dueDate';
  if (outside(r.receivingDate, f.receivingDateStart, f.receivingDateEnd)) return 'receivingDate';
  if (f.updateDateStart !== undefined) {
    const day = toIsoDate(r.updateDate);
    if (day === null || day < addDays(f.updateDateStart.slice(0, 10), -1)) return 'updateDate';
  }
  if (f.updateDateEnd !== undefined) {
    const day = toIsoDate(r.updateDate);
    if (day === null || day > addDays(f.updateDateEnd.slice(0, 10), 1)) return 'updateDate';
  }
  return null;
}

/** Every combination of single values for the list filters named (a server that takes one value at a time). */
export function splitLists(f: ReceivableFilters, which: ReadonlySet<ListFilter>): ReceivableFilters[] {
  let out: ReceivableFilters[] = [f];
  for (const key of LIST_FILTERS) {
    const values = f[key];
    if (!which.has(key) || !values || values.length < 2) continue;
    out = out.flatMap((g) => values.map((v) => ({ ...g, [key]: [v] })));
  }
  return out;
}
