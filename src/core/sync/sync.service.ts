import { ACCOUNT_STATUS, PAYMENT_TYPE } from '../../shared/constants';
import { PAGE_SIZE, type ApiClient, type ReceivableFilters } from '../api/client';
import type { RateLimiter } from '../api/rate-limiter';
import { replaceBankAccounts } from '../cache/bank-accounts.repo';
import { replaceDebtors } from '../cache/debtors.repo';
import { replaceGeography } from '../cache/geography.repo';
import { countReceivables, upsertReceivables } from '../cache/receivables.repo';
import { getSyncState, saveSyncState, type SyncKind } from '../cache/sync-state.repo';
import type { Db } from '../db/open-db';
import { AppError, isAppError } from '../errors';
import type { ApiDebtor } from '../api/schemas';
import { addDays, todayInBrasilia, uncovered, type DateRange } from './dates';

export const DEFAULT_WINDOW = { daysBack: 90, daysAhead: 7 };
/** Open, received and overdue: cancelled receivables never need reconciling. */
/**
 * Card sales an acquirer pays early (automatic anticipation) are credited weeks before they fall due in EVO (a
 * credit sale is due about 30 days after the charge), beyond the first sync's window. So the first sync also
 * brings the open card receivables due up to this many days ahead, and their credits can be explained from the
 * first statement; later syncs bring new ones with everything changed since the mark. docs/card-deposits.md.
 */
export const CARD_DAYS_AHEAD = 45;
const CARD_TYPES = [PAYMENT_TYPE.credit_card, PAYMENT_TYPE.debit_card, PAYMENT_TYPE.online_credit_card];

/** Cached: open, received (what explains a bank line already reconciled) and overdue; never cancelled. */
const SYNC_STATUSES = [ACCOUNT_STATUS.open, ACCOUNT_STATUS.received, ACCOUNT_STATUS.overdue];

export interface SyncOptions {
  dueFrom?: string | undefined;
  dueTo?: string | undefined;
  geography?: boolean | undefined;
  debtors?: boolean | undefined;
  today?: string | undefined;
}

export interface SyncProgress {
  phase: SyncKind;
  /** Pages (requests) done in this phase. */
  done: number;
  /** Pages expected in this phase when known or estimable, else null. */
  total: number | null;
  etaMs: number | null;
  /** Time spent waiting for the API's rate limit since the sync started. */
  waitingMs: number;
}

export interface SyncSummary {
  requests: number;
  durationMs: number;
  waitedMs: number;
  bankAccounts: number;
  receivables: {
    fetched: number;
    skipped: number;
    dropped: number;
    mode: 'first' | 'incremental';
    windowFetches: number;
  };
  debtors: number | null;
  geography: { states: number; cities: number; neighborhoods: number } | null;
}

export interface SyncDeps {
  db: Db;
  client: ApiClient;
  limiter: RateLimiter;
  /** Count of HTTP requests sent so far by `client` (the caller wires onRequest to it). */
  requestCount: () => number;
  onProgress?: (p: SyncProgress) => void;
  signal?: AbortSignal;
  now?: () => Date;
}

/**
 * Brings the cache up to date with as few requests as the API allows (40 a minute is the budget):
 * bank accounts (1 request); receivables by due-date window the first time and, after that, only the parts
 * of the window not fetched yet plus what changed since the last high-water mark (`updateDateStart`);
 * debtors (a snapshot, paged); geography only when asked.
 *
 * Durability: each page is written in its own transaction as it arrives, so an interrupted sync keeps what
 * it fetched (those records are complete and correct). The high-water mark and the covered window are saved
 * only when the receivables phase finished, so the next sync asks again for everything after the old mark:
 * nothing is skipped, at worst a page is read twice.
 */
export async function runSync(deps: SyncDeps, opts: SyncOptions = {}): Promise<SyncSummary> {
  const { db, client, signal } = deps;
  const now = deps.now ?? (() => new Date());
  const started = now().getTime();
  const waitedAtStart = deps.limiter.waitedMs;
  const stamp = () => now().toISOString();
  const today = opts.today ?? todayInBrasilia(now());
  const window: DateRange = {
    from: opts.dueFrom ?? addDays(today, -DEFAULT_WINDOW.daysBack),
    to: opts.dueTo ?? addDays(today, DEFAULT_WINDOW.daysAhead),
  };
  if (window.from > window.to)
    throw new AppError('validation', 'The due-date window ends before it starts.', { field: 'dueFrom' });

  const report = (phase: SyncKind, done: number, total: number | null, phaseStarted: number) => {
    const elapsed = now().getTime() - phaseStarted;
    const etaMs =
      total !== null && done > 0 && total > done
        ? Math.round((elapsed / done) * (total - done))
        : total !== null
          ? 0
          : null;
    deps.onProgress?.({ phase, done, total, etaMs, waitingMs: deps.limiter.waitedMs - waitedAtStart });
  };

  /** Run one phase, recording its attempt, success or error in sync_state. */
  async function phase<T>(
    kind: SyncKind,
    work: () => Promise<{ result: T; patch: Partial<ReturnType<typeof getSyncState>> }>,
  ): Promise<T> {
    const attemptAt = stamp();
    try {
      const { result, patch } = await work();
      saveSyncState(db, {
        ...getSyncState(db, kind),
        ...patch,
        lastAttemptAt: attemptAt,
        lastSuccessAt: stamp(),
        lastError: null,
      });
      return result;
    } catch (e) {
      const msg = isAppError(e) ? e.message : 'unexpected error';
      saveSyncState(db, { ...getSyncState(db, kind), lastAttemptAt: attemptAt, lastError: msg });
      throw e;
    }
  }

  const bankAccounts = await phase('bank_accounts', async () => {
    report('bank_accounts', 0, 1, now().getTime());
    const page = await client.bankAccounts(signal);
    replaceBankAccounts(db, page.items, stamp());
    report('bank_accounts', 1, 1, now().getTime());
    return { result: page.items.length, patch: { itemCount: page.items.length } };
  });

  const receivables = await phase('receivables', async () => {
    const state = getSyncState(db, 'receivables');
    const have = state.windowFrom && state.windowTo ? { from: state.windowFrom, to: state.windowTo } : null;
    const first = state.highWaterMark === null;
    const fetches: ReceivableFilters[] = (first ? [window] : uncovered(window, have)).map((r) => ({
      dueDateStart: r.from,
      dueDateEnd: r.to,
      accountStatus: SYNC_STATUSES,
    }));
    // Everything changed since the last mark, whatever its window. The mark is sent with its time of day; a
    // server that only takes yyyy-mm-dd (as documented) gets the day instead (the client learns it from the 400).
    const windowFetches = fetches.length;
    if (!first) fetches.push({ updateDateStart: state.highWaterMark! });
    const cardTo = addDays(today, CARD_DAYS_AHEAD);
    // Only with the default window: a window the clerk chose (dueTo) is read as asked.
    if (first && opts.dueTo === undefined && window.to < cardTo)
      fetches.push({
        dueDateStart: addDays(window.to, 1),
        dueDateEnd: cardTo,
        accountStatus: [ACCOUNT_STATUS.open, ACCOUNT_STATUS.overdue],
        paymentTypes: CARD_TYPES,
      });

    const phaseStarted = now().getTime();
    const estimate = first && state.itemCount > 0 ? Math.ceil(state.itemCount / PAGE_SIZE) + 1 : null;
    let pages = 0;
    let fetched = 0;
    let skipped = 0;
    let dropped = 0;
    let hwm = state.highWaterMark;
    for (const filters of fetches) {
      for await (const page of client.readReceivables(filters, signal ? { signal } : {})) {
        upsertReceivables(db, page.items, stamp());
        for (const r of page.items) if (r.updateDate && (!hwm || r.updateDate > hwm)) hwm = r.updateDate;
        pages++;
        fetched += page.items.length;
        skipped += page.skipped;
        dropped += page.dropped;
        report('receivables', pages, estimate === null ? null : Math.max(estimate, pages), phaseStarted);
      }
    }
    const covered = have && (first ? false : !(window.to < have.from || window.from > have.to));
    const windowFrom = covered ? (window.from < have.from ? window.from : have.from) : window.from;
    const windowTo = covered ? (window.to > have.to ? window.to : have.to) : window.to;
    const itemCount = countReceivables(db);
    // The first sync of an empty branch still sets a mark, so the next one is incremental.
    const mark = hwm ?? `${today}T00:00:00`;
    return {
      result: {
        fetched,
        skipped,
        dropped,
        mode: first ? ('first' as const) : ('incremental' as const),
        windowFetches,
      },
      patch: { highWaterMark: mark, windowFrom, windowTo, itemCount },
    };
  });

  let debtors: number | null = null;
  if (opts.debtors !== false) {
    debtors = await phase('debtors', async () => {
      const phaseStarted = now().getTime();
      const all: ApiDebtor[] = [];
      for (let skip = 0, pages = 1; ; skip += PAGE_SIZE, pages++) {
        const page = await client.debtorsPage(skip, signal);
        all.push(...page.items);
        const total = page.total;
        report(
          'debtors',
          pages,
          total === null ? null : Math.max(pages, Math.ceil(total / PAGE_SIZE)),
          phaseStarted,
        );
        if (page.items.length + page.skipped < PAGE_SIZE || (total !== null && all.length >= total)) break;
      }
      // A snapshot is only replaced when it was read whole.
      replaceDebtors(db, all, stamp());
      return { result: all.length, patch: { itemCount: all.length } };
    });
  }

  let geography: SyncSummary['geography'] = null;
  if (opts.geography) {
    geography = await phase('geography', async () => {
      report('geography', 0, 1, now().getTime());
      const page = await client.states(signal);
      const counts = replaceGeography(db, page.items);
      report('geography', 1, 1, now().getTime());
      return { result: counts, patch: { itemCount: counts.states + counts.cities + counts.neighborhoods } };
    });
  }

  return {
    requests: deps.requestCount(),
    durationMs: now().getTime() - started,
    waitedMs: deps.limiter.waitedMs - waitedAtStart,
    bankAccounts,
    receivables,
    debtors,
    geography,
  };
}
