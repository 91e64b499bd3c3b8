import type { MatchSettings, MatchZone, ReasonCode, ReasonParams } from '../../shared/contract/matching';
import type { MatchAcquirerPayment } from './acquirer-files';

export type { MatchSettings, MatchZone, ReasonCode, ReasonParams };

/** A statement line as the engine sees it. Only `credit` lines are matched; the others are ignored. */
export interface MatchLine {
  id: number;
  date: string;
  amountCents: number;
  kind: 'credit' | 'debit' | 'balance';
  description: string;
  /** The payer's name as the import cleaned it; the engine strips more boilerplate itself. */
  payerText: string | null;
}

/** A receivable of the cache, normalized (see core/api/schemas.ts). */
export interface MatchReceivable {
  id: number;
  amountCents: number;
  dueDate: string | null;
  /** 1 open, 2 received, 3 cancelled, 4 overdue. Only 1 and 4 are ever proposed. */
  statusId: number;
  paymentTypeId: number | null;
  payerName: string | null;
  /** idMemberPayer: the member who pays (a parent for a child); null for a company. */
  memberId: number | null;
  authorization: string | null;
  nsu: string | null;
  tid: string | null;
  cardAcquirer: string | null;
  cardFlag: string | null;
  /** The acquirer's fee (MDR) in cents when the gym system knows it. */
  feesCents: number | null;
  /** Boleto number ("nosso número") when the API sends one. */
  boletoNumber?: string | null;
  /** For received receivables: when and how much. They are never proposed, but a line they explain
   * better than any open receivable is reported as already reconciled instead of matched to another. */
  receivingDate?: string | null;
  amountPaidCents?: number | null;
  /** The account a received receivable was received into (null: at the front desk, in cash). */
  bankAccountId?: number | null;
  /** Card receivables ([J]): the day the card was charged, the sale's day, and which installment this is.
   * The money arrives a product-dependent lag after the charge (card-days.ts), whatever `dueDate` means. */
  chargeDate?: string | null;
  saleDate?: string | null;
  currentInstallment?: number | null;
  totalInstallments?: number | null;
  /** [V] The branch the receivable belongs to (`idBranchMember`); the engine never reads it (planFor splits by it). */
  branchId?: number | null;
}

/** Card product as fees are learned and banded: debit, credit, or credit paid early (anticipation). */
export type CardProduct = 'debit' | 'credit' | 'anticipated';

/** A fee learned from the clerk's confirmed card matches (match.cardFees), per acquirer, brand and product. */
export interface MatchCardFee {
  /** Normalized acquirer ("cielo") and brand ("visa"; '' when the deposits did not say). */
  acquirer: string;
  flag: string;
  product: CardProduct;
  /** Percent of the gross withheld, e.g. 2.39. */
  percent: number;
  samples: number;
}

/** A learned link from a bank's payer text (folded, boilerplate stripped) to a member. */
export interface MatchAlias {
  payerKey: string;
  memberId: number;
  payerName: string | null;
  /** YYYY-MM-DD */
  learnedAt: string;
}

/** A receivable already given to a line that this run must not touch (a reviewed match, another statement). */
export interface HeldReceivable {
  statementId: number;
  lineId: number;
  /** The holding line as the clerk knows it ([T] item 6): its bank date, amount and account's name. */
  date?: string;
  amountCents?: number;
  account?: string | null;
}

/**
 * A settlement of a CNAB return file (core/import/return-file): the bank's word that a boleto was paid and
 * credited on `creditDate`. Only settlements are given to the engine (other occurrences are never money).
 */
export interface MatchReturnTitle {
  /** Row id in `return_titles`. */
  id: number;
  returnFileId: number;
  bankCode: string;
  layout: string;
  nossoNumero: string;
  /** The gym's reference; a receivable id when the branch puts it there. */
  seuNumero: string | null;
  payerName: string | null;
  dueDate: string | null;
  faceCents: number;
  paidCents: number;
  interestFineCents: number | null;
  discountCents: number | null;
  /** Net credited (240 “valor líquido”), null when the layout does not say. */
  creditedCents: number | null;
  feeCents: number;
  creditDate: string;
}

export interface MatchInput {
  /** The statement's bank account: only receivables received into it can explain its lines. */
  bankAccountId?: number | null;
  lines: readonly MatchLine[];
  receivables: readonly MatchReceivable[];
  aliases: readonly MatchAlias[];
  settings: MatchSettings;
  held?: ReadonlyMap<number, HeldReceivable>;
  /** Settlements of the account's CNAB return files around the statement's dates (return-files.ts). */
  returnTitles?: readonly MatchReturnTitle[];
  /** Payment batches of the account's acquirer settlement files around the statement's dates ([J]). */
  acquirerPayments?: readonly MatchAcquirerPayment[];
  /** Fees learned from confirmed card matches: they narrow the fee band of later card deposits. */
  cardFees?: readonly MatchCardFee[];
}

export interface Reason {
  code: ReasonCode;
  params?: ReasonParams;
}

export interface PlanItem {
  receivableId: number;
  /** The part of the line's amount given to this receivable; the items of a line sum to its amount. */
  amountCents: number;
}

export interface LineResult {
  lineId: number;
  /** Empty when nothing is proposed. */
  items: PlanItem[];
  /** 0 when nothing is proposed. */
  score: number;
  /** `red` when nothing is proposed (state `unmatched`). */
  zone: MatchZone;
  state: 'suggested' | 'unmatched';
  reasons: Reason[];
  /**
   * A tie (nothing proposed, reason `tie`): the options that scored alike, each its receivables and reasons.
   * Read by the service (a tie among another branch's receivables is said as such), never stored.
   */
  tied?: { receivableIds: number[]; reasons: Reason[] }[];
}

export interface MatchPlan {
  engineVersion: string;
  /** One per credit line, in input order. */
  results: LineResult[];
}

export const ENGINE_VERSION = 'quita-match/1';
