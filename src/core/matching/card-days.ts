/**
 * When the money of a card sale can reach the bank ([J] item 1). Acquirers pay a product-dependent number of
 * business days after the sale / charge day, and the gym system's `dueDate` is either that forecast credit
 * day or the member's own due date. The engine does not know which convention a branch (or an acquirer)
 * follows, so each card receivable gets one expected day per *settlement model*, and the card pass lets the
 * statement itself say which models its deposits follow (card-deposits.ts):
 * - `forecast`: `dueDate` is the forecast credit day (the next business day when it falls on a weekend/holiday);
 * - `d1` / `d2`: debit, 1 or 2 business days after the charge day;
 * - `c30`: credit, 30 calendar days after the charge per installment (installment k: 30·k), rolled forward;
 * - `a1` / `a2`: credit with automatic anticipation, 1 or 2 business days after the charge (single payments;
 *   installments keep their monthly day under these models).
 * The charge day is `chargeDate`, else `saleDate` for a sale paid at once (a recurring charge's `saleDate` is
 * the contract's), else `dueDate` (then the due date *is* the member's day the card was charged).
 *
 * The date anchor ([S] item 5). The lag models above count from the charge day, and a `saleDate` near the due
 * date is taken for it; but a branch may carry the plan's sale there (a month before the monthly charge) with
 * `chargeDate` empty, the money then arriving some business days after `dueDate`. The *due-anchored* models
 * `due1` / `due2` / `due3` (1–3 business days after `dueDate`, every product, installments too; `forecast` is
 * the lag 0) cover that. They are not part of `cardDays` (the index every card deposit searches): the card
 * pass tries them only when the statement's own deposits show them (card-deposits.ts, *the date anchor*).
 */
import { dayNumber, onOrNextBusinessDay } from './calendar';
import type { CardProduct, MatchReceivable } from './types';

export type CardModel = 'forecast' | 'd1' | 'd2' | 'c30' | 'a1' | 'a2' | 'due1' | 'due2' | 'due3';
export const DEBIT_MODELS: readonly CardModel[] = ['forecast', 'd1', 'd2'];
export const CREDIT_MODELS: readonly CardModel[] = ['forecast', 'c30', 'a1', 'a2'];
/** Due-anchored lags (business days after `dueDate`), for debit and credit alike: tried on evidence only. */
export const DUE_MODELS: readonly CardModel[] = ['due1', 'due2', 'due3'];
export const isDueModel = (m: CardModel) => m === 'due1' || m === 'due2' || m === 'due3';

export interface CardDay {
  day: number;
  model: CardModel;
}

/**
 * The product a fee band and a learned fee apply to: anticipation is its own (it adds a discount). A credit
 * sale read under a due-anchored model keeps the credit band (0–6 % by default): the wider anticipated band
 * lets more sets of a consolidated day fit, and an MDR plus a month's discount is *assumed* to stay under 6 %
 * (docs/card-deposits.md).
 */
export function productOf(credit: boolean, model: CardModel): CardProduct {
  if (!credit) return 'debit';
  return model === 'a1' || model === 'a2' ? 'anticipated' : 'credit';
}

const validDay = (d: string | null | undefined) => (d ? dayNumber(d.slice(0, 10)) : Number.NaN);

/** The charge day of a card receivable (see above); NaN when nothing dates it. */
export function chargeDay(r: MatchReceivable, due: number): number {
  const charge = validDay(r.chargeDate);
  if (!Number.isNaN(charge)) return charge;
  const sale = validDay(r.saleDate);
  const single = (r.totalInstallments ?? 1) <= 1;
  // A sale's day dates a single payment only when it is close to the due date (not a contract's start).
  if (single && !Number.isNaN(sale) && (Number.isNaN(due) || (sale <= due && due - sale <= 40))) return sale;
  return due;
}

/** The n-th business day after `day` (a Saturday sale paid D+1 is credited on Monday). */
export function businessAfter(day: number, n: number): number {
  let d = day;
  for (let i = 0; i < n; i++) d = onOrNextBusinessDay(d + 1);
  return d;
}

/** Every (day, model) a card receivable's money may arrive on. */
export function cardDays(
  r: MatchReceivable,
  due: number,
  credit: boolean,
  business: (day: number, n: number) => number = businessAfter,
): CardDay[] {
  const out: CardDay[] = [];
  if (!Number.isNaN(due)) out.push({ day: onOrNextBusinessDay(due), model: 'forecast' });
  const c = chargeDay(r, due);
  if (Number.isNaN(c)) return out;
  if (!credit) {
    out.push({ day: business(c, 1), model: 'd1' }, { day: business(c, 2), model: 'd2' });
    return out;
  }
  const k = Math.max(1, r.currentInstallment ?? 1);
  const monthly = onOrNextBusinessDay(c + 30 * k);
  out.push({ day: monthly, model: 'c30' });
  // Automatic anticipation pays sales made at once early; installments keep arriving monthly, so under the
  // anticipation models an installment is expected on its monthly day (the deposits mix both).
  if ((r.totalInstallments ?? 1) <= 1)
    out.push({ day: business(c, 1), model: 'a1' }, { day: business(c, 2), model: 'a2' });
  else out.push({ day: monthly, model: 'a1' }, { day: monthly, model: 'a2' });
  return out;
}

/** The due-anchored days of a card receivable (`due1`–`due3`); none without a due date. */
export function dueDays(
  due: number,
  business: (day: number, n: number) => number = businessAfter,
): CardDay[] {
  if (Number.isNaN(due)) return [];
  return [
    { day: business(due, 1), model: 'due1' },
    { day: business(due, 2), model: 'due2' },
    { day: business(due, 3), model: 'due3' },
  ];
}

/** The day a model expects a receivable's money (for the `late` of a reason); NaN when it has none. */
export function expectedDay(cardDaysOf: readonly CardDay[] | null, due: number, model: CardModel): number {
  if (isDueModel(model)) return dueDays(due).find((d) => d.model === model)?.day ?? Number.NaN;
  return cardDaysOf?.find((d) => d.model === model)?.day ?? Number.NaN;
}
