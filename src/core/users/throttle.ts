/**
 * How long a login waits after failures ([W], issue 34): per login name, after 5 consecutive failures; per address,
 * after 20 failures in 15 minutes. The wait starts at 1 s and doubles with each further failure, up to 15 minutes.
 * Attempts refused during the wait are not failures: they do not lengthen it (a clerk retrying is not punished
 * more), and the password is not even checked.
 */
export const LOGIN_FREE_FAILURES = 5;
export const IP_FREE_FAILURES = 20;
export const IP_WINDOW_MS = 15 * 60_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** A login's count is forgotten after a day without failures (the counters of made-up names do not pile up). */
export const COUNTER_TTL_MS = 24 * 60 * 60_000;

/** The wait after `failures` failures when the first `free` cost nothing: 0, then 1 s, 2 s, 4 s … 15 min. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  const doublings = failures - free;
  // 2^20 s is already past the cap: no need to compute (or overflow) beyond it.
  return doublings >= 20 ? MAX_DELAY_MS : Math.min(1000 * 2 ** doublings, MAX_DELAY_MS);
}

/** Milliseconds still to wait at `now`, given the failures and when the latest was; 0: may try. */
export function waitLeft(failures: number, free: number, lastFailureAt: string | null, now: Date): number {
  if (lastFailureAt === null) return 0;
  const until = Date.parse(lastFailureAt) + delayAfter(failures, free);
  return Math.max(0, until - now.getTime());
}

/**
 * Runs async work one at a time per key (a login name, an address): parallel attempts cannot all pass the
 * throttle's check before the first failure is written.
 */
export function keyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return async function inTurn<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    let release = () => {};
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => mine);
    tails.set(key, tail);
    await before;
    try {
      return await fn();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
