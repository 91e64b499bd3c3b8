import { addDays, todayInBrasilia } from '../../src/shared/dates';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox';
import { createApiClient, type ApiClient } from '../../src/core/api/client';
import { createRateLimiter, type Clock, type RateLimiter } from '../../src/core/api/rate-limiter';

/**
 * The sandbox's "today": the day the test runs, in Brasília, as the app under test counts it. The app (a CLI or
 * host process, the core's sync window) reads the real clock, so a sandbox pinned to a fixed day drifts out of
 * the app's 90-day window as the calendar moves on (a suite green in November fails in March). Data is built
 * from this day; `npm run test:dates` runs the date-sensitive tests with the clock set to other days.
 */
export const TEST_TODAY = todayInBrasilia();

/** The day `offset` days from TEST_TODAY (negative: before), for sync windows and statement periods. */
export const testDay = (offset: number): string => addDays(TEST_TODAY, offset);

/**
 * For tests that approve and send: the clerk last reconciled two weeks ago, so the API still has two weeks of
 * payments open, whatever day it is (by default 4 to 9 days, which on some days leaves a statement one green line).
 */
export const TO_RECONCILE = { unreconciledDays: 14 } as const;

export async function testSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ seed: 7, members: 60, today: TEST_TODAY, rateLimit: false, ...opts });
}

/** Sleeps shortened to nothing: retries and rate-limit waits are counted, not waited for. */
export const instantClock: Clock & { slept: number } = {
  slept: 0,
  now: () => Date.now() + instantClock.slept,
  sleep: async (ms) => {
    instantClock.slept += ms;
  },
};

export function clientFor(
  sandbox: RunningSandbox,
  opts: { key?: string; limiter?: RateLimiter; clock?: Clock } = {},
): { client: ApiClient; requests: () => number; limiter: RateLimiter } {
  let n = 0;
  const limiter = opts.limiter ?? createRateLimiter({ perSecond: 1000, perMinute: 100_000 });
  const client = createApiClient({
    creds: { baseUrl: sandbox.url, username: sandbox.username, password: opts.key ?? sandbox.branchKey },
    limiter,
    clock: opts.clock ?? instantClock,
    timeoutMs: 2000,
    onRequest: () => void n++,
  });
  return { client, requests: () => n, limiter };
}

/** The API's current status of each id, one request per id (the documented `idReceivable` takes one id). */
export async function statusesInApi(sandbox: RunningSandbox, ids: number[]): Promise<(number | null)[]> {
  const { client } = clientFor(sandbox);
  const out: (number | null)[] = [];
  for (const id of ids) {
    const page = await client.receivablesPage({ idReceivable: id }, 0);
    out.push(page.items.find((r) => r.id === id)?.statusId ?? null);
  }
  return out;
}

/** The first `n` open or overdue receivables of the sandbox (after `skip`), as approved pairs into its first account. */
export function openPairs(
  sandbox: RunningSandbox,
  n: number,
  skip = 0,
): { receivableId: number; bankAccountId: number; amountCents: number }[] {
  return sandbox.data.receivables
    .filter((r) => r.status === 1 || r.status === 4)
    .slice(skip, skip + n)
    .map((r) => ({
      receivableId: r.idReceivable,
      bankAccountId: sandbox.data.bankAccounts[0]!.id,
      amountCents: r.ammountCents,
    }));
}
