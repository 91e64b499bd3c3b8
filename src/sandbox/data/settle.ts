import { PAYMENT_TYPE } from '../../shared/constants';
import {
  addBusinessDays,
  addDays,
  diffDays,
  firstOfMonth,
  localDateTime,
  onOrNextBusinessDay,
} from '../dates';
import type { Rng } from '../prng';
import { ANTICIPATION_MONTHLY_PERCENT, debitLag, dueLag, type CardStyle } from './card-styles';
import { mdrBasisPoints, STATUS, type StatusId } from './catalog';
import type { Draft } from './drafts';
import type { HiddenPayment, PaymentChannel } from './model';
import { randomGivenName } from './names';

export interface SettleContext {
  today: string;
  lastReconciled: string;
  primaryAccountId: number;
  cardsAccountId: number;
  /** The account this member's Pix goes to (some members saved the digital bank's key). */
  pixAccountId: number;
  /** How acquirers settle card sales (card-styles.ts); absent: classic. */
  cards?: CardStyle;
}

/** What happened to a draft: the API-visible outcome plus the hidden payment. */
export interface Outcome {
  status: StatusId;
  payment: HiddenPayment | null;
  dueDate: string;
  originalDueDate: string;
  receivingDate: string | null;
  cancellationDate: string | null;
  cancellationDescription: string | null;
  bankAccountId: number | null;
  ammountPaidCents: number | null;
  feesCents: number | null;
  conciliated: boolean;
  updateDate: string;
  chargeAttemptsCount: number;
  lastAcquirerDeclineReason: string | null;
}

const DECLINES = [
  'Saldo insuficiente',
  'Cartão vencido',
  'Transação não autorizada pelo emissor',
  'Cartão bloqueado',
];
const CANCEL_REASONS = [
  'Cancelado a pedido do cliente',
  'Lançamento em duplicidade',
  'Desconto concedido pela gerência',
];

/** Late boleto: 2% fine plus 1% a month of interest, pro rata per day. */
function lateBoletoCents(face: number, daysLate: number): number {
  if (daysLate <= 0) return face;
  return face + Math.round(face * 0.02) + Math.round((face * 0.01 * daysLate) / 30);
}

function yesterdayLate(today: string): string {
  return localDateTime(addDays(today, -1), 23 * 60 + 50);
}

/**
 * Decides a draft's fate. Card charges are approved or declined on chargeDate and credited on the due
 * date; other types are paid early, on time, late or never. A payment is "received" in the gym system
 * only when the clerk reconciled it (credit on or before lastReconciled, minus a few forgotten ones);
 * everything paid after that is the hidden work this app exists for.
 */
export function settle(rng: Rng, d: Draft, ctx: SettleContext): Outcome {
  const { today } = ctx;
  const m = d.member;
  const notAfterYesterday = (dt: string) => (dt < `${today}T00:00:00` ? dt : yesterdayLate(today));
  const base: Outcome = {
    status: d.dueDate < today ? STATUS.overdue : STATUS.open,
    payment: null,
    dueDate: d.dueDate,
    originalDueDate: d.dueDate,
    receivingDate: null,
    cancellationDate: null,
    cancellationDescription: null,
    bankAccountId: null,
    ammountPaidCents: null,
    feesCents: null,
    conciliated: false,
    updateDate: notAfterYesterday(localDateTime(d.registrationDate, rng.int(120, 200))),
    chargeAttemptsCount: 0,
    lastAcquirerDeclineReason: null,
  };
  const markOverdue = (o: Outcome): Outcome =>
    o.status === STATUS.overdue
      ? { ...o, updateDate: notAfterYesterday(localDateTime(addDays(o.dueDate, 1), rng.int(60, 90))) }
      : o;

  if (d.registrationDate < today && rng.chance(0.03)) {
    let day = addDays(d.dueDate, -rng.int(0, 10));
    if (day >= today) day = addDays(today, -1);
    if (day < d.registrationDate) day = d.registrationDate;
    const cancellationDate = localDateTime(day, rng.int(8 * 60, 20 * 60));
    return {
      ...base,
      status: STATUS.cancelled,
      cancellationDate,
      cancellationDescription: rng.pick(CANCEL_REASONS),
      updateDate: cancellationDate,
    };
  }

  const card = d.paymentType === 2 || d.paymentType === 3;
  let paidDate: string;
  let creditDate: string;
  let channel: PaymentChannel;
  let amountCents = d.amountCents;
  let feeCents = 0;
  let payerText = m.payerName;
  let accountId = ctx.primaryAccountId;

  if (card) {
    // Without a chargeDate (`charge-lag`), an installment was charged at the sale, a single payment on its due date.
    const charge = d.chargeDate ?? (d.totalInstallments > 1 ? d.saleDate : d.dueDate);
    if (charge > today) return base;
    // Installments of an annual plan were approved at the sale; only monthly recurring charges can fail.
    if (d.totalInstallments === 1 && rng.chance(m.badPayer ? 0.3 : 0.04)) {
      return markOverdue({
        ...base,
        chargeAttemptsCount: rng.int(1, 4),
        lastAcquirerDeclineReason: rng.pick(DECLINES),
      });
    }
    paidDate = charge;
    creditDate = onOrNextBusinessDay(d.dueDate);
    channel = d.paymentType === 2 ? 'credit-card' : 'debit-card';
    const bp = mdrBasisPoints(
      m.cardAcquirer ?? '',
      m.cardFlag ?? '',
      d.paymentType === 2,
      d.totalInstallments,
    );
    feeCents = Math.round((amountCents * bp) / 10000);
    const style = ctx.cards;
    // The member's date: the acquirer pays D+1/D+2 (debit) or D+30 per installment (credit) after the charge.
    if (style?.dueDate === 'member')
      creditDate =
        d.paymentType === 3
          ? addBusinessDays(charge, debitLag(m.cardAcquirer))
          : onOrNextBusinessDay(addDays(charge, 30 * d.currentInstallment));
    // `charge-lag`: a fixed number of business days after the due date, per acquirer and product; a credit sale
    // paid at once is anticipated (the discount for the days before charge + 30).
    if (style?.dueDate === 'charge-lag') {
      const lag = dueLag(m.cardAcquirer, d.paymentType === 2);
      creditDate = lag === 0 ? onOrNextBusinessDay(d.dueDate) : addBusinessDays(d.dueDate, lag);
      if (d.paymentType === 2 && d.totalInstallments === 1) {
        const early = diffDays(creditDate, onOrNextBusinessDay(addDays(charge, 30)));
        if (early > 0) feeCents += Math.round((amountCents * ANTICIPATION_MONTHLY_PERCENT * early) / 3000);
      }
    }
    if (style?.anticipation && d.paymentType === 2 && d.totalInstallments === 1) {
      const due = onOrNextBusinessDay(addDays(charge, 30));
      creditDate = addBusinessDays(charge, 1);
      const early = diffDays(creditDate, due);
      feeCents += Math.round((amountCents * ANTICIPATION_MONTHLY_PERCENT * early) / 3000);
    }
    accountId = ctx.cardsAccountId;
  } else {
    if (rng.chance(m.badPayer ? 0.45 : 0.04)) {
      // Some unpaid boletos were re-issued with a later due date; debtors' daysLate still counts from the first.
      if (d.paymentType !== PAYMENT_TYPE.boleto || d.dueDate >= today || !rng.chance(0.2))
        return markOverdue(base);
      const dueDate = addDays(d.dueDate, rng.int(7, 15));
      return markOverdue({ ...base, dueDate, status: dueDate < today ? STATUS.overdue : STATUS.open });
    }
    const offset = rng.weighted<number>([
      [-rng.int(1, 5), 25],
      [0, 35],
      [rng.int(1, m.badPayer ? 25 : 8), 40],
    ]);
    paidDate = addDays(d.dueDate, offset);
    if (paidDate < d.registrationDate) paidDate = d.registrationDate;
    if (paidDate > today) return markOverdue(base);
    const type = d.paymentType === 5 && rng.chance(0.07) ? 18 : d.paymentType;
    if (type === 1) {
      // Cash is counted at the front desk and recorded at once: it never reaches a statement.
      const receivingDate = localDateTime(paidDate, rng.int(7 * 60, 21 * 60));
      return {
        ...base,
        status: STATUS.received,
        receivingDate,
        ammountPaidCents: amountCents,
        updateDate: notAfterYesterday(receivingDate),
      };
    }
    if (type === 18) {
      channel = 'pix';
      creditDate = paidDate;
      accountId = ctx.pixAccountId;
      if (rng.chance(0.06) && m.payerKind === 'self')
        payerText = `${randomGivenName(rng, rng.chance(0.5))} ${m.lastName}`;
      if (rng.chance(0.015)) amountCents = Math.ceil(amountCents / 100) * 100;
      else if (rng.chance(0.005)) amountCents = Math.round(amountCents / 2);
    } else if (type === 5) {
      channel = 'boleto';
      amountCents = lateBoletoCents(amountCents, diffDays(d.dueDate, paidDate));
      creditDate = addBusinessDays(paidDate, rng.int(1, 3));
    } else {
      channel = type === 13 ? 'ted' : 'deposit';
      paidDate = onOrNextBusinessDay(paidDate);
      if (paidDate > today) return markOverdue(base);
      creditDate = paidDate;
    }
  }

  const payment: HiddenPayment = {
    paidDate,
    creditDate,
    bankAccountId: accountId,
    channel,
    payerText,
    payerCpf: m.payerCpf,
    amountCents,
    feeCents,
  };
  const reconciled = creditDate <= ctx.lastReconciled && !rng.chance(0.03);
  const recordedFee = card && ctx.cards?.feesRecorded !== false ? feeCents : null;
  if (!reconciled) return markOverdue({ ...base, payment, feesCents: recordedFee });
  const receivingDate = localDateTime(creditDate, rng.int(9 * 60, 18 * 60));
  return {
    ...base,
    status: STATUS.received,
    payment,
    receivingDate,
    bankAccountId: accountId,
    ammountPaidCents: amountCents,
    feesCents: recordedFee,
    conciliated: true,
    updateDate: notAfterYesterday(receivingDate),
  };
}

/** First day of the month the charge pays for: the charge month, or the installment's own month. */
export function competenceOf(d: Draft): string {
  const service =
    d.totalInstallments > 1
      ? addDays(d.dueDate, -30)
      : d.paymentType === 2 || d.paymentType === 3
        ? (d.chargeDate ?? d.dueDate)
        : d.dueDate;
  return localDateTime(firstOfMonth(service), 0);
}
