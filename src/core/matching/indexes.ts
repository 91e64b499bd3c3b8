/**
 * Candidate blocking. Every lookup is by an exact key (amount, name initials, member, acquirer and day),
 * then a due-date window found by binary search on lists sorted by due date, so the work per line is
 * proportional to its plausible candidates, not to the cache.
 */
import { PAYMENT_TYPE } from '../../shared/constants';
import { onOrNextBusinessDay } from './calendar';
import { normalizeKey, type CardDescriptor } from './text';
import type { PRec } from './prepare';

/** Sorted by due date (received lists: by receiving date), so a date window is two binary searches. */
type Postings = PRec[];

export interface Indexes {
  byAmount: Map<number, Postings>;
  /** amount → c<first>|<last>, f<first>, l<last>: three letters of the payer's words (see nameKeyStrings). */
  byAmountName: Map<number, Map<string, Postings>>;
  /** <first>|<last> of any amount (several receivables of one payer, partial payments). */
  byFirstLast: Map<string, Postings>;
  /** Open/overdue receivables by amount and payment type (lines that name nobody). */
  /** Keyed by amountTypeKey(amount, paymentTypeId). */
  byAmountType: Map<number, Postings>;
  byMember: Map<number, PRec[]>;
  byKey: Map<string, PRec[]>;
  /** Card receivables of every status but cancelled, by acquirer|flag|credit|expected credit day. */
  cardBuckets: Map<string, PRec[]>;
  /** Received receivables by amount paid (and name keys), sorted by receiving date. */
  recvByAmount: Map<number, PRec[]>;
  recvByAmountName: Map<number, Map<string, PRec[]>>;
  /** Open boleto receivables. */
  boletos: Postings;
  /** Distinct amounts of open receivables, ascending. */
  amounts: number[];
  /** The widest early/late allowance of any payment type, for window lookups. */
  maxEarly: number;
  maxLate: number;
}

const p3 = (t: string) => t.slice(0, 3);

/** Numeric key of (amount, payment type): payment type ids are below 1,000. */
export const amountTypeKey = (amount: number, type: number | null) => amount * 1000 + (type ?? 999);

/**
 * Index keys of a name: its first word and its last word, by their first three letters. `final` says
 * whether the last key is the text's very last word (not a shorter, truncated stub skipped over).
 */
export function nameKeys(tokens: readonly string[]): {
  first: string | null;
  last: string | null;
  final: boolean;
} {
  const first = tokens.find((t) => t.length >= 2);
  let last: string | undefined;
  for (let k = tokens.length - 1; k >= 0; k--) {
    if (tokens[k]!.length >= 3) {
      last = tokens[k];
      break;
    }
  }
  const final = (tokens.at(-1)?.length ?? 0) >= 3;
  return { first: first && first.length >= 3 ? p3(first) : null, last: last ? p3(last) : null, final };
}

/** The name keys of a receivable's payer, as stored: both words, the first, the last. */
export function nameKeyStrings(tokens: readonly string[]): { keys: string[]; firstLast: string | null } {
  const { first, last } = nameKeys(tokens);
  const keys: string[] = [];
  if (first && last) keys.push(`c${first}|${last}`);
  if (first) keys.push(`f${first}`);
  if (last) keys.push(`l${last}`);
  return { keys, firstLast: first && last ? `${first}|${last}` : null };
}

/** Postings of one amount and one name key. */
export function named(m: Map<number, Map<string, PRec[]>>, amount: number, key: string): PRec[] | undefined {
  return m.get(amount)?.get(key);
}

const push = <K, V>(m: Map<K, V[]>, k: K, v: V) => {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
};

export const cardBucketKey = (c: CardDescriptor, day: number) =>
  `${c.acquirer}|${c.flag}|${c.credit ? 'c' : 'd'}|${day}`;

export function buildIndexes(recs: PRec[], reach: { early: number; late: number }): Indexes {
  const idx: Indexes = {
    byAmount: new Map(),
    byAmountName: new Map(),
    byFirstLast: new Map(),
    byAmountType: new Map(),
    byMember: new Map(),
    byKey: new Map(),
    cardBuckets: new Map(),
    recvByAmount: new Map(),
    recvByAmountName: new Map(),
    boletos: [],
    amounts: [],
    maxEarly: reach.early,
    maxLate: reach.late,
  };
  const amounts = new Set<number>();
  const pushNamed = (m: Map<number, Map<string, PRec[]>>, amount: number, p: PRec) => {
    let inner = m.get(amount);
    if (!inner) m.set(amount, (inner = new Map<string, PRec[]>()));
    for (const k of p.nameKeys) push(inner, k, p);
  };
  // Filled in date order, so every posting list comes out sorted without sorting each one.
  const byDue = [...recs].sort((a, b) => a.due - b.due || a.r.id - b.r.id);
  for (const p of byDue) {
    if (p.card && !Number.isNaN(p.due))
      push(idx.cardBuckets, cardBucketKey(p.card, onOrNextBusinessDay(p.due)), p);
    if (!p.open) continue;
    if (p.r.authorization || p.r.nsu || p.r.tid || p.r.boletoNumber) {
      for (const k of [p.r.authorization, p.r.nsu, p.r.tid, p.r.boletoNumber].flatMap(normalizeKey))
        push(idx.byKey, k, p);
    }
    if (p.r.memberId !== null) push(idx.byMember, p.r.memberId, p);
    if (Number.isNaN(p.due)) continue;
    const a = p.r.amountCents;
    amounts.add(a);
    push(idx.byAmount, a, p);
    push(idx.byAmountType, amountTypeKey(a, p.r.paymentTypeId), p);
    pushNamed(idx.byAmountName, a, p);
    if (p.firstLast) push(idx.byFirstLast, p.firstLast, p);
    if (p.r.paymentTypeId === PAYMENT_TYPE.boleto) idx.boletos.push(p);
  }
  const received = recs
    .filter((p) => p.received && !p.card)
    .sort((a, b) => a.recvDay - b.recvDay || a.r.id - b.r.id);
  for (const p of received) {
    const paid = p.r.amountPaidCents ?? p.r.amountCents;
    push(idx.recvByAmount, paid, p);
    pushNamed(idx.recvByAmountName, paid, p);
  }
  idx.amounts = [...amounts].sort((a, b) => a - b);
  return idx;
}

function lowerBound(list: Postings, due: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.due < due) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The receivables of `list` whose due date lets a credit on `day` be theirs (widest window of any type). */
export function inWindow(list: Postings | undefined, day: number, idx: Indexes): Postings {
  if (!list) return [];
  const from = lowerBound(list, day - idx.maxLate);
  const to = lowerBound(list, day + idx.maxEarly + 1);
  return from >= to ? [] : list.slice(from, to);
}

/** Calls `fn` for each receivable of `list` in the window, without copying it. */
export function forWindow(
  list: Postings | undefined,
  day: number,
  idx: Indexes,
  fn: (p: PRec) => void,
): void {
  if (!list) return;
  const to = lowerBound(list, day + idx.maxEarly + 1);
  for (let k = lowerBound(list, day - idx.maxLate); k < to; k++) fn(list[k]!);
}

export function countInWindow(list: Postings | undefined, day: number, idx: Indexes): number {
  if (!list) return 0;
  return Math.max(0, lowerBound(list, day + idx.maxEarly + 1) - lowerBound(list, day - idx.maxLate));
}

/** Distinct open amounts in [lo, hi]. */
export function amountsBetween(idx: Indexes, lo: number, hi: number): number[] {
  const out: number[] = [];
  const a = idx.amounts;
  let l = 0;
  let h = a.length;
  while (l < h) {
    const mid = (l + h) >> 1;
    if (a[mid]! < lo) l = mid + 1;
    else h = mid;
  }
  for (let k = l; k < a.length && a[k]! <= hi; k++) out.push(a[k]!);
  return out;
}

/**
 * How long after (or before) the bank credit a clerk marks a receivable received: the same day when they
 * reconcile daily, up to about a week when weekly; a little before when they trust a boleto's payment.
 */
export const RECEIVED_BEFORE = 3;
export const RECEIVED_AFTER = 10;

/** The first index of `list` (sorted by receiving day) received on `day` or later. */
function recvBound(list: PRec[], day: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.recvDay < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Received receivables of `list` marked received around `day`. */
export function receivedAround(list: PRec[] | undefined, day: number): PRec[] {
  if (!list) return [];
  return list.slice(recvBound(list, day - RECEIVED_BEFORE), recvBound(list, day + RECEIVED_AFTER + 1));
}

/** Calls `fn` for each receivable receivedAround would give, without copying them. */
export function forReceivedAround(list: PRec[] | undefined, day: number, fn: (p: PRec) => void): void {
  if (!list) return;
  const to = recvBound(list, day + RECEIVED_AFTER + 1);
  for (let k = recvBound(list, day - RECEIVED_BEFORE); k < to; k++) fn(list[k]!);
}

/** How many receivedAround would give, without the array (a nameless line's tie is only counted). */
export function countReceivedAround(list: PRec[] | undefined, day: number): number {
  if (!list) return 0;
  return recvBound(list, day + RECEIVED_AFTER + 1) - recvBound(list, day - RECEIVED_BEFORE);
}
