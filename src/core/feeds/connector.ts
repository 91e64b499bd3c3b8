/**
 * The one interface every bank feed connector implements (docs/feeds.md, "Adding a connector"). A connector reads
 * one bank account's movements for a period and returns them as statement lines, each with a stable unique id
 * (`fitid`) the bank gave it: storing (store-lines.ts), de-duplication, the cross-source identity with imported
 * files (import/same-credit.ts) and matching are the same for every connector and are not its business.
 */
export interface FetchedLine {
  /** The bank's unique id of the movement (a Pix's endToEndId, a refund's rtrId). */
  fitid: string;
  /** The instant the bank settled it (ISO). */
  at: string;
  /** Its Brasília calendar day: the bank's time decides the date, never this computer's. */
  date: string;
  /** Signed: credits positive. */
  amountCents: number;
  kind: 'credit' | 'debit';
  description: string;
  payerText: string | null;
  /** CPF (11 digits) or CNPJ (14), when the bank gives it. */
  payerDocument: string | null;
  /** Another id worth keeping (a Pix's txid; a refund's original endToEndId). */
  document: string | null;
  rawJson: string;
}

export interface FetchWindow {
  from: Date;
  to: Date;
}

export interface FetchResult {
  lines: FetchedLine[];
  /** Items the bank listed (a Pix with a refund is one item and two lines). */
  fetched: number;
  /** Items that could not be read, with why (logged; counted in the run's result). */
  rejected: { id: string | null; reason: string }[];
  /** HTTP requests made, token included. */
  requests: number;
}

export interface FeedConnector {
  /** Read every movement settled in the window. Rejects with an AppError (feed-errors.ts) when the bank cannot be read. */
  fetch(window: FetchWindow, opts?: { refundsOnly?: boolean; signal?: AbortSignal }): Promise<FetchResult>;
  /** A cheap check that the credentials work: a token and one small page. */
  probe(window: FetchWindow): Promise<{ total: number; requests: number }>;
}
