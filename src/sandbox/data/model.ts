import type { CardStyleName } from './card-styles';
import type { StatusId } from './catalog';
import type { State } from './geography';

/**
 * How the money actually travelled; a boleto may be paid by Pix, so this can differ from paymentType.
 * Cash never reaches a bank (it is recorded at the front desk), so it has no channel.
 */
export type PaymentChannel = 'pix' | 'boleto' | 'ted' | 'deposit' | 'credit-card' | 'debit-card';

export interface Member {
  idMember: number;
  name: string;
  lastName: string;
  /** 1 Active, 2 Inactive (left), 3 Freeze. */
  status: 1 | 2 | 3;
  joinDate: string;
  leftDate: string | null;
  planName: string;
  paymentType: number;
  payerName: string;
  idMemberPayer: number | null;
  payerKind: 'self' | 'parent' | 'company';
  payerCpf: string;
  badPayer: boolean;
  cardAcquirer: string | null;
  cardFlag: string | null;
  /** Network mode only (network.ts): the member's branch. Absent in single-branch mode (the one BRANCH). */
  idBranch?: number;
}

/** A unit of the gym network (EVO's idBranch). Single-branch mode has exactly one: catalog.ts's BRANCH. */
export interface Branch {
  id: number;
  name: string;
}

export interface BankAccountRecord {
  id: number;
  description: string;
  /** true = checking account (conta corrente). */
  accountType: boolean;
  bankCode: number;
  bankName: string;
  agency: string;
  account: string;
  observations: string | null;
  inactive: boolean;
  bankIntegration: boolean;
  /** Which money lands here: the generator and the statement writer both read it. */
  role: 'primary' | 'cards' | 'digital' | 'old' | 'central';
  /**
   * The branch that owns the account; null = the network's central account (network mode). Not a field of the API
   * record: the real bank-account record names no branch (evo-api.md), so serialize.ts leaves it out.
   */
  branchId: number | null;
}

/**
 * The ground truth the API never shows: the member paid and the money reached `bankAccountId` on
 * `creditDate`. For a receivable still open/overdue this is exactly what the clerk must find.
 */
export interface HiddenPayment {
  paidDate: string;
  creditDate: string;
  bankAccountId: number;
  channel: PaymentChannel;
  /** Who really sent the money (member, parent, spouse, company), before any bank mangling. */
  payerText: string;
  payerCpf: string;
  /** Gross amount paid: face value, plus fine and interest for a late boleto, rarely a rounded-up Pix. */
  amountCents: number;
  /** Acquirer fee (MDR) withheld from a card deposit; 0 otherwise. */
  feeCents: number;
}

export interface LogTef {
  authorization: string;
  tefId: number;
  merchantCheckoutGuid: string;
}

/** Internal receivable: money in cents, dates as API strings (`yyyy-mm-ddTHH:MM:SS`, Brasília). */
export interface ReceivableRecord {
  idReceivable: number;
  /** The member the charge belongs to (a child, when a parent pays); not a field of the API record. */
  idMember: number;
  description: string;
  registrationDate: string;
  dueDate: string;
  /** Due date before any rescheduling; the debtors' daysLate counts from here. */
  originalDueDate: string;
  receivingDate: string | null;
  competenceDate: string;
  cancellationDate: string | null;
  ammountCents: number;
  ammountPaidCents: number | null;
  status: StatusId;
  currentInstallment: number;
  totalInstallments: number;
  authorization: string | null;
  payerName: string;
  idMemberPayer: number | null;
  idBranchMember: number;
  idSale: number | null;
  bankAccountId: number | null;
  paymentType: number;
  feesCents: number | null;
  conciliated: boolean;
  logTef: LogTef | null;
  tid: string | null;
  nsu: string | null;
  updateDate: string;
  chargeDate: string | null;
  cardAcquirer: string | null;
  cardFlag: string | null;
  cancellationDescription: string | null;
  source: string;
  saleDate: string | null;
  chargeAttemptsCount: number;
  lastAcquirerDeclineReason: string | null;
  payment: HiddenPayment | null;
}

export interface GenerationParams {
  seed: number;
  members: number;
  months: number;
  today: string;
  /** How acquirers settle card sales (card-styles.ts); absent: `classic`. */
  cardStyle?: CardStyleName;
  /**
   * How many days ago the gym's clerk last reconciled (credits after it are still open in the API); absent: 4 to 9,
   * drawn from the seed. A test that needs payments still to reconcile on any day sets it.
   */
  unreconciledDays?: number;
  /** Network mode (network.ts): many branches under one account. Absent: one branch, as the sandbox always was. */
  network?: NetworkParams;
}

/** How the server treats `idBranch` on bank-accounts, receivables and debtors (network mode). */
export type IdBranchMode = 'honoured' | 'ignored' | 'refused';
/** What an administrator key gets on those lists without `idBranch`: every branch, or a 400. */
export type AdminWithoutBranch = 'all' | 'refused';

/** The network's parameters, resolved (every default filled in); stored in a db file with the others. */
export interface NetworkParams {
  branches: number;
  membersPerBranch: number;
  crossBranchRate: number;
  centralAccount: boolean;
  /** Server behaviour, kept here so a restarted sandbox answers the same way; setNetwork changes them live. */
  idBranch: IdBranchMode;
  adminWithoutBranch: AdminWithoutBranch;
  /** The branch the branch key belongs to. */
  branchKeyBranch: number;
}

export interface SandboxData extends GenerationParams {
  /** Up to this date the gym's clerk had already reconciled; credits after it are still open. */
  lastReconciled: string;
  /** First due date generated. */
  windowStart: string;
  states: State[];
  /** Every branch of the data (single-branch mode: `[BRANCH]`). */
  branches: Branch[];
  bankAccounts: BankAccountRecord[];
  memberList: Member[];
  receivables: ReceivableRecord[];
}
