import { addDays, addMonths, firstOfMonth, localDateTime } from '../dates';
import { createRng, type Rng } from '../prng';
import { cardStyle, type CardStyle } from './card-styles';
import { BRANCH } from './catalog';
import { memberDrafts, type Draft } from './drafts';
import type { BankAccountRecord, GenerationParams, Member, ReceivableRecord } from './model';
import { competenceOf, settle, type Outcome } from './settle';

/**
 * The generator of one branch's receivables, shared by the single-branch path (generate.ts) and the network path
 * (network.ts), so a network's branch is made exactly like the sandbox's one branch.
 */

export const FIRST_RECEIVABLE_ID = 100001;

/** What every branch of one generation shares: the window of due dates, the clerk's last day, the card style. */
export interface Frame {
  today: string;
  windowStart: string;
  windowEnd: string;
  lastReconciled: string;
  style: CardStyle;
}

export function frameOf(params: GenerationParams): Frame {
  const { seed, today, months } = params;
  return {
    today,
    windowStart: firstOfMonth(addMonths(today, -(months - 1))),
    windowEnd: addMonths(today, 1),
    lastReconciled: addDays(today, -(params.unreconciledDays ?? createRng(seed, 'clerk').int(4, 9))),
    style: cardStyle(params.cardStyle),
  };
}

export interface Settled {
  d: Draft;
  o: Outcome;
}

/**
 * Network mode's say on where a settled bank payment really landed (another branch's account, the central one);
 * it draws from its own stream, so the member's own dice are the same as in a single branch.
 */
export type PaymentRoute = (rng: Rng, o: Outcome) => Outcome;

/**
 * Drafts and settles the charges of one branch's members. Each member draws from its own PRNG stream
 * (`seed` is the branch's) so one member's dice never shift another's; sale ids come from `nextSaleId`,
 * shared by the branches of a network.
 */
export function settleBranch(
  seed: number,
  memberList: readonly Member[],
  bankAccounts: readonly BankAccountRecord[],
  frame: Frame,
  nextSaleId: () => number,
  route?: PaymentRoute,
): Settled[] {
  const { today, windowStart, windowEnd, lastReconciled, style } = frame;
  const byRole = (role: string) => bankAccounts.find((a) => a.role === role);
  const primary = byRole('primary')!;
  const cards = byRole('cards') ?? primary;
  const digital = byRole('digital');
  const settled: Settled[] = [];
  for (const m of memberList) {
    const rng = createRng(seed, 'member', m.idMember);
    const routeRng = route ? createRng(seed, 'network-route', m.idMember) : null;
    const pixAccountId = digital && rng.chance(0.3) ? digital.id : primary.id;
    const ctx = {
      today,
      lastReconciled,
      primaryAccountId: primary.id,
      cardsAccountId: cards.id,
      pixAccountId,
      cards: style,
    };
    for (const d of memberDrafts(rng, m, { windowStart, windowEnd, today, nextSaleId, cards: style })) {
      const o = settle(rng, d, ctx);
      settled.push({ d, o: route && routeRng ? route(routeRng, o) : o });
    }
  }
  return settled;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Ids grow with registration time, as in a real database (one database for a whole network). */
export function numberReceivables(settled: Settled[]): ReceivableRecord[] {
  settled.sort(
    (a, b) =>
      // Plain code-unit order: the same as localeCompare for fixed-width ISO dates, and many times faster.
      compareText(a.d.registrationDate, b.d.registrationDate) ||
      a.d.member.idMember - b.d.member.idMember ||
      a.d.seq - b.d.seq,
  );
  return settled.map(({ d, o }, i) => toRecord(FIRST_RECEIVABLE_ID + i, d, o));
}

/** The first sale id minus one; sale ids are handed out in member order (branch by branch in a network). */
export const SALE_ID_BASE = 50000;

function toRecord(idReceivable: number, d: Draft, o: Outcome): ReceivableRecord {
  const m = d.member;
  return {
    idReceivable,
    idMember: m.idMember,
    description: d.description,
    registrationDate: localDateTime(d.registrationDate, 2 * 60 + (idReceivable % 50)),
    dueDate: localDateTime(o.dueDate, 0),
    originalDueDate: localDateTime(o.originalDueDate, 0),
    receivingDate: o.receivingDate,
    competenceDate: competenceOf(d),
    cancellationDate: o.cancellationDate,
    ammountCents: d.amountCents,
    ammountPaidCents: o.ammountPaidCents,
    status: o.status,
    currentInstallment: d.currentInstallment,
    totalInstallments: d.totalInstallments,
    authorization: d.card?.authorization ?? null,
    payerName: m.payerName,
    idMemberPayer: m.idMemberPayer,
    idBranchMember: m.idBranch ?? BRANCH.id,
    idSale: d.idSale,
    bankAccountId: o.bankAccountId,
    paymentType: d.paymentType,
    feesCents: o.feesCents,
    conciliated: o.conciliated,
    logTef: d.card?.logTef ?? null,
    tid: d.card?.tid ?? null,
    nsu: d.card?.nsu ?? null,
    updateDate: o.updateDate,
    chargeDate: d.chargeDate
      ? localDateTime(d.chargeDate, d.card ? 10 * 60 + (idReceivable % 480) : 0)
      : null,
    cardAcquirer: d.card ? m.cardAcquirer : null,
    cardFlag: d.card ? m.cardFlag : null,
    cancellationDescription: o.cancellationDescription,
    source: d.source,
    saleDate: localDateTime(d.saleDate, 0),
    chargeAttemptsCount: o.chargeAttemptsCount,
    lastAcquirerDeclineReason: o.lastAcquirerDeclineReason,
    payment: o.payment,
  };
}
