import type { RateLimitOptions } from './types';

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { perSecond: 5, perMinute: 40 };

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Sliding-window log per client IP: a request is accepted when fewer than `perSecond` accepted requests
 * happened in the previous 1,000 ms AND fewer than `perMinute` in the previous 60,000 ms. Rejected
 * requests are not counted, so a client that waits Retry-After seconds is always let through.
 */
export function createRateLimiter(limits: RateLimitOptions, now: () => number = Date.now) {
  const log = new Map<string, number[]>();
  return {
    check(ip: string): RateDecision {
      const t = now();
      const times = (log.get(ip) ?? []).filter((x) => x > t - 60_000);
      const lastSecond = times.filter((x) => x > t - 1_000);
      let waitMs = 0;
      if (lastSecond.length >= limits.perSecond) {
        waitMs = Math.max(waitMs, lastSecond[lastSecond.length - limits.perSecond]! + 1_000 - t);
      }
      if (times.length >= limits.perMinute) {
        waitMs = Math.max(waitMs, times[times.length - limits.perMinute]! + 60_000 - t);
      }
      if (waitMs > 0) {
        log.set(ip, times);
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      }
      times.push(t);
      log.set(ip, times);
      return { ok: true };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
