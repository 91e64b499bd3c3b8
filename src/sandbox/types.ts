/** Public option types of the sandbox (re-exported by index.ts). */
import type { CardStyleName } from './data/card-styles';
import type { NetworkOptions } from './data/network';

/** The API operations a key can be allowed to call. */
export type SandboxEndpoint =
  'states' | 'notifications' | 'receivables' | 'bankAccounts' | 'debtors' | 'markReceived';
export type KeyKind = 'branch' | 'admin';

/**
 * Per key kind, the endpoints it may call; a kind left out may call everything. States and notifications
 * are always allowed to both kinds, as the seed says, whatever is listed here.
 */
export interface SandboxPermissions {
  branch?: readonly SandboxEndpoint[];
  admin?: readonly SandboxEndpoint[];
}

export interface RateLimitOptions {
  perSecond: number;
  perMinute: number;
}

/** Probabilities are 0..1, drawn from a seeded PRNG (same seed + same request order = same faults). */
export interface FaultOptions {
  /** Added before every API answer, in ms. */
  latencyMs?: number;
  /** Extra random latency in [0, latencyJitterMs). */
  latencyJitterMs?: number;
  /** Probability of a 500; half of them (by the PRNG) have an empty body. */
  errorRate?: number;
  /** Probability of a 429 with Retry-After, independent of the real rate limit. */
  rateLimitRate?: number;
  /** Probability that the server never answers: the request hangs until the client gives up. */
  timeoutRate?: number;
  /** mark-received only: probability that the change is applied and then the connection is reset. */
  resetAfterApplyRate?: number;
  /** mark-received only: extra delay in ms before the handler runs (a slow PUT); draws nothing. */
  markReceivedLatencyMs?: number;
  /** Seed of the fault PRNG; defaults to the sandbox seed. */
  seed?: number;
}

/** Receivables filters a lenient server can silently ignore (a date name covers its Start and End). */
export type IgnorableFilter =
  'accountStatus' | 'paymentTypes' | 'idReceivable' | 'receivingDate' | 'updateDate' | 'dueDate';

/** What a successful mark-received answers (the vendor declares no body; see docs/sandbox.md). */
export type MarkReceivedAnswer = 'empty' | 'true' | 'object' | 'html';

/**
 * Answers a real server might give where the vendor's documentation is strict (all off by default:
 * the sandbox then follows the documentation). Each switch imitates one plausible deviation, so a
 * client can be tested against it.
 */
export interface LenientOptions {
  /** Accept comma lists (and repeats) for idReceivable, memberId and idSale instead of one int32. */
  idLists?: boolean;
  /** Filters the server silently ignores: not validated, not applied. */
  ignoreFilters?: readonly IgnorableFilter[];
  /** accountStatus / paymentTypes take one value; a comma list is a 400. */
  singleValueLists?: boolean;
  /** Date filters take `yyyy-mm-dd` only; a time part is a 400. */
  dateOnlyFilters?: boolean;
  /** Default 'empty'. 'html': a maintenance page answers 200 and the change is NOT applied. */
  markReceivedAnswer?: MarkReceivedAnswer;
}

export interface SandboxOptions {
  /** 0 = a random free port (default). */
  port?: number;
  /** Loopback by default; the sandbox is not meant to face a network. */
  host?: string;
  seed?: number;
  members?: number;
  months?: number;
  /** `yyyy-mm-dd`; defaults to today in America/Sao_Paulo. */
  today?: string;
  /** How acquirers settle card sales (data/card-styles.ts); default `classic`. */
  cardStyle?: CardStyleName;
  /** Days since the gym's clerk last reconciled (1–60); default 4 to 9, drawn from the seed. */
  unreconciledDays?: number;
  /** The gym's DNS name, used as the Basic user. */
  username?: string;
  branchKey?: string;
  adminKey?: string;
  permissions?: SandboxPermissions;
  /** Default 5/s and 40/min per client IP; `false` turns it off (benchmarks). */
  rateLimit?: RateLimitOptions | false;
  faults?: FaultOptions;
  /** Lenient answers; none by default (strict, as documented). */
  lenient?: LenientOptions;
  /**
   * The real time the sandbox's clock is derived from (default: the system clock). Benchmarks that run time
   * faster than the wall clock pass theirs, so the server's "now" (its Date header, receivingDate, updateDate)
   * moves with the client's.
   */
  timeSource?: () => Date;
  /** Persist client changes across restarts (JSON snapshot); omit for in-memory only. */
  dbFile?: string;
  /**
   * Network mode (docs/sandbox.md "Network mode"): N branches under one account; the admin key sees them all, the
   * branch key one. Absent: one branch, exactly as before. With `dbFile`, the file's network wins, except its three
   * server switches (idBranch, adminWithoutBranch, branchKeyBranch) when given here.
   */
  network?: NetworkOptions;
}
