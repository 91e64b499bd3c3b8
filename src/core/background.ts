/**
 * Work that runs in the background per profile (sending notifications, the mark-received outbox): one run at a
 * time per profile, and when a run leaves work for later (`retryAt`), a timer starts the next one. Timers are
 * unref'd, so they never keep a CLI process alive.
 */
export interface BackgroundJob<T extends { retryAt: string | null }> {
  /** Start a run (or join the one in progress). */
  kick(profileId: string): Promise<T>;
  stop(): void;
}

export function backgroundJob<T extends { retryAt: string | null }>(
  run: (profileId: string) => Promise<T>,
  /** Where a failed timed retry is reported (it has no caller to tell). */
  onError: (profileId: string, e: unknown) => void = () => undefined,
): BackgroundJob<T> {
  const running = new Map<string, Promise<T>>();
  const timers = new Map<string, NodeJS.Timeout>();
  const kick = (profileId: string): Promise<T> => {
    const current = running.get(profileId);
    if (current) return current;
    clearTimeout(timers.get(profileId));
    const p = run(profileId)
      .then((result) => {
        if (result.retryAt) {
          const delay = Math.max(1000, new Date(result.retryAt).getTime() - Date.now());
          const timer = setTimeout(
            () => void kick(profileId).catch((e: unknown) => onError(profileId, e)),
            delay,
          );
          timer.unref();
          timers.set(profileId, timer);
        }
        return result;
      })
      .finally(() => running.delete(profileId));
    running.set(profileId, p);
    return p;
  };
  return {
    kick,
    stop() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}

/** Background jobs register here so a front door can resume them at start-up and stop them at exit. */
export interface BackgroundRegistry {
  add(stop: () => void, resume: (profileId: string) => void): void;
  /** Resume pending work of a profile (queued notifications, unsent or unsettled batches). */
  resume(profileId: string): void;
  stopAll(): void;
}

export function backgroundRegistry(): BackgroundRegistry {
  const jobs: { stop: () => void; resume: (profileId: string) => void }[] = [];
  return {
    add: (stop, resume) => void jobs.push({ stop, resume }),
    resume(profileId) {
      for (const j of jobs) {
        try {
          j.resume(profileId);
        } catch {
          // A profile without a usable database or key simply has nothing to resume now.
        }
      }
    },
    stopAll() {
      for (const j of jobs) j.stop();
    },
  };
}
