import { AsyncLocalStorage } from 'node:async_hooks';
import type { CycleSchedule } from '../../shared/contract/cycle';
import { appendAudit } from '../audit/audit.store';
import type { CoreContext } from '../context';
import { createDispatch } from '../dispatch';
import { AppError } from '../errors';
import { runFeeds } from '../feeds/run';
import type { Handler, Handlers } from '../handlers';
import { ensureIntakeFolders } from '../intake/intake-folder';
import { intakeRepo } from '../intake/intake.repo';
import { assignWaiting } from '../intake/intake.service';
import { applySendPolicy } from '../policy/send-policy';
import { cycleRepo, type CycleSettings } from './cycle.repo';
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
  const settingsOf = (profileId: string) => ctx.storeFor(profileId).read(cycleRepo.settingsOf);
  /**
   * The desktop app and the browser host resume background work at start-up, but only for a branch that exists then:
   * a first branch connected later (the demo, a new connection) arms the timer at its first cycle command instead.
   * The CLI never arms it.
   */
  const ensureArmed = () => {
    if (armed || ctx.mode === 'cli') return;
    armed = true;
    rearm();
  };
  const view = async (profileId: string) => {
    ensureArmed();
    const s = await settingsOf(profileId);
    const schedule = s.schedule ?? DEFAULT_SCHEDULE;
    return {
      schedule,
      intakeFolder: s.intakeFolder,
      nextRunAt: armed ? (nextRun(new Date(), schedule)?.toISOString() ?? null) : null,
    };
  };
  /**
   * Save the settings with the audit entry of the change, in one write transaction of the branch's Store; `change`
   * gives the new settings and the entry from what was there.
   */
  const saveSettings = (
    profileId: string,
    change: (before: CycleSettings) => {
      schedule: CycleSchedule;
      intakeFolder: string | null;
      action: string;
      audit: { before: unknown; after: unknown };
    },
  ) =>
    ctx.storeFor(profileId).write(async (tx) => {
      const next = change(await cycleRepo.settingsOf(tx));
      await cycleRepo.saveSettings(tx, next.schedule, next.intakeFolder, new Date().toISOString());
      await appendAudit(tx, {
        actor: ctx.actor(),
        profileId,
        action: next.action,
        subject: null,
        ...next.audit,
      });
    });

  // The timer: armed for the active branch's next slot; re-armed after each run and when the schedule changes.
  let armed = false;
  let timer: NodeJS.Timeout | undefined;
  // Each arming reads the schedule through the Store (asynchronously): only the latest one sets the timer, so two
  // armings at once (a save and the end of a run) never leave two timers, and a stop meanwhile leaves none.
  let arming = 0;
  // The timer is the core's, whichever request arms it (a supervisor saving the schedule on the office server): it
  // runs in the context the handlers were made in, or every scheduled cycle would be audited as that person.
  const outsideRequests = AsyncLocalStorage.snapshot();
  const arm = async () => {
    const mine = ++arming;
    clearTimeout(timer);
    let profileId: string;
    try {
      profileId = ctx.activeProfileId();
    } catch {
      return; // no branch yet: armed again when one is resumed
    }
    const schedule = (await settingsOf(profileId)).schedule ?? DEFAULT_SCHEDULE;
    if (mine !== arming || !armed) return;
    const next = nextRun(new Date(), schedule);
    if (!next) return;
    timer = outsideRequests(() =>
      setTimeout(() => void tick(), Math.min(2 ** 31 - 1, Math.max(0, next.getTime() - Date.now()))),
    );
    timer.unref();
  };
  const rearm = () =>
    void arm().catch((e: unknown) => ctx.log.error('the cycle timer could not read the schedule', e));
  const tick = async () => {
    try {
      const profileId = ctx.activeProfileId();
      await ctx.asRoutine(() => runCycle(ctx, dispatchFor(profileId), profileId, 'schedule', deps));
    } catch (e) {
      // runCycle records its own failures; this is one it could not record (no branch, a damaged database).
      ctx.log.error('the scheduled cycle could not run', e);
    } finally {
      rearm();
    }
  };
  ctx.background.add(
    () => {
      armed = false;
      arming++;
      clearTimeout(timer);
    },
    () => {
      armed = true;
      rearm();
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
      const cycles = await ctx.storeFor(profileId).read((tx) => cycleRepo.list(tx, limit));
      return {
        cycles,
        running: cycles.some((c) => c.state === 'running'),
        nextRunAt: (await view(profileId)).nextRunAt,
      };
    },
    'cycle.schedule': async () => view(ctx.activeProfileId()),
    'cycle.saveSchedule': async ({ schedule }) => {
      const profileId = ctx.activeProfileId();
      await saveSettings(profileId, (before) => ({
        schedule,
        intakeFolder: before.intakeFolder,
        action: 'cycle.schedule_changed',
        audit: { before: before.schedule ?? DEFAULT_SCHEDULE, after: schedule },
      }));
      if (armed) rearm();
      return view(profileId);
    },
    'intake.setFolder': async ({ folder }) => {
      const profileId = ctx.activeProfileId();
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
      await saveSettings(profileId, (before) => ({
        schedule: before.schedule ?? DEFAULT_SCHEDULE,
        intakeFolder: path === null ? null : resolve(path),
        action: 'intake.folder_changed',
        audit: { before: before.intakeFolder, after: path },
      }));
      return view(profileId);
    },
    'intake.status': async ({ limit }) =>
      ctx.store().read(async (tx) => ({
        folder: (await cycleRepo.settingsOf(tx)).intakeFolder,
        waiting: await intakeRepo.waiting(tx),
        recent: await intakeRepo.recent(tx, limit),
      })),
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
