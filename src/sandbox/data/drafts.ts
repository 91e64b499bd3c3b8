import { addBusinessDays, addDays, addMonths } from '../dates';
import { alnum, digits, guid, type Rng } from '../prng';
import { EXTRA_CHARGES, PLANS } from './catalog';
import type { CardStyle } from './card-styles';
import type { LogTef, Member } from './model';

/** A charge before its fate (paid, late, cancelled...) is decided. All dates are plain `yyyy-mm-dd`. */
export interface Draft {
  member: Member;
  description: string;
  dueDate: string;
  /** Card: the day the card was charged. Boleto: the day it was issued. */
  chargeDate: string | null;
  saleDate: string;
  registrationDate: string;
  amountCents: number;
  paymentType: number;
  currentInstallment: number;
  totalInstallments: number;
  idSale: number;
  card: { authorization: string; nsu: string; tid: string; logTef: LogTef } | null;
  source: string;
  /** Order of creation inside the member, to break ties when ids are assigned. */
  seq: number;
}

export interface DraftContext {
  windowStart: string;
  windowEnd: string;
  today: string;
  nextSaleId: () => number;
  /** How acquirers settle (card-styles.ts): `member` dates a card receivable at the charge. */
  cards?: CardStyle;
}

function cardData(rng: Rng): NonNullable<Draft['card']> {
  const authorization = alnum(rng, 6);
  return {
    authorization,
    nsu: digits(rng, rng.int(6, 9)),
    tid: digits(rng, 20),
    logTef: { authorization, tefId: rng.int(100000, 999999), merchantCheckoutGuid: guid(rng) },
  };
}

const isCard = (paymentType: number) => paymentType === 2 || paymentType === 3;

/**
 * Card receivables are due when the acquirer is expected to pay (credit D+30, debit D+1 business day),
 * because that is when the money can appear on a statement; chargeDate keeps the day of the sale.
 */
function dueForCharge(paymentType: number, charge: string, style?: CardStyle): string {
  if (style?.dueDate === 'member' || style?.dueDate === 'charge-lag') return charge;
  return paymentType === 3 ? addBusinessDays(charge, 1) : addDays(charge, 30);
}

function monthLabel(date: string): string {
  return `${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

export function memberDrafts(rng: Rng, m: Member, ctx: DraftContext): Draft[] {
  const drafts: Draft[] = [];
  const plan = PLANS.find((p) => p.name === m.planName) ?? PLANS[0]!;
  const contractSale = ctx.nextSaleId();
  const endBefore = m.leftDate ?? '9999-12-31';
  const inWindow = (d: string) => d >= ctx.windowStart && d <= ctx.windowEnd;
  const registration = (due: string, daysBefore: number) => {
    const r = addDays(due, -daysBefore);
    const yesterday = addDays(ctx.today, -1);
    // Nothing in the data may be newer than yesterday night: "now" must stay after every updateDate.
    return r < m.joinDate ? m.joinDate : r > yesterday ? yesterday : r;
  };
  const push = (d: Omit<Draft, 'member' | 'seq'>) => drafts.push({ ...d, member: m, seq: drafts.length });
  // `charge-lag` (card-styles.ts): the gym system leaves a card's chargeDate empty.
  const noCharge = ctx.cards?.dueDate === 'charge-lag';

  const oneOff = (description: string, cents: number, date: string, source: string) => {
    const type = m.paymentType;
    push({
      description,
      dueDate: isCard(type) ? dueForCharge(type, date, ctx.cards) : date,
      chargeDate: isCard(type) ? (noCharge ? null : date) : type === 5 ? date : null,
      saleDate: date,
      registrationDate: date,
      amountCents: cents,
      paymentType: type,
      currentInstallment: 1,
      totalInstallments: 1,
      idSale: ctx.nextSaleId(),
      card: isCard(type) ? cardData(rng) : null,
      source,
    });
  };

  if (m.joinDate >= ctx.windowStart && m.joinDate < ctx.today) {
    oneOff('Taxa de matrícula', EXTRA_CHARGES[0]!.cents, m.joinDate, 'Balcão');
  }

  if (plan.annual) {
    for (let sale = m.joinDate; sale < ctx.today && sale < endBefore; sale = addMonths(sale, 12)) {
      const idSale = ctx.nextSaleId();
      const card = cardData(rng);
      for (let i = 1; i <= 12; i++) {
        // The member's date of installment i is the sale's day of month i (the first at the sale).
        const due = addDays(sale, ctx.cards?.dueDate === 'member' ? 30 * (i - 1) : 30 * i);
        if (!inWindow(due)) continue;
        push({
          description: `${plan.name} - parcela ${i}/12`,
          dueDate: due,
          chargeDate: noCharge ? null : sale,
          saleDate: sale,
          registrationDate: sale,
          amountCents: plan.monthlyCents,
          paymentType: 2,
          currentInstallment: i,
          totalInstallments: 12,
          idSale,
          card,
          source: 'Balcão',
        });
      }
    }
    return drafts;
  }

  // Monthly plans: one charge per month on the member's anniversary day, within the window.
  const monthIndex = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  const kStart = Math.max(0, monthIndex(ctx.windowStart) - monthIndex(m.joinDate) - 1);
  for (let k = kStart; ; k++) {
    // Always from joinDate, so a member who joined on the 31st is charged on the last day of short months.
    const date = addMonths(m.joinDate, k);
    if (date > ctx.windowEnd || date >= endBefore) break;
    if (date < ctx.windowStart) continue;
    const type = m.paymentType;
    push({
      description: `${plan.name} - mensalidade ${monthLabel(date)}`,
      dueDate: isCard(type) ? dueForCharge(type, date, ctx.cards) : date,
      chargeDate: isCard(type) ? (noCharge ? null : date) : type === 5 ? addDays(date, -10) : null,
      // `charge-lag`: the plan's sale, about a month before the charge (not the contract's start).
      saleDate: noCharge && isCard(type) ? addDays(date, -rng.int(25, 35)) : m.joinDate,
      registrationDate: registration(date, rng.int(12, 30)),
      amountCents: plan.monthlyCents,
      paymentType: type,
      currentInstallment: 1,
      totalInstallments: 1,
      idSale: contractSale,
      card: isCard(type) ? cardData(rng) : null,
      source: isCard(type) ? 'Recorrência' : 'Contrato',
    });
    if (rng.chance(0.025)) {
      const extra = rng.pick(EXTRA_CHARGES.slice(1));
      if (date < ctx.today) oneOff(extra.description, extra.cents, date, 'Balcão');
    }
  }
  return drafts;
}
