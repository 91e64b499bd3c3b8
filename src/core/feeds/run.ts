import type { ErrorInfo } from '../../shared/contract';
import { addDays, todayInBrasilia } from '../../shared/dates';
import { appendAudit } from '../audit/audit.store';
import type { CoreContext } from '../context';
import type { Store } from '../store/store';
import { AppError, isAppError } from '../errors';
import { runMatching } from '../matching/matching.service';
import type { FetchResult } from './connector';
import { feedErrors } from './feed-errors';
import { feedsRepo, type FeedRow } from './feeds.repo';
import { readFeedSecrets } from './feed-secrets';
import { inspectCertificate } from './pix/certificate';
import { createPixConnector } from './pix/pix-client';
import { storeFetchedLines } from './store-lines';

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
  /** Items the bank sent that could not be read (in the log; the clerk is told how many). */
  rejected: number;
  /** HTTP requests made (token included). */
  requests: number;
  /** Statements that received new lines; their matching was refreshed. */
  statementIds: number[];
  error: ErrorInfo | null;
}

/** How far back each run asks again, before where the previous one stopped (clock skew, late settlement). */
export const OVERLAP_MS = 30 * 60_000;
/** Refunds settle days after their Pix: once a day, the last days are asked again for Pix with a refund. */
export const REFUND_DAYS = 3;

export interface FeedRunDeps {
  now?: () => Date;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  trigger?: string;
  signal?: AbortSignal;
}

type Ctx = Pick<CoreContext, 'storeFor' | 'secrets' | 'log' | 'actor'>;

const brasiliaMidnight = (date: string) => new Date(`${date}T00:00:00.000-03:00`);

/** The connector of a feed with its sealed secrets, after checking its certificate is valid now. */
export function connectorFor(ctx: Ctx, profileId: string, feed: FeedRow, deps: FeedRunDeps = {}) {
  const secrets = readFeedSecrets(ctx.secrets, profileId, feed);
  if (!secrets) throw feedErrors.secretsMissing();
  const now = deps.now ?? (() => new Date());
  const certificate = inspectCertificate(secrets.certificate, now());
  const connector = createPixConnector({
    tokenUrl: feed.token_url,
    baseUrl: feed.base_url,
    clientId: feed.client_id,
    clientSecret: secrets.clientSecret,
    scope: feed.scope,
    certificate: secrets.certificate,
    ca: feed.ca_pem,
    log: ctx.log,
    now,
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
  });
  return { connector, certificate };
}

/** Suggest matches for the statements that got lines, as an import does (matching/suggest.ts), on this profile. */
async function suggestFor(
  ctx: Ctx,
  store: Store,
  profileId: string,
  statementIds: number[],
  label: string,
): Promise<void> {
  for (const statementId of statementIds) {
    const s = await runMatching(store, { statementId });
    const entry = {
      actor: ctx.actor(),
      profileId,
      action: 'match.suggested',
      subject: `statement:${s.statementId}`,
      after: {
        planId: s.planId,
        green: s.green,
        yellow: s.yellow,
        red: s.red,
        unmatched: s.unmatched,
        kept: s.kept,
        trigger: 'feed',
        feed: label,
      },
    };
    await store.write((tx) => appendAudit(tx, entry));
  }
}

function asInfo(e: unknown): ErrorInfo {
  if (isAppError(e)) return e.toInfo();
  return new AppError('internal', 'Reading the bank feed failed unexpectedly; the details are in the log.', {
    code: 'feeds.failed',
  }).toInfo();
}

/** Read one feed: never rejects; a failure is the result's `error`, with the details in the log. */
export async function runFeed(
  ctx: Ctx,
  profileId: string,
  feed: FeedRow,
  deps: FeedRunDeps = {},
): Promise<FeedRunResult> {
  const store = ctx.storeFor(profileId);
  const now = deps.now ?? (() => new Date());
  const started = now();
  const today = todayInBrasilia(started);
  const from = feed.read_through
    ? new Date(Date.parse(feed.read_through) - OVERLAP_MS)
    : brasiliaMidnight(feed.start_date);
  const window = { from: from > started ? started : from, to: started };
  const result: FeedRunResult = {
    feedId: feed.id,
    label: feed.label,
    bankAccountId: feed.bank_account_id,
    from: todayInBrasilia(window.from),
    to: today,
    fetched: 0,
    added: 0,
    known: 0,
    rejected: 0,
    requests: 0,
    statementIds: [],
    error: null,
  };
  const runId = await store.write((tx) =>
    feedsRepo.startRun(tx, {
      feedId: feed.id,
      trigger: deps.trigger ?? 'manual',
      at: started.toISOString(),
      from: window.from.toISOString(),
      to: window.to.toISOString(),
    }),
  );
  let connector: ReturnType<typeof connectorFor>['connector'] | null = null;
  try {
    connector = connectorFor(ctx, profileId, feed, deps).connector;
    const read: FetchResult = await connector.fetch(window, { signal: deps.signal });
    const refundsDue = feed.refunds_checked !== today;
    if (refundsDue) {
      const since = brasiliaMidnight(addDays(today, -REFUND_DAYS));
      if (since < window.from) {
        const refunds = await connector.fetch(
          { from: since, to: window.from },
          { refundsOnly: true, signal: deps.signal },
        );
        read.lines.push(...refunds.lines);
        read.rejected.push(...refunds.rejected);
      }
    }
    result.fetched = read.fetched;
    result.rejected = read.rejected.length;
    const stored = await storeFetchedLines(
      store,
      { id: feed.id, label: feed.label, bankAccountId: feed.bank_account_id },
      read.lines,
      now().toISOString(),
    );
    result.added = stored.added;
    result.known = stored.known;
    result.statementIds = stored.statementIds;
    if (stored.ambiguous)
      ctx.log.warn(
        `feed ${feed.id}: ${stored.ambiguous} line(s) kept although a file line of the same day and amount may be them`,
      );
    await store.write((tx) =>
      feedsRepo.markRead(tx, feed.id, window.to.toISOString(), refundsDue ? today : null),
    );
    // A failed suggestion never undoes what was stored: the lines wait in Conciliar ("Sugerir de novo").
    try {
      await suggestFor(ctx, store, profileId, stored.statementIds, feed.label);
    } catch (e) {
      ctx.log.error(`feed ${feed.id}: suggesting matches after storing failed`, e);
    }
  } catch (e) {
    ctx.log.error(`bank feed ${feed.id} (${feed.label}) failed`, e);
    result.error = asInfo(e);
  } finally {
    result.requests = connector?.requests() ?? 0;
    connector?.close();
    const finished = {
      at: now().toISOString(),
      fetched: result.fetched,
      added: result.added,
      known: result.known,
      rejected: result.rejected,
      requests: result.requests,
      error: result.error,
    };
    await store.write((tx) => feedsRepo.finishRun(tx, runId, finished));
  }
  return result;
}

/** Read every enabled bank feed of a profile, one after the other; never rejects for one feed's failure. */
export async function runFeeds(
  ctx: CoreContext,
  profileId: string,
  opts: { signal?: AbortSignal } & FeedRunDeps = {},
): Promise<FeedRunResult[]> {
  const out: FeedRunResult[] = [];
  for (const feed of await ctx.storeFor(profileId).read(feedsRepo.enabled)) {
    if (opts.signal?.aborted) break;
    out.push(await runFeed(ctx, profileId, feed, { trigger: 'cycle', ...opts }));
  }
  return out;
}
