import { addDays, addMonths, firstOfMonth, isValidIsoDate, localDateTime, saoPauloToday } from '../dates';
import { createRng } from '../prng';
import { CARD_STYLES, cardStyle, type CardStyleName } from './card-styles';
import { BRANCH, COUNTRY_ID_BRAZIL } from './catalog';
import { memberDrafts, type Draft } from './drafts';
import { buildGeography } from './geography';
import { generateBankAccounts, generateMembers } from './members';
import type { GenerationParams, ReceivableRecord, SandboxData } from './model';
import { competenceOf, settle, type Outcome } from './settle';

export const FIRST_RECEIVABLE_ID = 100001;

export interface GenerateOptions {
  seed?: number;
  members?: number;
  months?: number;
  /** `yyyy-mm-dd`; default: today in America/Sao_Paulo. */
  today?: string;
  /** How acquirers settle card sales (card-styles.ts); default `classic`. */
  cardStyle?: CardStyleName;
  /** Days since the clerk last reconciled (1–60); default 4 to 9, drawn from the seed. */
  unreconciledDays?: number;
}

export function resolveGenerationParams(opts: GenerateOptions = {}): GenerationParams {
  const today = opts.today ?? saoPauloToday();
  if (!isValidIsoDate(today)) throw new Error(`today must be a valid yyyy-mm-dd date, got ${today}`);
  const members = opts.members ?? 200;
  const months = opts.months ?? 6;
  if (!Number.isInteger(members) || members < 1) throw new Error('members must be a positive integer');
  if (!Number.isInteger(months) || months < 1 || months > 36)
    throw new Error('months must be between 1 and 36');
  const u = opts.unreconciledDays;
  if (u !== undefined && (!Number.isInteger(u) || u < 1 || u > 60))
    throw new Error('unreconciledDays must be between 1 and 60');
  if (opts.cardStyle !== undefined && !(opts.cardStyle in CARD_STYLES))
    throw new Error(
      `unknown card style '${String(opts.cardStyle)}' (${Object.keys(CARD_STYLES).join(', ')})`,
    );
  return {
    seed: (opts.seed ?? 42) >>> 0,
    members,
    months,
    today,
    ...(opts.cardStyle && opts.cardStyle !== 'classic' ? { cardStyle: opts.cardStyle } : {}),
    ...(u !== undefined ? { unreconciledDays: u } : {}),
  };
}

/**
 * Builds the whole branch from (seed, members, months, today) alone: the same inputs always give
 * byte-identical data, whatever storage the sandbox uses afterwards. Each member draws from its own
 * PRNG stream so one member's dice never shift another's.
 */
export function generateSandboxData(opts: GenerateOptions = {}): SandboxData {
  const params = resolveGenerationParams(opts);
  const { seed, today, months } = params;
  const windowStart = firstOfMonth(addMonths(today, -(months - 1)));
  const windowEnd = addMonths(today, 1);
  const lastReconciled = addDays(today, -(params.unreconciledDays ?? createRng(seed, 'clerk').int(4, 9)));
  const bankAccounts = generateBankAccounts(seed);
  const byRole = (role: string) => bankAccounts.find((a) => a.role === role);
  const primary = byRole('primary')!;
  const cards = byRole('cards') ?? primary;
  const digital = byRole('digital');
  const memberList = generateMembers(seed, params.members, today, windowStart);
  const style = cardStyle(params.cardStyle);

  let saleId = 50000;
  const nextSaleId = () => ++saleId;
  const settled: { d: Draft; o: Outcome }[] = [];
  for (const m of memberList) {
    const rng = createRng(seed, 'member', m.idMember);
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
      settled.push({ d, o: settle(rng, d, ctx) });
    }
  }

  // Ids grow with registration time, as in a real database.
  settled.sort(
    (a, b) =>
      a.d.registrationDate.localeCompare(b.d.registrationDate) ||
      a.d.member.idMember - b.d.member.idMember ||
      a.d.seq - b.d.seq,
  );
  const receivables = settled.map(({ d, o }, i) => toRecord(FIRST_RECEIVABLE_ID + i, d, o));
  return {
    ...params,
    lastReconciled,
    windowStart,
    states: buildGeography(COUNTRY_ID_BRAZIL),
    bankAccounts,
    memberList,
    receivables,
  };
}

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
    idBranchMember: BRANCH.id,
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
