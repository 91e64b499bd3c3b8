import type { ErrorInfo } from '../shared/contract';
import { isAppError } from './errors';
import type { EventBus } from './events';
import type { Logger } from './log';

/**
 * Work that runs in the background per profile (sending notifications, the mark-received outbox): one run at a
 * time per profile, and when a run leaves work for later (`retryAt`), a timer starts the next one. Timers are
 * unref'd, so they never keep a CLI process alive.
 */
export interface BackgroundJob<T extends { retryAt: string | null }> {
  /** Start a run (or join the one in progress) and wait for it; a failure rejects (and is reported too). */
  kick(profileId: string): Promise<T>;
  /** Start a run nobody waits for: its failure is reported (log and `job.finished`), never dropped. */
  start(profileId: string): void;
  /** No more timed runs; resolves once the runs in progress have ended (their outcome is reported as always). */
  stop(): Promise<void>;
}

/** Where a failed run is told: the log keeps the details, the screen that started it gets one sentence. */
export interface JobReporting {
  /** What the job is, for the log line ("the sender", "the notification queue"). */
  what: string;
  /** The job's id in `job.progress` / `job.finished` events (the screens listen by it). */
  jobId(profileId: string): string;
  events: Pick<EventBus, 'emit'>;
  log: Pick<Logger, 'error'>;
}

/** A failure as the clerk hears it: an AppError's own sentence, anything else a pointer to the log. */
export function failureInfo(e: unknown): ErrorInfo {
  if (isAppError(e)) return e.toInfo();
  return {
    kind: 'internal',
    code: 'internal',
    message: 'Something went wrong inside Quita; the details were written to the log.',
  };
}

export function backgroundJob<T extends { retryAt: string | null }>(
  run: (profileId: string) => Promise<T>,
  report: JobReporting,
): BackgroundJob<T> {
  const running = new Map<string, Promise<T>>();
  const timers = new Map<string, NodeJS.Timeout>();
  const failed = (profileId: string, e: unknown) => {
    report.log.error(`${report.what} of profile ${profileId} failed`, e);
    const error = failureInfo(e);
    report.events.emit('job.finished', {
      jobId: report.jobId(profileId),
      ok: false,
      message: error.message,
      error,
    });
  };
  const kick = (profileId: string): Promise<T> => {
    const current = running.get(profileId);
    if (current) return current;
    clearTimeout(timers.get(profileId));
    const p = run(profileId)
      .then((result) => {
        if (result.retryAt) {
          const delay = Math.max(1000, new Date(result.retryAt).getTime() - Date.now());
          const timer = setTimeout(() => start(profileId), delay);
          timer.unref();
          timers.set(profileId, timer);
        }
        return result;
      })
      .catch((e: unknown) => {
        // Reported once, here, whoever started the run; a caller that waits gets the rejection as well.
        failed(profileId, e);
        throw e;
      })
      .finally(() => running.delete(profileId));
    running.set(profileId, p);
    return p;
  };
  // The failure was reported inside kick (log + job.finished with the error); nothing is left to tell.
  const alreadyReported = () => undefined;
  const start = (profileId: string) => void kick(profileId).then(undefined, alreadyReported);
  return {
    kick,
    start,
    async stop() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...running.values()]);
    },
  };
}

/** Background jobs register here so a front door can resume them at start-up and stop them at exit. */
export interface BackgroundRegistry {
  add(stop: () => void | Promise<void>, resume: (profileId: string) => void): void;
  /** Resume pending work of a profile (queued notifications, unsent or unsettled batches). */
  resume(profileId: string): void;
  /**
   * Stop every job, and wait (at most `waitMs`) for the runs in progress: closing the databases under a running
   * sender made its last step fail ("the database connection is not open") instead of ending where it is. A run
   * still going after the wait ends like a crash, which the outbox recovers from at the next start.
   */
  stopAll(waitMs?: number): Promise<void>;
}

export function backgroundRegistry(): BackgroundRegistry {
  const jobs: { stop: () => void | Promise<void>; resume: (profileId: string) => void }[] = [];
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
    async stopAll(waitMs = 10_000) {
      const stopped = Promise.allSettled(jobs.map(async (j) => j.stop()));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((ok) => {
        timer = setTimeout(ok, waitMs);
        timer.unref();
      });
      await Promise.race([stopped, late]);
      clearTimeout(timer);
    },
  };
}
