/**
 * The score of one receivable (or one set) for one line: additive points, each part with its reason, so
 * the number the clerk sees is explained word by word. Out of 100:
 *   identity 35 (an exact key, a learned alias, or the payer's name; for card deposits the acquirer,
 *                brand and product)
 *   amount   35 (equal; less when it only fits with late charges, rounding, or a fee)
 *   date     20 (credited inside the payment type's usual lag; less the earlier or later it is)
 *   type     10 (the line's own words agree with the receivable's payment type; 5 when they say nothing)
 * A line without a payer's name therefore tops out at 65 (yellow): amount and date alone prove nothing.
 */
import type { PLine, PRec } from './prepare';
import { isCardType } from './prepare';
import type { MatchSettings, Reason } from './types';
import type { Channel } from './text';

export const PTS = {
  identity: 35,
  amountEqual: 35,
  amountCharges: 28,
  amountRounded: 20,
  amountSum: 30,
  amountNetExact: 35,
  amountFeeTolerance: 25,
  date: 20,
  typeConsistent: 10,
  typeUnknown: 5,
  surname: 8,
} as const;

/** Date points one day outside the usual lag. */
const OFF_BAND = 14;

export interface Part {
  pts: number;
  reason: Reason | null;
}

/**
 * Date points of a credit on `day` for receivable `p`, or -1 outside its plausible window. Numbers only:
 * this runs for every candidate, the reason is built for the survivors (dateFit).
 */
export function datePoints(day: number, p: PRec): number {
  if (Number.isNaN(p.due)) return -1;
  // Payments bunch on the due date, so inside the usual lag is clearly better than a day off (by more
  // than the tie margin); outside it the points fall linearly to nothing at the edge of the window. A month
  // late is possible (bad payers), but then amount and name must carry the proposal, and it is not green.
  if (day < p.bandStart) {
    const off = p.bandStart - day;
    return off > p.early ? -1 : Math.round(OFF_BAND * (1 - (off - 1) / p.early));
  }
  if (day > p.bandEnd) {
    const off = day - p.bandEnd;
    return off > p.late ? -1 : Math.round(OFF_BAND * (1 - (off - 1) / p.late));
  }
  return PTS.date;
}

/** Date fit with its reason; null when outside the window. */
export function dateFit(day: number, p: PRec): Part | null {
  const pts = datePoints(day, p);
  if (pts < 0) return null;
  return {
    pts,
    reason: {
      code: 'lag',
      params: {
        days: day - p.due,
        paymentType: p.r.paymentTypeId ?? 0,
        expected: p.lagMin === p.lagMax ? String(p.lagMin) : `${p.lagMin}–${p.lagMax}`,
        business: p.business ? 1 : 0,
        relation: day < p.bandStart ? 'early' : day > p.bandEnd ? 'late' : 'on_time',
      },
    },
  };
}

export type AmountKind = 'equal' | 'charges' | 'rounded';
const KINDS: (AmountKind | null)[] = [null, 'equal', 'charges', 'rounded'];

/** 0 none, 1 equal, 2 face plus late charges (boleto), 3 rounded up to whole reais (Pix). */
export function amountCode(amount: number, day: number, p: PRec, s: MatchSettings): number {
  const face = p.r.amountCents;
  if (amount === face) return 1;
  if (amount < face) return 0;
  const extra = amount - face;
  const t = p.r.paymentTypeId;
  if ((t === 5 || t === null) && day > p.due) {
    const months = Math.max(1, day - p.due) / 30;
    const min = Math.floor((face * s.lateCharges.finePercent) / 100) - 1;
    const max =
      Math.ceil((face * (s.lateCharges.finePercent + s.lateCharges.monthlyInterestPercent * months)) / 100) +
      1;
    if (extra >= min && extra <= max) return 2;
  }
  return amount % 100 === 0 && extra < 100 ? 3 : 0;
}

/** How a line amount pays a single receivable, with its reason; null when it does not. */
export function amountFit(
  amount: number,
  day: number,
  p: PRec,
  s: MatchSettings,
): (Part & { kind: AmountKind }) | null {
  const kind = KINDS[amountCode(amount, day, p, s)] ?? null;
  const extraCents = amount - p.r.amountCents;
  if (kind === 'equal') return { kind, pts: PTS.amountEqual, reason: { code: 'amount_equal' } };
  if (kind === 'charges')
    return { kind, pts: PTS.amountCharges, reason: { code: 'amount_with_charges', params: { extraCents } } };
  if (kind === 'rounded')
    return { kind, pts: PTS.amountRounded, reason: { code: 'amount_rounded', params: { extraCents } } };
  return null;
}

/** Payment types each channel normally carries. */
export const CONSISTENT_TYPES: Record<Channel, readonly number[]> = {
  pix: [18],
  ted: [13],
  boleto: [5],
  deposit: [7],
  card: [2, 3, 12],
  unknown: [],
};

/**
 * Whether the line's words fit the receivable's payment type. Card receivables are paid only through the
 * acquirer's deposits and those never pay anything else: a hard no (null). A boleto paid by Pix does
 * happen, so other disagreements only cost points.
 */
export function typePoints(channel: Channel, p: PRec): number {
  const t = p.r.paymentTypeId;
  if ((channel === 'card') !== isCardType(t)) return -1;
  if (channel === 'unknown' || t === null) return PTS.typeUnknown;
  return CONSISTENT_TYPES[channel].includes(t) ? PTS.typeConsistent : 0;
}

export function typeFit(channel: Channel, p: PRec): Part | null {
  const pts = typePoints(channel, p);
  const t = p.r.paymentTypeId;
  if (pts < 0) return null;
  if (pts === PTS.typeUnknown || t === null) return { pts, reason: null };
  return {
    pts,
    reason: { code: pts ? 'type_consistent' : 'type_mismatch', params: { paymentType: t, channel } },
  };
}

/** Name points: nothing below the minimum; full marks from 95% similar; linear in between. */
export function namePoints(similarity: number): number {
  return Math.round(PTS.identity * Math.min(1, Math.max(0, (similarity - 0.5) / 0.45)));
}

export interface Option {
  recs: PRec[];
  score: number;
  /** Some part is too weak for green whatever the total (see optionOf). */
  capped?: boolean;
  reasons: Reason[];
  /** Only for sets whose split is not the whole line to one receivable. */
  items?: { receivableId: number; amountCents: number }[];
}

export const clampScore = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

/** Below these, one part alone keeps a proposal out of green, however strong the rest. */
const GREEN_MIN_NAME_PERCENT = 85;
const GREEN_MIN_DATE = 10;

/**
 * Sum of parts into an option; identity first, so the reasons read from strongest to weakest. Green means
 * "approve without looking", so every part must hold: a name only roughly alike, a credit weeks away from
 * the due date, or a channel contradicting the payment type each cap the option at yellow.
 */
export function optionOf(recs: PRec[], parts: (Part | null)[]): Option {
  let score = 0;
  let capped = false;
  const reasons: Reason[] = [];
  for (const p of parts) {
    if (!p) continue;
    score += p.pts;
    const r = p.reason;
    if (!r) continue;
    reasons.push(r);
    if (
      r.code === 'type_mismatch' ||
      r.code === 'surname' ||
      (r.code === 'lag' && p.pts < GREEN_MIN_DATE) ||
      (r.code === 'name_similarity' && Number(r.params?.percent) < GREEN_MIN_NAME_PERCENT)
    ) {
      capped = true;
    }
  }
  return { recs, score: clampScore(score), capped, reasons };
}

/** Whether a single receivable can pay a line at all (type, date window, amount); no allocation. */
export function singleOk(l: PLine, p: PRec, s: MatchSettings): boolean {
  return (
    typePoints(l.channel, p) >= 0 && datePoints(l.day, p) >= 0 && amountCode(l.amount, l.day, p, s) !== 0
  );
}

/** The usual parts of a single receivable for a line: amount, date, type; null when any rules it out. */
export function singleParts(l: PLine, p: PRec, s: MatchSettings) {
  if (!singleOk(l, p, s)) return null;
  return {
    amount: amountFit(l.amount, l.day, p, s)!,
    date: dateFit(l.day, p)!,
    type: typeFit(l.channel, p)!,
  };
}

/** Whether receivedParts gives parts (the type fits, the same amount paid); no allocation. */
export function receivedOk(l: PLine, p: PRec): boolean {
  return typePoints(l.channel, p) >= 0 && (p.r.amountPaidCents ?? p.r.amountCents) === l.amount;
}

/**
 * A received receivable as the explanation of a line: paid this exact amount, marked received around the
 * line's date, by a payer of the same name. Scored on the same scale as open candidates so the two compete.
 */
export function receivedParts(l: PLine, p: PRec): { amount: Part; date: Part; type: Part } | null {
  const type = typeFit(l.channel, p);
  if (!type || (p.r.amountPaidCents ?? p.r.amountCents) !== l.amount) return null;
  const d = p.recvDay - l.day;
  // The clerk marks a payment received with the date the statement shows: that day is the expected credit
  // day, and a day or a few off scores like any credit outside its usual lag (OFF_BAND).
  const pts =
    d === 0 ? PTS.date : Math.abs(d) <= 3 ? OFF_BAND : d > 3 ? OFF_BAND - Math.round(1.5 * (d - 3)) : 8;
  return { amount: { pts: PTS.amountEqual, reason: null }, date: { pts, reason: null }, type };
}
