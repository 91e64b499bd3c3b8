import { useCallback, useEffect, useRef } from 'react';

/** What a request run through `latest` ended as: its value, or stale (a newer request started meanwhile). */
export type Latest<T> = { current: true; value: T } | { current: false };

/**
 * Only the newest request's answer counts: a slow earlier answer (or failure) arriving after a newer request
 * started is reported as stale, and the caller drops it instead of overwriting the screen. The task is told
 * whether it is still current, to skip follow-up work (a second request) once it is not.
 */
export interface LatestGate {
  run<T>(task: (isCurrent: () => boolean) => Promise<T>): Promise<Latest<T>>;
  /** Makes every request in flight stale (the screen went away, or its input was cleared). */
  cancel(): void;
}

export function latestGate(): LatestGate {
  let seq = 0;
  return {
    async run(task) {
      const mine = ++seq;
      const isCurrent = () => seq === mine;
      try {
        const value = await task(isCurrent);
        return isCurrent() ? { current: true, value } : { current: false };
      } catch (e) {
        // A stale request's failure is as outdated as its answer: only the newest one's error is shown.
        if (isCurrent()) throw e;
        return { current: false };
      }
    },
    cancel() {
      seq++;
    },
  };
}

/** `latestGate` for a component: one gate per hook call, and nothing in flight counts after unmount. */
export function useLatest(): LatestGate['run'] {
  const gate = useRef<LatestGate | null>(null);
  gate.current ??= latestGate();
  useEffect(() => {
    const g = gate.current;
    return () => g?.cancel();
  }, []);
  return useCallback<LatestGate['run']>((task) => gate.current!.run(task), []);
}
