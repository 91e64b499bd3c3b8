import type { ErrorInfo } from '../../shared/contract';
import type { CoreContext } from '../context';

/**
 * What one bank feed read in one run: the entry point the cycle (core/cycle) calls. A feed's failure is its
 * `error` (one sentence for the clerk; the log keeps the details), never a rejection: the other feeds still run.
 */
export interface FeedRunResult {
  feedId: number;
  /** The clerk's name for the feed ("Pix do Itaú"). */
  label: string;
  bankAccountId: number;
  /** The period asked of the bank (YYYY-MM-DD, both included). */
  from: string;
  to: string;
  /** Items the bank returned, lines this run added, lines already known (fetched before or imported from a file). */
  fetched: number;
  added: number;
  known: number;
  /** HTTP requests made (token included). */
  requests: number;
  error: ErrorInfo | null;
}

/** Read every enabled bank feed of a profile. Placeholder until the Pix API connector lands: no feeds. */
export async function runFeeds(
  _ctx: CoreContext,
  _profileId: string,
  _opts: { signal?: AbortSignal } = {},
): Promise<FeedRunResult[]> {
  return [];
}
