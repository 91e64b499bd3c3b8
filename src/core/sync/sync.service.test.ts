import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox';
import { clientFor, testSandbox, TEST_TODAY } from '../../../tests/helpers/sandbox';
import { getSyncState, type SyncKind } from '../cache/sync-state.repo';
import { openDb, type Db } from '../db/open-db';
import { AppError } from '../errors';
import { addDays } from './dates';
import { ACCOUNT_STATUS, PAYMENT_TYPE } from '../../shared/constants';
import { storeOfDb } from '../store/sqlite-store';
import { CARD_DAYS_AHEAD, runSync, type SyncDeps } from './sync.service';

const syncState = (db: Db, kind: SyncKind) => storeOfDb(db).read((tx) => getSyncState(tx, kind));

let sandbox: RunningSandbox | undefined;
let db: Db | undefined;
afterEach(async () => {
  db?.close();
  db = undefined;
  await sandbox?.close();
  sandbox = undefined;
});

const window = { from: addDays(TEST_TODAY, -90), to: addDays(TEST_TODAY, 7) };
/** What the API holds in the first sync's window (open, received, overdue), straight from the sandbox's data. */
const expectedInWindow = (s: RunningSandbox) =>
  s.data.receivables.filter(
    (r) =>
      [1, 2, 4].includes(r.status) &&
      r.dueDate.slice(0, 10) >= window.from &&
      r.dueDate.slice(0, 10) <= window.to,
  );
/** What a first sync caches: the window, and the card sales due after it. */
const expectedFirstSync = (s: RunningSandbox) => expectedInWindow(s).length + expectedCardsAhead(s).length;
/** The first sync's card receivables due after the window, up to CARD_DAYS_AHEAD: open or overdue credit/debit. */
const expectedCardsAhead = (s: RunningSandbox) =>
  s.data.receivables.filter(
    (r) =>
      [ACCOUNT_STATUS.open, ACCOUNT_STATUS.overdue].includes(r.status as 1 | 4) &&
      [PAYMENT_TYPE.credit_card, PAYMENT_TYPE.debit_card, PAYMENT_TYPE.online_credit_card].includes(
        r.paymentType as 2 | 3 | 12,
      ) &&
      r.dueDate.slice(0, 10) > window.to &&
      r.dueDate.slice(0, 10) <= addDays(TEST_TODAY, CARD_DAYS_AHEAD),
  );

function deps(s: RunningSandbox, extra: Partial<SyncDeps> = {}): SyncDeps & { db: Db } {
  const { client, requests, limiter } = clientFor(s);
  db ??= openDb(':memory:');
  return { db, client, limiter, requestCount: requests, ...extra };
}
const cached = (d: Db, status?: number) =>
  (status === undefined
    ? d.prepare('SELECT count(*) FROM receivables').pluck().get()
    : d.prepare('SELECT count(*) FROM receivables WHERE status_id = ?').pluck().get(status)) as number;

describe('sync against the sandbox', () => {
  it('first sync: the due-date window in the minimum number of pages, plus accounts and debtors', async () => {
    sandbox = await testSandbox();
    const d = deps(sandbox);
    const summary = await runSync(d, { today: TEST_TODAY });
    const n = expectedInWindow(sandbox).length;
    // Card sales due past the window (anticipated credits arrive weeks before their due date): asked once more.
    const ahead = expectedCardsAhead(sandbox).length;
    expect(n).toBeGreaterThan(100);
    expect(ahead).toBeGreaterThan(0);
    expect(cached(d.db)).toBe(n + ahead);
    expect(summary.receivables).toMatchObject({
      fetched: n + ahead,
      mode: 'first',
      skipped: 0,
      windowFetches: 1,
    });
    // The debtors' answer carries its total, so their read stops on the page that reaches it: on a day with exactly
    // 50 debtors (2028-02-29) that is one page, not one more empty page as for the receivables.
    const debtorPages = Math.max(1, Math.ceil((summary.debtors ?? 0) / 50));
    // 1 (bank accounts) + window pages (a last short page ends the loop) + card pages + debtor pages.
    expect(summary.requests).toBe(1 + Math.floor(n / 50) + 1 + Math.floor(ahead / 50) + 1 + debtorPages);
    expect(summary.bankAccounts).toBe(sandbox.data.bankAccounts.length);
    const amount = d.db
      .prepare('SELECT amount_cents FROM receivables WHERE id = ?')
      .pluck()
      .get(expectedInWindow(sandbox)[0]!.idReceivable);
    expect(amount).toBe(expectedInWindow(sandbox)[0]!.ammountCents);
    expect(await syncState(d.db, 'receivables')).toMatchObject({
      windowFrom: window.from,
      windowTo: window.to,
      lastError: null,
    });
  });

  it('keeps the fields the API really sends: conciliated, fees, sale date, card data; bank integration', async () => {
    sandbox = await testSandbox();
    const d = deps(sandbox);
    await runSync(d, { today: TEST_TODAY, debtors: false });
    const card = expectedInWindow(sandbox).find((r) => r.feesCents && r.saleDate && r.status === 2)!;
    expect(card).toBeDefined();
    expect(
      d.db
        .prepare(
          `SELECT conciliated, fees_cents AS fees, sale_date AS saleDate, card_acquirer AS acquirer, nsu
           FROM receivables WHERE id = ?`,
        )
        .get(card.idReceivable),
    ).toEqual({
      conciliated: card.conciliated ? 1 : 0,
      fees: card.feesCents,
      saleDate: card.saleDate!.slice(0, 10),
      acquirer: card.cardAcquirer,
      nsu: card.nsu,
    });
    const primary = sandbox.data.bankAccounts[0]!;
    expect(
      d.db.prepare('SELECT bank_code, bank_integration FROM bank_accounts WHERE id = ?').get(primary.id),
    ).toEqual({ bank_code: primary.bankCode, bank_integration: primary.bankIntegration ? 1 : 0 });
  });

  it('rows a server sends against the filters (it ignores accountStatus) are dropped, counted, never cached', async () => {
    sandbox = await testSandbox({ lenient: { ignoreFilters: ['accountStatus'] } });
    const d = deps(sandbox);
    const summary = await runSync(d, { today: TEST_TODAY, debtors: false });
    const cancelledInWindow = sandbox.data.receivables.filter(
      (r) => r.status === 3 && r.dueDate.slice(0, 10) >= window.from && r.dueDate.slice(0, 10) <= window.to,
    ).length;
    expect(cancelledInWindow).toBeGreaterThan(0);
    expect(summary.receivables.dropped).toBe(cancelledInWindow);
    expect(cached(d.db, 3)).toBe(0);
    expect(cached(d.db)).toBe(expectedFirstSync(sandbox));
  });

  it('incremental sync: only what changed since the high-water mark', async () => {
    sandbox = await testSandbox();
    const d = deps(sandbox);
    await runSync(d, { today: TEST_TODAY });
    const open = expectedInWindow(sandbox)
      .filter((r) => r.status === 1 || r.status === 4)
      .slice(0, 5);
    const before = cached(d.db, 2);
    await clientFor(sandbox).client.markReceived(
      open.map((r) => r.idReceivable),
      sandbox.data.bankAccounts[0]!.id,
    );
    const again = deps(sandbox);
    const summary = await runSync({ ...again, db: d.db }, { today: TEST_TODAY, debtors: false });
    expect(summary.receivables.mode).toBe('incremental');
    expect(summary.receivables.windowFetches).toBe(0);
    expect(cached(d.db, 2)).toBe(before + 5);
    // 1 for bank accounts + the changed-since pages (everything updated on the mark's day).
    expect(summary.requests).toBeLessThanOrEqual(1 + Math.ceil((summary.receivables.fetched + 1) / 50));
    expect(summary.receivables.fetched).toBeLessThan(expectedInWindow(sandbox).length / 2);
  });

  it('a wider window later fetches only the part not yet covered', async () => {
    sandbox = await testSandbox();
    const d = deps(sandbox);
    await runSync(d, { today: TEST_TODAY, debtors: false });
    const summary = await runSync(d, {
      today: TEST_TODAY,
      debtors: false,
      dueFrom: addDays(window.from, -30),
      dueTo: window.to,
    });
    expect(summary.receivables.windowFetches).toBe(1);
    expect((await syncState(d.db, 'receivables')).windowFrom).toBe(addDays(window.from, -30));
  });

  it('a sync interrupted halfway keeps what it fetched, and the next one completes without gaps', async () => {
    sandbox = await testSandbox();
    const ctrl = new AbortController();
    const d = deps(sandbox, {
      signal: ctrl.signal,
      onProgress: (p) => {
        if (p.phase === 'receivables' && p.done === 2) ctrl.abort();
      },
    });
    await expect(runSync(d, { today: TEST_TODAY })).rejects.toThrow(/Cancelled/);
    expect(cached(d.db)).toBe(100);
    const state = await syncState(d.db, 'receivables');
    expect(state.highWaterMark).toBeNull();
    expect(state.lastError).toMatch(/Cancelled/);
    const summary = await runSync({ ...deps(sandbox), db: d.db }, { today: TEST_TODAY });
    expect(summary.receivables.mode).toBe('first');
    expect(cached(d.db)).toBe(expectedFirstSync(sandbox));
  });

  it('survives 500s and 429s by retrying GETs, and counts the time waited', async () => {
    sandbox = await testSandbox({ faults: { errorRate: 0.2, rateLimitRate: 0.15, seed: 3 } });
    const d = deps(sandbox);
    const summary = await runSync(d, { today: TEST_TODAY, debtors: false });
    expect(cached(d.db)).toBe(expectedFirstSync(sandbox));
    expect(summary.requests).toBeGreaterThan(1 + Math.ceil(expectedInWindow(sandbox).length / 50));
    expect(d.limiter.waitedMs).toBeGreaterThan(0);
  });

  it('a wrong key is an auth error, recorded as the last error, and nothing is cached', async () => {
    sandbox = await testSandbox();
    const { client, requests, limiter } = clientFor(sandbox, { key: 'wrong-key' });
    db = openDb(':memory:');
    await expect(
      runSync({ db, client, limiter, requestCount: requests }, { today: TEST_TODAY }),
    ).rejects.toMatchObject({
      kind: 'auth',
    });
    expect((await syncState(db, 'bank_accounts')).lastError).toMatch(/refused the user or the key/);
    expect(cached(db)).toBe(0);
  });

  it('a key without permission for receivables is a forbidden error naming the route', async () => {
    sandbox = await testSandbox({ permissions: { branch: ['bankAccounts', 'debtors'] } });
    const d = deps(sandbox);
    const error = await runSync(d, { today: TEST_TODAY }).catch((e: unknown) => e as AppError);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('forbidden');
    expect((error as AppError).message).toContain('/api/v1/receivables');
    expect((await syncState(d.db, 'bank_accounts')).lastSuccessAt).not.toBeNull();
  });

  it('fetches the geography on demand', async () => {
    sandbox = await testSandbox();
    const d = deps(sandbox);
    const summary = await runSync(d, { today: TEST_TODAY, geography: true, debtors: false });
    expect(summary.geography?.states).toBe(27);
    expect(d.db.prepare("SELECT name FROM geo_states WHERE abbreviation = 'SP'").pluck().get()).toBe(
      'São Paulo',
    );
    expect(summary.geography?.neighborhoods).toBeGreaterThan(27);
  });
});
