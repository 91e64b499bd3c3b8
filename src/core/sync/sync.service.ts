import { ACCOUNT_STATUS, PAYMENT_TYPE } from '../../shared/constants';
import { namedIn, PAGE_SIZE, type ApiClient, type ReceivableFilters } from '../api/client';
import type { RateLimiter } from '../api/rate-limiter';
import { replaceBankAccounts } from '../cache/bank-accounts.repo';
import { replaceDebtors } from '../cache/debtors.repo';
import { replaceGeography } from '../cache/geography.repo';
import { countReceivables, upsertReceivables } from '../cache/receivables.repo';
import { getSyncState, saveSyncState, type SyncKind, type SyncState } from '../cache/sync-state.repo';
import type { Db } from '../db/open-db';
import { storeOfDb } from '../store/sqlite-store';
import type { Store, Tx } from '../store/store';
import { placeAccountsFromHistory } from '../branches/branches';
import { branchesRepo } from '../branches/branches.repo';
import { AppError, isAppError } from '../errors';
import type { ApiBankAccount, ApiDebtor, ApiReceivable } from '../api/schemas';
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
/** [V] How often a network's sync reads its debtors when not asked to (see the debtors phase). */
export const DEBTORS_NETWORK_EVERY_MS = 6 * 3600_000;
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
  /**
   * [V] A network (multi-location key): how its receivables were read — `network` (one read, split by each record's
   * branch) or `branches` (one read per chosen branch with `idBranch`) — and the branches seen for the first time.
   */
  network: { read: 'network' | 'branches'; branchesRead: number; newBranches: number[] } | null;
}

export interface SyncDeps {
  /** The branch's SQLite handle (tests); the Store below is what the sync writes through. */
  db?: Db;
  /**
   * Where the cache (receivables, accounts, debtors, geography, sync state) and the branches are written: the
   * branch's Store (SQLite or PostgreSQL); default: the Store of `db`.
   */
  store?: Store;
  client: ApiClient;
  limiter: RateLimiter;
  /** Count of HTTP requests sent so far by `client` (the caller wires onRequest to it). */
  requestCount: () => number;
  onProgress?: (p: SyncProgress) => void;
  signal?: AbortSignal;
  now?: () => Date;
  /**
   * [V] The key is a multi-location ("administrador geral") key: the branches are read and placed (docs/branches.md).
   * A branch key's sync is today's, plus the branch its records name.
   */
  network?: boolean;
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
  const { client, signal } = deps;
  const store: Store =
    deps.store ??
    (deps.db
      ? storeOfDb(deps.db)
      : (() => {
          throw new Error('runSync needs the branch’s Store (or its SQLite handle).');
        })());
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
    work: () => Promise<{ result: T; patch: Partial<SyncState> }>,
  ): Promise<T> {
    const attemptAt = stamp();
    try {
      const { result, patch } = await work();
      await store.write(async (tx) =>
        saveSyncState(tx, {
          ...(await getSyncState(tx, kind)),
          ...patch,
          lastAttemptAt: attemptAt,
          lastSuccessAt: stamp(),
          lastError: null,
        }),
      );
      return result;
    } catch (e) {
      const msg = isAppError(e) ? e.message : 'unexpected error';
      await store.write(async (tx) =>
        saveSyncState(tx, { ...(await getSyncState(tx, kind)), lastAttemptAt: attemptAt, lastError: msg }),
      );
      throw e;
    }
  }

  const bankAccounts = await phase('bank_accounts', async () => {
    report('bank_accounts', 0, 1, now().getTime());
    const items = deps.network ? await networkAccounts() : (await client.bankAccounts(signal)).items;
    await store.write((tx) => replaceBankAccounts(tx, items, stamp()));
    report('bank_accounts', 1, 1, now().getTime());
    return { result: items.length, patch: { itemCount: items.length } };
  });

  const at = stamp();
  const newBranches: number[] = [];
  const noteBranches = async (tx: Tx, ids: (number | null)[], seenIn: 'receivables' | 'debtors') => {
    newBranches.push(...(await branchesRepo.noteSeen(tx, ids, seenIn, at)));
  };

  /**
   * One scope's receivables: the whole key's (`idBranch` undefined: one branch, or a network read whole) or one
   * branch's. The first time, the due-date window; after that, the parts of the window not read yet plus what
   * changed since the scope's mark. Returns the scope's next state; `aborted` when the server proved mid-read that
   * it does not take `idBranch` (the caller reads the network whole instead).
   */
  async function readScope(
    state: { windowFrom: string | null; windowTo: string | null; highWaterMark: string | null },
    idBranch: number | undefined,
    progress: { pages: number; estimate: number | null; phaseStarted: number },
    /** A whole read that must name a branch (the key needs one, the server ignores which): keep every row. */
    ticket = false,
  ) {
    const have = state.windowFrom && state.windowTo ? { from: state.windowFrom, to: state.windowTo } : null;
    const first = state.highWaterMark === null;
    const branch = idBranch === undefined ? {} : { idBranch };
    const fetches: ReceivableFilters[] = (first ? [window] : uncovered(window, have)).map((r) => ({
      dueDateStart: r.from,
      dueDateEnd: r.to,
      accountStatus: SYNC_STATUSES,
      ...branch,
    }));
    // Everything changed since the last mark, whatever its window. The mark is sent with its time of day; a
    // server that only takes yyyy-mm-dd (as documented) gets the day instead (the client learns it from the 400).
    const windowFetches = fetches.length;
    if (!first) fetches.push({ updateDateStart: state.highWaterMark!, ...branch });
    const cardTo = addDays(today, CARD_DAYS_AHEAD);
    // Only with the default window: a window the clerk chose (dueTo) is read as asked.
    if (first && opts.dueTo === undefined && window.to < cardTo)
      fetches.push({
        dueDateStart: addDays(window.to, 1),
        dueDateEnd: cardTo,
        accountStatus: [ACCOUNT_STATUS.open, ACCOUNT_STATUS.overdue],
        paymentTypes: CARD_TYPES,
        ...branch,
      });

    let fetched = 0;
    let skipped = 0;
    let dropped = 0;
    let hwm = state.highWaterMark;
    let aborted = false;
    reading: for (const filters of fetches) {
      for await (const page of client.readReceivables(filters, signal ? { signal } : {})) {
        const items: ApiReceivable[] = page.items;
        // The page and the branches it names, together.
        await store.write(async (tx) => {
          await upsertReceivables(tx, items, stamp());
          await noteBranches(
            tx,
            items.map((r) => r.branchMemberId),
            'receivables',
          );
        });
        for (const r of items) if (r.updateDate && (!hwm || r.updateDate > hwm)) hwm = r.updateDate;
        progress.pages++;
        fetched += items.length;
        skipped += page.skipped;
        dropped += page.dropped;
        report(
          'receivables',
          progress.pages,
          progress.estimate === null ? null : Math.max(progress.estimate, progress.pages),
          progress.phaseStarted,
        );
        if (idBranch !== undefined && !ticket) {
          // Rows of other branches under idBranch: the server ignores it. Asked again without it (a 400 named it):
          // it refuses it. Either way one read of the network is cheaper than one per branch from here on.
          if ((page.droppedBy.idBranch ?? 0) > 0)
            client.quirks.learn(
              'id-branch-ignored',
              `branch ${idBranch}: ${page.droppedBy.idBranch} rows of others`,
            );
          if (client.quirks.has('id-branch-ignored') || client.quirks.has('id-branch-refused')) {
            aborted = true;
            break reading;
          }
        }
      }
    }
    const covered = have && (first ? false : !(window.to < have.from || window.from > have.to));
    const windowFrom = covered ? (window.from < have.from ? window.from : have.from) : window.from;
    const windowTo = covered ? (window.to > have.to ? window.to : have.to) : window.to;
    // The first sync of an empty branch still sets a mark, so the next one is incremental.
    const mark = hwm ?? `${today}T00:00:00`;
    return {
      fetched,
      skipped,
      dropped,
      first,
      windowFetches,
      aborted,
      next: { windowFrom, windowTo, highWaterMark: mark },
    };
  }

  /**
   * [V] How a network is read: per chosen branch with `idBranch` when that reads less — the office reconciles some
   * of the branches the key sees — or when the key is refused without it; otherwise the whole network at once (the
   * administrator key sees every branch, evo-api.md [seen]) and each record goes to the branch it names. A server
   * known to ignore or refuse `idBranch` is always read whole.
   */
  const branches = () => store.read((tx) => branchesRepo.list(tx));
  const perBranch = async (): Promise<number[] | null> => {
    if (!deps.network) return null;
    const q = client.quirks;
    if (q.has('id-branch-refused') || q.has('id-branch-ignored')) return null;
    const all = await branches();
    const chosen = all.filter((b) => b.chosen).map((b) => b.id);
    if (chosen.length === 0) return null;
    return q.has('admin-needs-branch') || chosen.length < all.length ? chosen : null;
  };

  /**
   * [V] A server that needs `idBranch` on every read and then ignores it answers any one branch's read with the whole
   * network: the whole read is sent with a known branch's id as a ticket, and every row is kept.
   */
  const wholeTicket = async (): Promise<number | undefined> => {
    const q = client.quirks;
    if (!deps.network || !q.has('admin-needs-branch') || !q.has('id-branch-ignored')) return undefined;
    return (await branches())[0]?.id;
  };

  let read: 'network' | 'branches' = 'network';
  let branchesRead = 0;
  const receivables = await phase('receivables', async () => {
    const state = await store.read((tx) => getSyncState(tx, 'receivables'));
    const phaseStarted = now().getTime();
    const first = state.highWaterMark === null;
    const estimate = first && state.itemCount > 0 ? Math.ceil(state.itemCount / PAGE_SIZE) + 1 : null;
    const progress = { pages: 0, estimate, phaseStarted };
    const totals = { fetched: 0, skipped: 0, dropped: 0, windowFetches: 0 };
    const add = (r: { fetched: number; skipped: number; dropped: number; windowFetches: number }) => {
      totals.fetched += r.fetched;
      totals.skipped += r.skipped;
      totals.dropped += r.dropped;
      totals.windowFetches += r.windowFetches;
    };
    let networkPatch: Partial<SyncState> = {};

    const ids = await perBranch();
    let wholeNeeded = ids === null;
    if (ids) {
      read = 'branches';
      for (const id of ids) {
        // A branch with no read of its own starts from the network's whole read's window and mark when there was one:
        // that read brought every branch's receivables, however the branch was first found (records, debtors, the
        // office). Without one (a key refused without idBranch) it is read from the start.
        const own = await store.read((tx) => branchesRepo.syncState(tx, id));
        const start = own.highWaterMark === null && state.highWaterMark !== null ? state : own;
        const r = await readScope(start, id, progress);
        add(r);
        if (r.aborted) {
          wholeNeeded = true;
          read = 'network';
          break;
        }
        await store.write((tx) => branchesRepo.saveSyncState(tx, id, { ...r.next, lastSuccessAt: stamp() }));
        branchesRead++;
      }
    }
    let mode: 'first' | 'incremental' = first ? 'first' : 'incremental';
    if (wholeNeeded) {
      let r;
      try {
        const ticket = await wholeTicket();
        r = await readScope(state, ticket, progress, ticket !== undefined);
      } catch (e) {
        // [V] An administrator key refused without idBranch: read per branch from now on (when any are known).
        if (deps.network && namesIdBranch(e)) {
          client.quirks.learn('admin-needs-branch', namedIn(e).slice(0, 300));
          throw branchesNeeded(
            (await branches()).some((b) => b.chosen),
            e,
          );
        }
        throw e;
      }
      add(r);
      mode = r.first ? 'first' : 'incremental';
      networkPatch = { ...r.next };
    }
    return {
      result: { ...totals, mode },
      patch: { ...networkPatch, itemCount: await store.read(countReceivables) },
    };
  });

  let debtors: number | null = null;
  // [V] A network's debtors are every branch's (a 20-branch network: ~225 requests, five minutes of the API's budget),
  // so a sync not asked for them reads them at most every DEBTORS_NETWORK_EVERY_MS; asked (debtors: true), always.
  const lastDebtors = (await store.read((tx) => getSyncState(tx, 'debtors'))).lastSuccessAt;
  const debtorsFresh =
    deps.network === true &&
    opts.debtors === undefined &&
    lastDebtors !== null &&
    now().getTime() - new Date(lastDebtors).getTime() < DEBTORS_NETWORK_EVERY_MS;
  if (opts.debtors !== false && !debtorsFresh) {
    debtors = await phase('debtors', async () => {
      const phaseStarted = now().getTime();
      const all: ApiDebtor[] = [];
      // [V] A network read branch by branch (some branches chosen, or a key refused without idBranch) reads its
      // debtors the same way; otherwise whole, each debtor keeping its own branch.
      const chosen = (await branches()).filter((b) => b.chosen).map((b) => b.id);
      const ticket = await wholeTicket();
      const scopes: (number | undefined)[] =
        ticket !== undefined
          ? [ticket]
          : deps.network && (client.quirks.has('admin-needs-branch') || read === 'branches')
            ? chosen
            : [undefined];
      let pages = 0;
      for (const idBranch of scopes)
        for (let skip = 0, read = 0; ; skip += PAGE_SIZE) {
          pages++;
          const page = await client.debtorsPage(skip, signal, idBranch);
          // Under idBranch, only that branch's (a server that ignores it there sends every branch's, each time).
          all.push(
            ...(idBranch === undefined || ticket !== undefined
              ? page.items
              : page.items.filter((d) => d.branchId === null || d.branchId === idBranch)),
          );
          read += page.items.length;
          const total = page.total;
          report(
            'debtors',
            pages,
            total === null ? null : Math.max(pages, Math.ceil(total / PAGE_SIZE)),
            phaseStarted,
          );
          if (page.items.length + page.skipped < PAGE_SIZE || (total !== null && read >= total)) break;
        }
      // A snapshot is only replaced when it was read whole.
      await store.write(async (tx) => {
        await replaceDebtors(tx, all, stamp());
        await noteBranches(
          tx,
          all.map((d) => d.branchId),
          'debtors',
        );
      });
      return { result: all.length, patch: { itemCount: all.length } };
    });
  }

  let geography: SyncSummary['geography'] = null;
  if (opts.geography) {
    geography = await phase('geography', async () => {
      report('geography', 0, 1, now().getTime());
      const page = await client.states(signal);
      const counts = await store.write((tx) => replaceGeography(tx, page.items));
      report('geography', 1, 1, now().getTime());
      return { result: counts, patch: { itemCount: counts.states + counts.cities + counts.neighborhoods } };
    });
  }

  // [V] Accounts the API did not place go where their received receivables say (docs/branches.md).
  await store.write((tx) => placeAccountsFromHistory(tx, stamp()));

  return {
    requests: deps.requestCount(),
    durationMs: now().getTime() - started,
    waitedMs: deps.limiter.waitedMs - waitedAtStart,
    bankAccounts,
    receivables,
    debtors,
    geography,
    network: deps.network ? { read, branchesRead, newBranches: [...new Set(newBranches)] } : null,
  };

  /**
   * [V] A network's bank accounts: the key's whole list, and, for branches whose list was never read (a new branch)
   * or when an account nobody placed appears, each chosen branch's list with `idBranch`. An account in one branch's
   * list is that branch's; in several, the network's (a central account). A server whose per-branch lists all equal
   * the whole list ignores `idBranch`: nothing is placed from them (history places the accounts instead).
   */
  async function networkAccounts(): Promise<ApiBankAccount[]> {
    const q = client.quirks;
    let whole: ApiBankAccount[] | null = null;
    if (!q.has('admin-needs-branch')) {
      try {
        whole = (await client.bankAccounts(signal)).items;
      } catch (e) {
        if (!namesIdBranch(e)) throw e;
        q.learn('admin-needs-branch', namedIn(e).slice(0, 300));
      }
    }
    const [known, places, never] = await store.read(
      async (tx) =>
        [
          await branchesRepo.list(tx),
          await branchesRepo.accountBranches(tx),
          new Set(await branchesRepo.accountsNeverListed(tx)),
        ] as const,
    );
    const chosen = known.filter((b) => b.chosen).map((b) => b.id);
    const unplaced = whole?.some((a) => !places.has(a.id)) ?? true;
    const canSplit = !q.has('id-branch-refused') && !q.has('id-branch-ignored');
    // Refused without idBranch and nothing to ask it with: say so, and keep the accounts cached (an empty list here
    // would replace them).
    if (whole === null && chosen.length === 0) throw branchesNeeded(false);
    // Needs a branch and ignores which: any one branch's list is the whole list (nothing placed from it).
    if (whole === null && q.has('id-branch-ignored'))
      return (await client.bankAccounts(signal, chosen[0])).items;
    if (whole === null && !canSplit)
      throw new AppError('external', 'The API refuses this key both with a branch and without one.', {
        code: 'branches.api_refuses',
      });
    if (!canSplit || chosen.length === 0 || (!unplaced && !chosen.some((id) => never.has(id))))
      return whole ?? [];
    const lists = new Map<number, ApiBankAccount[]>();
    for (const id of chosen) {
      try {
        lists.set(id, (await client.bankAccounts(signal, id)).items);
      } catch (e) {
        if (!namesIdBranch(e)) throw e;
        q.learn('id-branch-refused', namedIn(e).slice(0, 300));
        if (whole === null) throw branchesNeeded(true);
        return whole;
      }
    }
    await store.write((tx) => branchesRepo.markAccountsListed(tx, chosen, stamp()));
    const union = new Map<number, ApiBankAccount>();
    for (const list of lists.values()) for (const a of list) union.set(a.id, a);
    const all = whole ?? [...union.values()];
    const key = (l: ApiBankAccount[]) =>
      l
        .map((a) => a.id)
        .sort((x, y) => x - y)
        .join(',');
    // Every branch's list the same as the whole one (or, without the whole one, as each other), with more than one
    // branch: the filter is ignored.
    const firstList = [...lists.values()][0]!;
    if (lists.size > 1 && [...lists.values()].every((l) => key(l) === key(whole ?? firstList))) {
      q.learn(
        'id-branch-ignored',
        `bank-accounts: ${lists.size} branches listed ${firstList.length} accounts each`,
      );
      return all;
    }
    // One branch listed whose list is the whole one proves nothing (it may be ignored): place nothing.
    if (whole && lists.size === 1 && key([...lists.values()][0]!) === key(whole) && known.length > 1)
      return all;
    // In several branches' lists: the network's (a central account). In exactly one: that branch's — only when every
    // branch's list was read, since a central account is in each list and one list read cannot tell it apart.
    const everyListed = known.every((b) => lists.has(b.id));
    await store.write(async (tx) => {
      for (const a of all) {
        const inLists = [...lists].filter(([, l]) => l.some((x) => x.id === a.id)).map(([id]) => id);
        if (inLists.length > 1) await branchesRepo.setAccountBranch(tx, a.id, null, 'api', stamp());
        else if (inLists.length === 1 && everyListed)
          await branchesRepo.setAccountBranch(tx, a.id, inLists[0]!, 'api', stamp());
      }
    });
    return all;
  }
}

/**
 * [V] A multi-location key the API answers only with `idBranch`: with branches known, the next sync reads them one by
 * one (learned); with none known, or a server that takes no `idBranch` either, the office must add them by id.
 */
function branchesNeeded(known: boolean, cause?: unknown): AppError {
  return known
    ? new AppError(
        'external',
        'The API asks for a branch on every read: sync again to read branch by branch.',
        {
          code: 'branches.sync_again',
          ...(cause ? { cause } : {}),
        },
      )
    : new AppError(
        'validation',
        'The API reads this key’s data only branch by branch, and no branch is known yet: add the branches by their ids (Configurações → Unidades, or quita branches adicionar).',
        { code: 'branches.ids_needed', ...(cause ? { cause } : {}) },
      );
}

/** A 400 that names `idBranch` (its fields or messages, as the client reads them to learn a server's quirks). */
const namesIdBranch = (e: unknown): boolean => namedIn(e).includes('idbranch');
