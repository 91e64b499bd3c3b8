import { describe, expect, it } from 'vitest';
import { createRateLimiter, type Clock } from './rate-limiter';

/** A clock that advances only when someone sleeps: the limiter's arithmetic, without waiting for real. */
function fakeClock(): Clock & { t: number } {
  const c = {
    t: 1_000_000,
    now: () => c.t,
    sleep: async (ms: number) => {
      c.t += ms;
    },
  };
  return c;
}

describe('rate limiter', () => {
  it('never lets more than 5 calls through in any second', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ perSecond: 5, perMinute: 1000 }, clock);
    const times: number[] = [];
    for (let i = 0; i < 12; i++) {
      await limiter.acquire();
      times.push(clock.t);
    }
    for (let i = 5; i < times.length; i++) expect(times[i]! - times[i - 5]!).toBeGreaterThanOrEqual(1000);
    expect(limiter.waitedMs).toBeGreaterThan(0);
  });

  it('never lets more than 40 calls through in any minute, and counts the wait', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ perSecond: 5, perMinute: 40 }, clock);
    const start = clock.t;
    for (let i = 0; i < 41; i++) await limiter.acquire();
    expect(clock.t - start).toBeGreaterThanOrEqual(60_000);
    expect(limiter.waitedMs).toBe(clock.t - start);
  });

  it('blocks everyone after a 429 until Retry-After has passed', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ perSecond: 5, perMinute: 40 }, clock);
    await limiter.acquire();
    limiter.penalize(15_000);
    const before = clock.t;
    expect(await limiter.acquire()).toBeGreaterThanOrEqual(15_000);
    expect(clock.t - before).toBeGreaterThanOrEqual(15_000);
  });

  it('serves waiting callers in order and stops a cancelled one', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ perSecond: 1, perMinute: 40 }, clock);
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => limiter.acquire().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(limiter.acquire(ctrl.signal)).rejects.toThrow(/Cancelled/);
  });
});
