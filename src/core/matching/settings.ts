import type { LagWindow, MatchSettings } from '../../shared/contract/matching';

/**
 * Default settlement lags, from the receivable's due date to the bank credit, and why:
 * - Pix (18): instant and 24/7 (the Central Bank's SPI settles in seconds, weekends included): 0 days.
 * - Boleto (5): paid at any bank, then cleared between banks: credited 1 to 3 business days after payment.
 * - Transfer (13): a TED is credited the same business day (next one after the cut-off or on a weekend).
 * - Deposit (7): same business day, next one for envelopes and weekends.
 * - Credit (2) and debit (3) cards: the gym system dates a card receivable on the day the acquirer is
 *   expected to pay, so the deposit lands on that date, or the next business day when it falls on a
 *   weekend or holiday. (If a branch's system dates them at the sale, widen these to 30–31 and 1–2.)
 *   Cards are never paid early or late by the member, hence the narrow early/late allowance.
 * - Everything else (cash deposited, cheque): 0 to 2 business days.
 * Early/late: members pay up to a week before the due date (boletos arrive ~10 days ahead), and up to a
 * month after it; later than that, the next month's charge is the likelier match.
 */
const person = (min: number, max: number, business: boolean): LagWindow => ({
  min,
  max,
  business,
  early: 7,
  late: 30,
});
const card: LagWindow = { min: 0, max: 1, business: true, early: 1, late: 3 };

export const DEFAULT_MATCH_SETTINGS: MatchSettings = {
  // Green = safe to approve in bulk; yellow = look first; red = a weak lead, shown but never preselected.
  thresholds: { green: 85, yellow: 60, propose: 40 },
  tieMargin: 5,
  greenMargin: 15,
  minNamePercent: 60,
  lag: {
    '18': person(0, 0, false),
    '5': person(1, 3, true),
    '13': person(0, 1, true),
    '7': person(0, 1, true),
    '2': card,
    '3': card,
    '12': card,
    default: person(0, 2, true),
  },
  // Brazilian MDRs run from about 1% (debit) to 5% (credit in installments, Amex); 6% leaves room.
  // Per product ([J]): debit MDRs run ~0.8–2.5 %, credit ~1.5–5 %; anticipation adds ~1.5–2.5 % a month
  // for the days paid early (D+30 → D+1: about one month). Narrower bands leave fewer coincidences.
  cardFee: {
    minPercent: 0,
    maxPercent: 6,
    products: {
      debit: { minPercent: 0, maxPercent: 4 },
      credit: { minPercent: 0, maxPercent: 6 },
      anticipated: { minPercent: 0, maxPercent: 9 },
    },
  },
  // The legal maximum fine is 2% and interest 1% a month (Código de Defesa do Consumidor, art. 52 §1).
  lateCharges: { finePercent: 2, monthlyInterestPercent: 1 },
};

const FALLBACK = person(0, 2, true);

export function lagFor(settings: MatchSettings, paymentTypeId: number | null): LagWindow {
  return (
    (paymentTypeId === null ? undefined : settings.lag[paymentTypeId]) ?? settings.lag.default ?? FALLBACK
  );
}
