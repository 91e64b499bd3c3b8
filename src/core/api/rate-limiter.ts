import { AppError } from '../errors';

export interface RateLimits {
  perSecond: number;
  perMinute: number;
}
export const DEFAULT_RATE_LIMITS: RateLimits = { perSecond: 5, perMinute: 40 };

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(cancelled());
      const t = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(t);
        reject(cancelled());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

const cancelled = () => new AppError('conflict', 'Cancelled.', { code: 'api.cancelled' });

/**
 * One limiter per connection profile, shared by every call of that profile in this process. Sliding windows
 * (never more than N requests in any 1 s / 60 s span) are at least as strict as the server's windows,
 * whichever kind it uses. A 429 blocks every caller until its Retry-After has passed.
 */
export interface RateLimiter {
  /** Wait for a slot; resolves with the milliseconds spent waiting. */
  acquire(signal?: AbortSignal): Promise<number>;
  /** The server said 429: nobody calls before `ms` from now. */
  penalize(ms: number): void;
  /** Total time spent waiting for the limit since creation. */
  readonly waitedMs: number;
  readonly limits: RateLimits;
}

/** A little slack for clock differences between us and the server. */
const MARGIN_MS = 25;

export function createRateLimiter(
  limits: RateLimits = DEFAULT_RATE_LIMITS,
  clock: Clock = realClock,
): RateLimiter {
  const sent: number[] = [];
  let blockedUntil = 0;
  let waitedTotal = 0;
  // Callers queue in order, so a waiting caller is not overtaken by a later one.
  let queue: Promise<unknown> = Promise.resolve();
  const turnOver = () => undefined;

  const nextSlotIn = (now: number): number => {
    while (sent.length && sent[0]! <= now - 60_000) sent.shift();
    let wait = Math.max(0, blockedUntil - now);
    if (sent.length >= limits.perMinute)
      wait = Math.max(wait, sent[sent.length - limits.perMinute]! + 60_000 - now + MARGIN_MS);
    const inLastSecond = sent.filter((t) => t > now - 1000);
    if (inLastSecond.length >= limits.perSecond) {
      wait = Math.max(wait, inLastSecond[inLastSecond.length - limits.perSecond]! + 1000 - now + MARGIN_MS);
    }
    return wait;
  };

  const acquireNow = async (signal?: AbortSignal): Promise<number> => {
    let waited = 0;
    for (;;) {
      if (signal?.aborted) throw cancelled();
      const wait = nextSlotIn(clock.now());
      if (wait <= 0) break;
      await clock.sleep(wait, signal);
      waited += wait;
    }
    sent.push(clock.now());
    waitedTotal += waited;
    return waited;
  };

  return {
    acquire(signal) {
      const turn = queue.then(() => acquireNow(signal));
      // The caller gets `turn` itself, rejection included (a cancelled wait); the queue only needs to know
      // that this turn is over, whichever way, so the next caller's turn starts.
      queue = turn.then(turnOver, turnOver);
      return turn;
    },
    penalize(ms) {
      blockedUntil = Math.max(blockedUntil, clock.now() + ms);
    },
    get waitedMs() {
      return waitedTotal;
    },
    limits,
  };
}
