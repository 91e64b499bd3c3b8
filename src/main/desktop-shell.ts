import type { Locale } from '../shared/constants';
import type { ErrorInfo } from '../shared/contract';
import { CYCLE_STEPS, type CycleRecord, type CycleStep } from '../shared/contract/cycle';
import { createSay } from '../shared/i18n/say';
import { eventSchemas, type EventName } from '../shared/contract/events';

/**
 * What the desktop app does around the window for the automatic cycle ([U] item 4 and 7): the tray's menu, closing
 * the window while the schedule is on (the window hides, the core's timer keeps running), and a notification when a
 * cycle leaves something for a person. No electron import here: tray.ts adapts Electron's Tray, Menu, Notification
 * and BrowserWindow to `ShellDeps`, and this logic is unit-tested with fakes (desktop-shell.test.ts).
 */

export interface ShellTexts {
  tooltip: string;
  open: string;
  runNow: string;
  quit: string;
  leaveOffice: string;
  /** The one time the window is closed into the tray. */
  hiddenTitle: string;
  hiddenBody: string;
  needsTitle: string;
  doneTitle: string;
  at: (time: string) => string;
  toDecide: (n: number) => string;
  waiting: (n: number) => string;
  refused: (n: number) => string;
  failed: (steps: string) => string;
  nothing: string;
  step: Record<CycleStep, string>;
  busy: string;
  couldNotRun: string;
}

/**
 * The shell's words in the clerk's language, from the screens' catalogue (`cycle.shell.*`, and the cycle's own
 * step names and counts as Início says them), so the tray and its notifications speak as the window does.
 */
export function textsFor(locale: Locale): ShellTexts {
  const { t } = createSay(locale);
  return {
    tooltip: 'Quita',
    open: t('cycle.shell.open'),
    runNow: t('cycle.shell.runNow'),
    leaveOffice: t('officeLink.leave'),
    quit: t('cycle.shell.quit'),
    hiddenTitle: t('cycle.shell.hiddenTitle'),
    hiddenBody: t('cycle.shell.hiddenBody'),
    needsTitle: t('cycle.shell.needsTitle'),
    doneTitle: t('cycle.shell.doneTitle'),
    at: (time) => t('cycle.shell.at', { time }),
    toDecide: (count) => t('cycle.shell.toDecide', { count }),
    waiting: (count) => t('cycle.waitingFiles', { count }),
    refused: (count) => t('cycle.refused', { count }),
    failed: (steps) => t('cycle.shell.failed', { steps }),
    nothing: t('cycle.shell.nothing'),
    step: Object.fromEntries(CYCLE_STEPS.map((step) => [step, t(`cycle.step.${step}`)])) as Record<
      CycleStep,
      string
    >,
    busy: t('cycle.busy'),
    couldNotRun: t('cycle.shell.couldNotRun'),
  };
}

/** The cycle's job id (core/cycle/cycle.service.ts: `cycle-<profile>`). */
export const isCycleJob = (jobId: string) => jobId.startsWith('cycle-');

/** What was already said, so a cycle every 30 minutes does not repeat the same news. */
export interface NoticeMemory {
  toDecide: number;
  filesWaiting: number;
  /** `step:code` of the steps that failed in the last cycle. */
  failures: string[];
}

export interface Notice {
  title: string;
  body: string;
}

const clock = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'America/Sao_Paulo',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

/**
 * The notification for a finished cycle, or null when nothing new needs a person: more lines to decide or files
 * waiting than last said, a refused file (each is moved, so each is news once), or a step that was not failing in
 * the previous cycle. The body names everything that needs a person now. `always` (a cycle the clerk started from
 * the tray) says the cycle's outcome even when nothing needs them.
 */
export function cycleNotice(
  cycle: CycleRecord,
  memory: NoticeMemory | null,
  locale: Locale,
  opts: { always?: boolean } = {},
): { notice: Notice | null; memory: NoticeMemory } {
  const tx = textsFor(locale);
  const s = cycle.summary;
  const toDecide = s?.toDecide ?? memory?.toDecide ?? 0;
  const filesWaiting = s?.filesWaiting ?? 0;
  const filesRefused = s?.filesRefused ?? 0;
  const failedSteps = cycle.steps.filter((st) => st.state === 'failed');
  const failures = failedSteps.map((st) => `${st.step}:${st.error?.code ?? st.error?.kind ?? ''}`);
  const next: NoticeMemory = { toDecide, filesWaiting, failures };

  const news =
    toDecide > (memory?.toDecide ?? 0) ||
    filesWaiting > (memory?.filesWaiting ?? 0) ||
    filesRefused > 0 ||
    failures.some((f) => !memory?.failures.includes(f));

  const parts: string[] = [];
  if (toDecide > 0) parts.push(tx.toDecide(toDecide));
  if (filesWaiting > 0) parts.push(tx.waiting(filesWaiting));
  if (filesRefused > 0) parts.push(tx.refused(filesRefused));
  if (failedSteps.length > 0)
    parts.push(
      tx.failed(
        joinList(
          failedSteps.map((st) => tx.step[st.step]),
          locale,
        ),
      ),
    );
  const needs = parts.length > 0;
  if (!news && !opts.always) return { notice: null, memory: next };
  const body = `${tx.at(clock(cycle.startedAt, locale))}: ${needs ? parts.join(', ') : tx.nothing}.`;
  return { notice: { title: needs ? tx.needsTitle : tx.doneTitle, body }, memory: next };
}

const joinList = (items: string[], locale: Locale) =>
  new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);

type DispatchResult = { ok: true; value: unknown } | { ok: false; error: ErrorInfo };

/** What the shell needs from Electron and the core (tray.ts gives the real ones). */
export interface ShellDeps {
  dispatch: (name: string, input: unknown) => Promise<DispatchResult>;
  locale: () => Locale;
  notify: (notice: Notice) => void;
  showWindow: () => void;
  hideWindow: () => void;
  quit: () => void;
  /** Linked to the office server: go back to this computer's own data (the tray offers it). */
  leaveOffice?: (() => void) | undefined;
  log: (message: string, cause?: unknown) => void;
}

export interface MenuEntry {
  label: string;
  run: () => void;
}

export interface DesktopShell {
  /** The tray's menu, in the clerk's language at the moment it is built. */
  menu(): MenuEntry[];
  /** A core event (the same stream the window gets). */
  onEvent(name: EventName, payload: unknown): void;
  /**
   * The window's close button: true when the close must be stopped (the shell hides the window or quits by
   * itself). While quitting, closes go through.
   */
  closeRequested(): boolean;
  /** The app is quitting (Sair, the updater, the system): windows close for real. */
  markQuitting(): void;
  readonly quitting: boolean;
  /** Settles when the work started by the last call is done (tests). */
  idle(): Promise<void>;
}

export function createDesktopShell(deps: ShellDeps): DesktopShell {
  let quitting = false;
  let toldHidden = false;
  let memory: NoticeMemory | null = null;
  /** The tray started the running cycle: its outcome is said even when nothing needs a person. */
  let trayRun = false;
  let pending: Promise<void> = Promise.resolve();
  const track = (work: Promise<void>) => {
    pending = pending.then(() => work).catch((e: unknown) => deps.log('desktop shell', e));
  };

  const scheduleOn = async (): Promise<boolean> => {
    const r = await deps.dispatch('cycle.schedule', {});
    // No branch yet, or a damaged database: nothing runs on a schedule, so closing quits.
    if (!r.ok) return false;
    const v = r.value as { schedule?: { enabled?: boolean }; nextRunAt?: string | null };
    return v.schedule?.enabled === true;
  };

  const quit = () => {
    quitting = true;
    deps.quit();
  };

  const runNow = () => {
    trayRun = true;
    track(
      deps.dispatch('cycle.run', { trigger: 'manual' }).then((r) => {
        const tx = textsFor(deps.locale());
        // A finished cycle speaks through its job.finished event; here only what has no event.
        if (!r.ok) {
          trayRun = false;
          deps.log(`the cycle started from the tray failed: ${r.error.code ?? r.error.kind}`);
          deps.notify({ title: tx.doneTitle, body: tx.couldNotRun });
        } else if ((r.value as { busy?: boolean }).busy) {
          trayRun = false;
          deps.notify({ title: tx.doneTitle, body: tx.busy });
        }
      }),
    );
  };

  const cycleFinished = async () => {
    const always = trayRun;
    trayRun = false;
    const r = await deps.dispatch('cycle.history', { limit: 1 });
    if (!r.ok) return;
    const newest = (r.value as { cycles: CycleRecord[] }).cycles[0];
    if (!newest) return;
    const out = cycleNotice(newest, memory, deps.locale(), { always });
    memory = out.memory;
    if (out.notice) deps.notify(out.notice);
  };

  return {
    menu() {
      const tx = textsFor(deps.locale());
      return [
        { label: tx.open, run: () => deps.showWindow() },
        { label: tx.runNow, run: runNow },
        ...(deps.leaveOffice ? [{ label: tx.leaveOffice, run: deps.leaveOffice }] : []),
        { label: tx.quit, run: quit },
      ];
    },
    onEvent(name, payload) {
      if (name !== 'job.finished') return;
      const p = eventSchemas['job.finished'].safeParse(payload);
      if (p.success && isCycleJob(p.data.jobId)) track(cycleFinished());
    },
    closeRequested() {
      if (quitting) return false;
      track(
        scheduleOn()
          .catch((e: unknown) => {
            deps.log('closing: could not read the schedule', e);
            return false;
          })
          .then((on) => {
            if (!on) return quit();
            deps.hideWindow();
            if (toldHidden) return;
            toldHidden = true;
            const tx = textsFor(deps.locale());
            deps.notify({ title: tx.hiddenTitle, body: tx.hiddenBody });
          }),
      );
      return true;
    },
    markQuitting() {
      quitting = true;
    },
    get quitting() {
      return quitting;
    },
    idle: () => pending,
  };
}
