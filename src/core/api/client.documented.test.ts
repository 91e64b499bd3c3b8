import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox, SandboxOptions } from '../../sandbox';
import { instantClock, testSandbox, TEST_TODAY } from '../../../tests/helpers/sandbox';
import { listQuirks, storeQuirks } from '../cache/api-quirks.repo';
import { storeOfDb } from '../store/sqlite-store';
import { MIGRATIONS } from '../db/migrations';
import { migrate } from '../db/migrate';
import { isAppError } from '../errors';
import { createApiClient, type ApiClient } from './client';
import { memoryQuirks, type ApiQuirks } from './quirks';
import { createRateLimiter } from './rate-limiter';

/**
 * The client against servers shaped like the documented API and the plausible ways a real one departs from it
 * (docs/api-behaviour.md): lists refused for `accountStatus`, date-times refused in date filters, filters
 * ignored, mark-received answering something that is not a success.
 */
let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function setup(opts: SandboxOptions = {}, quirks: ApiQuirks = memoryQuirks()) {
  sandbox = await testSandbox(opts);
  const paths: string[] = [];
  const client: ApiClient = createApiClient({
    creds: { baseUrl: sandbox.url, username: sandbox.username, password: sandbox.branchKey },
    limiter: createRateLimiter({ perSecond: 1000, perMinute: 100_000 }),
    clock: instantClock,
    timeoutMs: 3000,
    quirks,
    onRequest: (p) => void paths.push(p),
  });
  return { sandbox, client, requests: () => paths.length };
}

async function readAll(client: ApiClient, f: Parameters<ApiClient['readReceivables']>[0]) {
  const ids: number[] = [];
  let dropped = 0;
  for await (const page of client.readReceivables(f)) {
    ids.push(...page.items.map((r) => r.id));
    dropped += page.dropped;
  }
  return { ids: ids.sort((a, b) => a - b), dropped };
}

describe('API client against the documented API', () => {
  it('a 400 naming accountStatus: one value per request from then on, remembered in the profile', async () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS);
    const quirks = await storeQuirks(storeOfDb(db));
    const { sandbox, client, requests } = await setup({ lenient: { singleValueLists: true } }, quirks);
    const expected = sandbox.data.receivables
      .filter((r) => r.status === 1 || r.status === 4)
      .map((r) => r.idReceivable)
      .sort((a, b) => a - b);
    const first = await readAll(client, { accountStatus: [1, 4] });
    expect(first.ids).toEqual(expected);
    await quirks.settled();
    const kept = await storeOfDb(db).read(listQuirks);
    expect(kept.map((q) => q.quirk)).toEqual(['single-value:accountStatus']);
    expect(kept[0]!.evidence).toMatch(/accountstatus/);
    // The next read asks one status at a time at once: no refused request first.
    const before = requests();
    expect((await readAll(client, { accountStatus: [1, 4] })).ids).toEqual(expected);
    const pagesOf = (status: number) =>
      Math.floor(sandbox.data.receivables.filter((r) => r.status === status).length / 50) + 1;
    expect(requests() - before).toBe(pagesOf(1) + pagesOf(4));
  });

  it('a server that refuses a time of day in date filters gets the whole day (a superset), learned once', async () => {
    const quirks = memoryQuirks();
    const { client } = await setup({ lenient: { dateOnlyFilters: true } }, quirks);
    const r = await readAll(client, { updateDateStart: `${TEST_TODAY}T00:00:00`, accountStatus: [2] });
    expect(quirks.learned).toEqual(['date-only-filters']);
    expect(r.dropped).toBe(0);
  });

  it('the strict server refuses an id list; the client never sends one (one id per request)', async () => {
    const { sandbox, client } = await setup();
    const id = sandbox.data.receivables[5]!.idReceivable;
    const page = await client.receivablesPage({ idReceivable: id }, 0);
    expect(page.items.map((r) => r.id)).toEqual([id]);
    const res = await fetch(`${sandbox.url}/api/v1/receivables?idReceivable=${id},${id + 1}`, {
      headers: {
        Authorization: `Basic ${Buffer.from(`${sandbox.username}:${sandbox.branchKey}`).toString('base64')}`,
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errors: { idReceivable: [`The value '${id},${id + 1}' is not valid.`] },
    });
  });

  it('rows contradicting the filters (a server ignoring accountStatus or idReceivable) are dropped and counted', async () => {
    const { sandbox, client } = await setup({
      lenient: { ignoreFilters: ['accountStatus', 'idReceivable'] },
    });
    const open = sandbox.data.receivables.filter((r) => r.status === 1 || r.status === 4).length;
    const r = await readAll(client, { accountStatus: [1, 4] });
    expect(r.ids).toHaveLength(open);
    expect(r.dropped).toBe(sandbox.data.receivables.length - open);
    const id = sandbox.data.receivables[70]!.idReceivable;
    const page = await client.receivablesPage({ idReceivable: id }, 0);
    // The server sent its first 50 rows; none is the one asked for.
    expect(page.items).toEqual([]);
    expect(page.droppedBy).toEqual({ idReceivable: 50 });
  });

  it('mark-received: empty, true or a JSON object are success; an HTML page is never one', async () => {
    const { sandbox, client } = await setup();
    const open = sandbox.data.receivables.filter((r) => r.status === 1 || r.status === 4);
    const account = sandbox.data.bankAccounts[0]!.id;
    for (const [i, answer] of (['empty', 'true', 'object'] as const).entries()) {
      sandbox.setLenient({ markReceivedAnswer: answer });
      await expect(client.markReceived([open[i]!.idReceivable], account)).resolves.toBeUndefined();
    }
    sandbox.setLenient({ markReceivedAnswer: 'html' });
    const err = await client.markReceived([open[5]!.idReceivable], account).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('api.bad_response');
    expect(isAppError(err) && err.kind).toBe('external');
  });

  it('learns the server’s clock from its Date header (the sandbox runs on a fixed day)', async () => {
    const { client } = await setup();
    expect(client.serverClock.known).toBe(false);
    await client.bankAccounts();
    expect(client.serverClock.known).toBe(true);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      client.serverClock.now(),
    );
    expect(today).toBe(TEST_TODAY);
  });
});
