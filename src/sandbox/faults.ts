import { z } from 'zod';
import { createRng, type Rng } from './prng';
import type { FaultOptions } from './types';

const rate = z.number().min(0).max(1);
export const faultOptionsSchema = z.strictObject({
  latencyMs: z.int().min(0).max(600_000).optional(),
  latencyJitterMs: z.int().min(0).max(600_000).optional(),
  errorRate: rate.optional(),
  rateLimitRate: rate.optional(),
  timeoutRate: rate.optional(),
  resetAfterApplyRate: rate.optional(),
  markReceivedLatencyMs: z.int().min(0).max(600_000).optional(),
  seed: z.int().min(0).max(4294967295).optional(),
});

/** What happens to one request. */
export interface FaultDraw {
  delayMs: number;
  /** Added to delayMs for mark-received only (the injector does not know the route). */
  markReceivedDelayMs: number;
  timeout: boolean;
  tooManyRequests: boolean;
  serverError: boolean;
  emptyErrorBody: boolean;
  resetAfterApply: boolean;
}

/**
 * Every request consumes exactly six numbers from the stream, whatever is enabled, so turning one fault
 * on never changes when another one fires.
 */
export function createFaultInjector(initial: FaultOptions, defaultSeed: number) {
  let options: FaultOptions = {};
  let rng: Rng = createRng(defaultSeed, 'faults');
  const set = (f: FaultOptions) => {
    const parsed = faultOptionsSchema.safeParse(f);
    if (!parsed.success) throw new Error(`invalid fault options: ${parsed.error.message}`);
    options = { ...parsed.data };
    rng = createRng(options.seed ?? defaultSeed, 'faults');
  };
  set(initial);
  return {
    set,
    get: (): FaultOptions => ({ ...options }),
    draw(): FaultDraw {
      const [jitter, timeout, tooMany, error, empty, reset] = Array.from({ length: 6 }, () => rng.next()) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      return {
        delayMs: (options.latencyMs ?? 0) + Math.floor(jitter * (options.latencyJitterMs ?? 0)),
        // Fixed, not drawn: the six-draws rule keeps every other fault's outcomes where they were.
        markReceivedDelayMs: options.markReceivedLatencyMs ?? 0,
        timeout: timeout < (options.timeoutRate ?? 0),
        tooManyRequests: tooMany < (options.rateLimitRate ?? 0),
        serverError: error < (options.errorRate ?? 0),
        emptyErrorBody: empty < 0.5,
        resetAfterApply: reset < (options.resetAfterApplyRate ?? 0),
      };
    },
  };
}

export type FaultInjector = ReturnType<typeof createFaultInjector>;
