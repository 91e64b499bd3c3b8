import { PAGE_SIZE, type ApiClient } from '../api/client';
import type { ReceivableFilters } from '../api/filters';
import type { ApiReceivable } from '../api/schemas';
import { countDueBetween, dueDateRange, upsertReceivables } from '../cache/receivables.repo';
import type { Store } from '../store/store';
import { brasiliaDateTime, todayInBrasilia } from '../../shared/dates';
import { ACCOUNT_STATUS } from '../../shared/constants';

/**
 * Reading back what mark-received did, with the filters the API documents (docs/api-behaviour.md):
 * `idReceivable` takes ONE id, so a batch cannot be asked for by its ids. Instead, one read serves every batch
 * of a run:
 * 1. the window of receivables received since the first PUT left: `accountStatus=2`, `receivingDate` from the
 *    server's day of that PUT to the server's today (Brasília), and `updateDateStart` a little before the PUT
 *    (half a minute when the server's clock is known from its `Date` header, thirty otherwise; left out where
 *    the server proved it does not narrow by time, the `coarse-update-date` quirk).
 *    mark-received records the server's own "today" and "now", so every applied id is in it. Paged 50 at a
 *    time, ids filtered here, and stopped as soon as every id looked for was seen.
 * 2. ids not seen there were not received (or were received elsewhere, or the server's filters misled us): for
 *    many of them, one read of the open and overdue receivables of their due dates (when the cache says that
 *    is cheaper than asking for each), then
 * 3. one request per id for the few left.
 * Rows contradicting a filter are dropped by the client; a window where most rows are dropped means the
 * server ignores a filter, so it is abandoned for the per-id requests rather than paged without end.
 */
export interface ReadBackStats {
  /** Requests made: window pages + open pages + single-id requests. */
  requests: number;
  windowPages: number;
  openPages: number;
  singles: number;
  /** Rows dropped because they contradicted the filters asked for. */
  dropped: number;
}

export interface ReadBackResult {
  found: Map<number, ApiReceivable>;
  stats: ReadBackStats;
}

/**
 * Clock slack before the first PUT: the server's clock is known to about a second from its `Date` header, so a
 * half a minute is plenty (even for servers behind a balancer whose clocks differ a little); without the header our own clock is all we have, and office PCs drift.
 */
const SLACK_KNOWN_MS = 30_000;
const SLACK_UNKNOWN_MS = 30 * 60_000;
/** Above this many ids left, a read of their due dates may be cheaper than one request per id. */
const SINGLES_MAX = 5;

export interface ReadBackDeps {
  /** The branch's Store: what is read back is written to its cache. */
  store: Store;
  client: ApiClient;
  now: () => Date;
  signal?: AbortSignal;
}

async function readWindow(
  deps: ReadBackDeps,
  filters: ReceivableFilters,
  wanted: Set<number>,
  found: Map<number, ApiReceivable>,
  maxPages: number | undefined,
): Promise<{ pages: number; dropped: number; abandoned: boolean }> {
  let pages = 0;
  let dropped = 0;
  let abandoned = false;
  const missing = () => [...wanted].some((id) => !found.has(id));
  const reader = deps.client.readReceivables(filters, {
    done: () => !missing(),
    ...(maxPages !== undefined ? { maxPages } : {}),
    ...(deps.signal ? { signal: deps.signal } : {}),
  });
  for await (const page of reader) {
    pages++;
    dropped += page.dropped;
    await deps.store.write((tx) => upsertReceivables(tx, page.items, deps.now().toISOString()));
    for (const r of page.items) if (wanted.has(r.id)) found.set(r.id, r);
    // Most of a page contradicting the filters: the server ignores one, and paging on could be endless.
    if (page.dropped * 2 > page.items.length + page.dropped) {
      abandoned = true;
      break;
    }
  }
  return { pages, dropped, abandoned };
}

/**
 * Read back the receivables of the given batches. `putTimes` are the local instants their PUTs left (empty
 * when none left: then nothing can have been received by us, and the received window is skipped).
 */
export async function readBack(
  deps: ReadBackDeps,
  ids: number[],
  putTimes: string[],
): Promise<ReadBackResult> {
  const found = new Map<number, ApiReceivable>();
  const stats: ReadBackStats = { requests: 0, windowPages: 0, openPages: 0, singles: 0, dropped: 0 };
  const wanted = new Set(ids);

  let window: { from: string; to: string; trusted: boolean } | null = null;
  if (putTimes.length) {
    // The window is built on the server's clock: learn it first if no answer has told it yet (a run whose every
    // PUT went unanswered). One cheap request.
    if (!deps.client.serverClock.known) await deps.client.bankAccounts(deps.signal);
    const serverNow = deps.client.serverClock.now();
    const offset = serverNow.getTime() - deps.now().getTime();
    const first = Math.min(...putTimes.map((t) => new Date(t).getTime()));
    const slack = deps.client.serverClock.known ? SLACK_KNOWN_MS : SLACK_UNKNOWN_MS;
    const start = new Date(first + offset - slack);
    const byTime = !deps.client.quirks.has('coarse-update-date');
    window = {
      from: todayInBrasilia(start),
      to: todayInBrasilia(new Date(serverNow.getTime() + slack)),
      trusted: false,
    };
    const w = await readWindow(
      deps,
      {
        accountStatus: [ACCOUNT_STATUS.received],
        receivingDateStart: window.from,
        receivingDateEnd: window.to,
        ...(byTime ? { updateDateStart: brasiliaDateTime(start) } : {}),
      },
      wanted,
      found,
      undefined,
    );
    stats.windowPages = w.pages;
    stats.dropped += w.dropped;
    // Only a window read to its end without contradicting rows says something about what it did not show.
    window.trusted = byTime && !w.abandoned;
  }

  let left = ids.filter((id) => !found.has(id));
  if (left.length > SINGLES_MAX) {
    const cache = deps.store;
    const due = await cache.read((tx) => dueDateRange(tx, left));
    if (due.lo && due.hi && due.n === left.length) {
      const [lo, hi] = [due.lo, due.hi];
      const open = await cache.read((tx) =>
        countDueBetween(tx, [ACCOUNT_STATUS.open, ACCOUNT_STATUS.overdue], lo, hi),
      );
      const pages = Math.ceil((open + 1) / PAGE_SIZE);
      if (pages < left.length) {
        const o = await readWindow(
          deps,
          {
            accountStatus: [ACCOUNT_STATUS.open, ACCOUNT_STATUS.overdue],
            dueDateStart: due.lo,
            dueDateEnd: due.hi,
          },
          new Set(left),
          found,
          // The cache may be a little behind the server; a little more than it predicts, never without end.
          pages + 2,
        );
        stats.openPages = o.pages;
        stats.dropped += o.dropped;
        left = left.filter((id) => !found.has(id));
      }
    }
  }

  for (const id of left) {
    const page = await deps.client.receivablesPage({ idReceivable: id }, 0, deps.signal);
    stats.singles++;
    stats.dropped += page.dropped;
    await deps.store.write((tx) => upsertReceivables(tx, page.items, deps.now().toISOString()));
    const r = page.items.find((x) => x.id === id);
    if (r) found.set(id, r);
    // Received inside the window's days yet not in it: this server's updateDate does not narrow by time of day
    // (or it was received by someone else minutes before our PUT; either way the time filter only saves a few
    // requests, so it is dropped for this profile).
    if (
      r &&
      window?.trusted &&
      r.statusId === ACCOUNT_STATUS.received &&
      r.receivingDate !== null &&
      r.receivingDate >= window.from &&
      r.receivingDate <= window.to
    ) {
      deps.client.quirks.learn('coarse-update-date', `receivable ${id} received ${r.receivingDate} missed`);
      window.trusted = false;
    }
  }
  stats.requests = stats.windowPages + stats.openPages + stats.singles;
  return { found, stats };
}
