/**
 * Lines and receivables with everything the inner loops need computed once: day numbers, the settlement
 * band of each receivable's payment type, folded name tokens, card descriptors.
 */
import { ACCOUNT_STATUS, PAYMENT_TYPE } from '../../shared/constants';
import { addBusinessDays, dayNumber } from './calendar';
import { cardDays, type CardDay } from './card-days';
import { lineCard, type LineCard } from './card-text';
import { buildIndexes, nameKeyStrings, RECEIVED_AFTER, RECEIVED_BEFORE, type Indexes } from './indexes';
import { lagFor } from './settings';
import {
  boletoLumpCount,
  channelOf,
  foldText,
  hasName,
  keyTokens,
  nameTokens,
  normalizeAcquirer,
  normalizeFlag,
  payerTokens,
  type CardDescriptor,
  type Channel,
} from './text';
import type { MatchInput, MatchLine, MatchReceivable } from './types';

export type { Indexes } from './indexes';
export {
  amountTypeKey,
  amountsBetween,
  cardBucketKey,
  countInWindow,
  countReceivedAround,
  forReceivedAround,
  forWindow,
  inWindow,
  named,
  nameKeys,
  receivedAround,
} from './indexes';

const CARD_TYPES = new Set([2, 3, 12]);
export const isCardType = (t: number | null) => t !== null && CARD_TYPES.has(t);

/** A receivable with everything the inner loops need precomputed once. */
export interface PRec {
  i: number;
  r: MatchReceivable;
  /** Open (1) or overdue (4): the only ones ever proposed. */
  open: boolean;
  /** Received into this statement's account: may explain a line as already reconciled. */
  received: boolean;
  recvDay: number;
  due: number;
  /** The window of line dates counted as "on time" for this receivable's payment type. */
  bandStart: number;
  bandEnd: number;
  early: number;
  late: number;
  /** The payment type's expected lag, for the reasons. */
  lagMin: number;
  lagMax: number;
  business: boolean;
  tokens: string[];
  /** Index keys of the payer's name (indexes.ts), shared by the payer's receivables. */
  nameKeys: string[];
  firstLast: string | null;
  /** Who pays: member id, or the folded name for a company. */
  payer: string;
  card: CardDescriptor | null;
  /** Card receivables: every day (and settlement model) its money may reach the bank (card-days.ts). */
  cardDays: CardDay[] | null;
}

export interface PLine {
  i: number;
  line: MatchLine;
  day: number;
  amount: number;
  folded: string;
  tokens: string[];
  named: boolean;
  payerKey: string;
  channel: Channel;
  /** A card deposit: the acquirer ('' when the text names none), brand ('' likewise) and product (null: unsaid). */
  card: LineCard | null;
  /** Aggregated boleto credit: the count it states (0 = unknown); null for anything else. */
  boletoLump: number | null;
  keys: string[];
}

export interface Prepared {
  lines: PLine[];
  recs: PRec[];
  idx: Indexes;
}

/** Memo tables: a branch has a few hundred distinct dates and names per thousand receivables. */
class Memo {
  readonly days = new Map<string, number>();
  readonly names = new Map<string, { tokens: string[]; keys: string[]; firstLast: string | null }>();
  readonly cards = new Map<string, string | null>();
  readonly bdays = new Map<number, number>();
  business(day: number, n: number): number {
    const key = day * 16 + n;
    let d = this.bdays.get(key);
    if (d === undefined) {
      d = addBusinessDays(day, n);
      this.bdays.set(key, d);
    }
    return d;
  }
  day(date: string | null | undefined): number {
    if (!date) return Number.NaN;
    let d = this.days.get(date);
    if (d === undefined) {
      d = dayNumber(date);
      this.days.set(date, d);
    }
    return d;
  }
  name(name: string) {
    let t = this.names.get(name);
    if (!t) {
      const tokens = nameTokens(name);
      t = { tokens, ...nameKeyStrings(tokens) };
      this.names.set(name, t);
    }
    return t;
  }
  norm(kind: 'a' | 'f', s: string | null): string | null {
    if (s === null) return null;
    const key = kind + s;
    let v = this.cards.get(key);
    if (v === undefined) {
      v = kind === 'a' ? normalizeAcquirer(s) : normalizeFlag(s);
      this.cards.set(key, v);
    }
    return v;
  }
}

function prepareRec(
  r: MatchReceivable,
  i: number,
  input: MatchInput,
  memo: Memo,
  due: number,
  recvDay: number,
): PRec {
  const lag = lagFor(input.settings, r.paymentTypeId);
  let bandStart = due;
  let bandEnd = due;
  if (!Number.isNaN(due)) {
    bandStart = lag.business ? (lag.min === 0 ? due : memo.business(due, lag.min)) : due + lag.min;
    bandEnd = lag.business ? memo.business(due, lag.max) : due + lag.max;
  }
  const { tokens, keys, firstLast } = memo.name(r.payerName ?? '');
  const acquirer = isCardType(r.paymentTypeId) ? memo.norm('a', r.cardAcquirer) : null;
  const credit = r.paymentTypeId !== PAYMENT_TYPE.debit_card;
  return {
    i,
    r,
    open: r.statusId === ACCOUNT_STATUS.open || r.statusId === ACCOUNT_STATUS.overdue,
    // Received into this statement's account (unknown account: any bank account, never the front desk).
    received:
      r.statusId === ACCOUNT_STATUS.received &&
      !Number.isNaN(recvDay) &&
      (r.bankAccountId ?? null) !== null &&
      (input.bankAccountId == null || r.bankAccountId === input.bankAccountId),
    recvDay,
    due,
    bandStart,
    bandEnd,
    early: lag.early,
    late: lag.late,
    lagMin: lag.min,
    lagMax: lag.max,
    business: lag.business,
    tokens,
    nameKeys: keys,
    firstLast,
    payer: r.memberId !== null ? `m${r.memberId}` : `n${tokens.join(' ')}`,
    card: acquirer ? { acquirer, flag: memo.norm('f', r.cardFlag) ?? '', credit } : null,
    cardDays: acquirer ? cardDays(r, due, credit) : null,
  };
}

function prepareLine(line: MatchLine, i: number, memo: Memo): PLine {
  const folded = foldText(line.description);
  const tokens = payerTokens(line.payerText ?? line.description);
  const card = lineCard(folded);
  const named = !card && hasName(tokens);
  return {
    i,
    line,
    day: memo.day(line.date),
    amount: line.amountCents,
    folded,
    tokens,
    named,
    payerKey: named ? tokens.join(' ') : '',
    channel: card ? 'card' : channelOf(folded),
    card,
    boletoLump: card ? null : boletoLumpCount(folded, tokens),
    keys: keyTokens(line.description),
  };
}

/** How far from the statement's dates a receivable can still matter (the widest window of any type). */
export function reach(input: MatchInput): { early: number; late: number } {
  let early = 0;
  let late = 0;
  for (const w of Object.values(input.settings.lag)) {
    early = Math.max(early, w.early + w.min);
    // Business-day lags span weekends and holidays: up to ~2 extra calendar days per 3 business days.
    late = Math.max(late, w.late + w.max + (w.business ? 4 : 0));
  }
  return { early, late };
}

export function prepare(input: MatchInput): Prepared {
  const memo = new Memo();
  const lines = input.lines
    .filter((l) => l.kind === 'credit' && l.amountCents > 0)
    .map((l, i) => prepareLine(l, i, memo));
  const { early, late } = reach(input);
  let first = Infinity;
  let last = -Infinity;
  for (const l of lines) {
    if (l.day < first) first = l.day;
    if (l.day > last) last = l.day;
  }
  // Receivables no line of this statement could reach are not even prepared: a cache holds months of
  // them, a statement covers weeks. (Generous margins: received dates, card credit days, weekends.)
  const recs: PRec[] = [];
  for (const r of input.receivables) {
    if (r.statusId === ACCOUNT_STATUS.cancelled) continue;
    const due = memo.day(r.dueDate);
    const recvDay = r.statusId === ACCOUNT_STATUS.received ? memo.day(r.receivingDate) : Number.NaN;
    const near =
      (due >= first - late && due <= last + early) ||
      (recvDay >= first - RECEIVED_BEFORE && recvDay <= last + RECEIVED_AFTER);
    const keyed = r.authorization || r.nsu || r.tid || r.boletoNumber;
    // A card sale may be credited a month after its due date, or paid early by anticipation (card-days.ts).
    const cardNear = !near && isCardType(r.paymentTypeId) && due >= first - 75 && due <= last + 45;
    if (!near && !cardNear && !(keyed && Number.isNaN(due))) continue;
    const p = prepareRec(r, recs.length, input, memo, due, recvDay);
    if (cardNear && !p.cardDays?.some((c) => c.day >= first - 5 && c.day <= last + 1)) continue;
    recs.push(p);
  }
  return { lines, recs, idx: buildIndexes(recs, { early, late }) };
}
