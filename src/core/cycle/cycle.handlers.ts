import { AsyncLocalStorage } from 'node:async_hooks';
import type { CycleSchedule } from '../../shared/contract/cycle';
import type { CoreContext } from '../context';
import { createDispatch } from '../dispatch';
import { AppError } from '../errors';
import { runFeeds } from '../feeds/run';
import type { Handler, Handlers } from '../handlers';
import { ensureIntakeFolders } from '../intake/intake-folder';
import { intakeRepo } from '../intake/intake.repo';
import { assignWaiting } from '../intake/intake.service';
import { applySendPolicy } from '../policy/send-policy';
import { cycleRepo } from './cycle.repo';
import { runCycle, type CycleDeps } from './cycle.service';
import { DEFAULT_SCHEDULE, nextRun } from './schedule';
import { isAbsolute, resolve } from 'node:path';

type CycleCommand =
  | 'cycle.run'
  | 'cycle.history'
  | 'cycle.schedule'
  | 'cycle.saveSchedule'
  | 'intake.status'
  | 'intake.setFolder'
  | 'intake.assign';

/**
 * The cycle's commands, and its timer while the desktop app or the browser host is open (they resume background
 * work at start-up; the CLI does not, so `quita` never runs a cycle on its own — the operating system's scheduler
 * runs `quita run --cycle`). `all` gives the core's full handler map: the cycle runs the other commands through a
 * dispatch of its own over it, validated and audited as from any door.
 */
export function cycleHandlers(
  ctx: CoreContext,
  all: () => Handlers,
  overrides: Partial<CycleDeps> = {},
): { [P in CycleCommand]: Handler<P> } {
  const deps: CycleDeps = { runFeeds, applySendPolicy, ...overrides };
  const dispatchFor = (profileId: string) =>
    createDispatch(
      all(),
      (m) => ctx.log.error(m),
      () => ctx.anchorAudit(profileId),
    );
  const scheduleOf = (profileId: string): CycleSchedule =>
    cycleRepo.settings(ctx.dbFor(profileId)).schedule ?? DEFAULT_SCHEDULE;
  /**
   * The desktop app and the browser host resume background work at start-up, but only for a branch that exists then:
   * a first branch connected later (the demo, a new connection) arms the timer at its first cycle command instead.
   * The CLI never arms it.
   */
  const ensureArmed = () => {
    if (armed || ctx.mode === 'cli') return;
    armed = true;
    arm();
  };
  const view = (profileId: string) => {
    ensureArmed();
    const s = cycleRepo.settings(ctx.dbFor(profileId));
    const schedule = s.schedule ?? DEFAULT_SCHEDULE;
    return {
      schedule,
      intakeFolder: s.intakeFolder,
      nextRunAt: armed ? (nextRun(new Date(), schedule)?.toISOString() ?? null) : null,
    };
  };

  // The timer: armed for the active branch's next slot; re-armed after each run and when the schedule changes.
  let armed = false;
  let timer: NodeJS.Timeout | undefined;
  // The timer is the core's, whichever request arms it (a supervisor saving the schedule on the office server): it
  // runs in the context the handlers were made in, or every scheduled cycle would be audited as that person.
  const outsideRequests = AsyncLocalStorage.snapshot();
  const arm = () => {
    clearTimeout(timer);
    let profileId: string;
    try {
      profileId = ctx.activeProfileId();
    } catch {
      return; // no branch yet: armed again when one is resumed
    }
    const next = nextRun(new Date(), scheduleOf(profileId));
    if (!next) return;
    timer = outsideRequests(() =>
      setTimeout(() => void tick(), Math.min(2 ** 31 - 1, Math.max(0, next.getTime() - Date.now()))),
    );
    timer.unref();
  };
  const tick = async () => {
    try {
      const profileId = ctx.activeProfileId();
      await ctx.asRoutine(() => runCycle(ctx, dispatchFor(profileId), profileId, 'schedule', deps));
    } catch (e) {
      // runCycle records its own failures; this is one it could not record (no branch, a damaged database).
      ctx.log.error('the scheduled cycle could not run', e);
    } finally {
      arm();
    }
  };
  ctx.background.add(
    () => {
      armed = false;
      clearTimeout(timer);
    },
    () => {
      armed = true;
      arm();
    },
  );

  return {
    'cycle.run': async (input) => {
      ensureArmed();
      const profileId = ctx.activeProfileId();
      // A person signed in on the office server runs it by hand, whatever trigger the request names: only the timer
      // and `quita run --cycle` on the machine itself are the routine (audited as `(schedule)`, not as a person).
      const trigger = ctx.requester() ? 'manual' : input.trigger;
      const run = () => runCycle(ctx, dispatchFor(profileId), profileId, trigger, deps);
      // `quita run --cycle` is what the operating system's scheduler runs: the routine, as the app's own timer.
      return trigger === 'manual' ? run() : ctx.asRoutine(run);
    },
    'cycle.history': async ({ limit }) => {
      const profileId = ctx.activeProfileId();
      const db = ctx.dbFor(profileId);
      const cycles = cycleRepo.list(db, limit);
      return {
        cycles,
        running: cycles.some((c) => c.state === 'running'),
        nextRunAt: view(profileId).nextRunAt,
      };
    },
    'cycle.schedule': async () => view(ctx.activeProfileId()),
    'cycle.saveSchedule': async ({ schedule }) => {
      const profileId = ctx.activeProfileId();
      const db = ctx.dbFor(profileId);
      const before = cycleRepo.settings(db);
      cycleRepo.saveSettings(db, schedule, before.intakeFolder, new Date().toISOString());
      ctx.audit('cycle.schedule_changed', null, {
        before: before.schedule ?? DEFAULT_SCHEDULE,
        after: schedule,
      });
      if (armed) arm();
      return view(profileId);
    },
    'intake.setFolder': async ({ folder }) => {
      const profileId = ctx.activeProfileId();
      const db = ctx.dbFor(profileId);
      const path = folder === null ? null : folder.trim();
      if (path !== null && !isAbsolute(path))
        throw new AppError('validation', 'Give the full path of the folder (e.g. C:\\Quita\\entrada).', {
          code: 'intake.relative_folder',
          field: 'folder',
        });
      if (path !== null) {
        try {
          ensureIntakeFolders(resolve(path));
        } catch (e) {
          throw new AppError('validation', `The folder ${path} cannot be created or written.`, {
            code: 'intake.folder_unusable',
            field: 'folder',
            params: { folder: path },
            cause: e,
          });
        }
      }
      const before = cycleRepo.settings(db);
      cycleRepo.saveSettings(
        db,
        before.schedule ?? DEFAULT_SCHEDULE,
        path === null ? null : resolve(path),
        new Date().toISOString(),
      );
      ctx.audit('intake.folder_changed', null, { before: before.intakeFolder, after: path });
      return view(profileId);
    },
    'intake.status': async ({ limit }) => {
      const db = ctx.db();
      const folder = cycleRepo.settings(db).intakeFolder;
      return ctx.store().read(async (tx) => ({
        folder,
        waiting: await intakeRepo.waiting(tx),
        recent: await intakeRepo.recent(tx, limit),
      }));
    },
    'intake.assign': async ({ fileId, bankAccountId }) => {
      const profileId = ctx.activeProfileId();
      const file = await assignWaiting(
        { ctx, dispatch: dispatchFor(profileId), profileId, cycleId: null },
        fileId,
        bankAccountId,
      );
      return { file };
    },
  };
}
