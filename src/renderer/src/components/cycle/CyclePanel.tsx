import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import type { CycleRecord, IntakeFile } from '../../../../shared/contract/cycle';
import { call, CommandError } from '../../api/client';
import { describeError } from '../../i18n';
import { deniedProps, useAllowed } from '../../me';
import { useNavigation } from '../../navigation';
import { DailySummaryPanel } from './DailySummaryPanel';

type History = CommandOutput<'cycle.history'>;
type Intake = CommandOutput<'intake.status'>;

/** "8:30", or "sáb. 7:00" when it is not today (Brasília). */
const when = (iso: string, locale: string) => {
  const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
  const at = new Date(iso);
  if (day(at) === day(new Date())) return clock(iso, locale);
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'America/Sao_Paulo',
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
};

const clock = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'America/Sao_Paulo',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

type T = (key: string, params?: Record<string, unknown>) => string;

/** "às 8:30: 23 Pix lidos do Itaú, 19 conciliados e enviados pela regra, 4 para você decidir". */
function cycleSentence(c: CycleRecord, t: T, locale: string): string {
  const s = c.summary;
  const parts: string[] = [];
  for (const f of s?.feeds ?? [])
    if (!f.error) parts.push(t('cycle.feed', { count: f.added, label: f.label }));
  if (s?.filesImported) parts.push(t('cycle.imported', { count: s.filesImported }));
  if (s?.filesRefused) parts.push(t('cycle.refused', { count: s.filesRefused }));
  if (s?.filesWaiting) parts.push(t('cycle.waitingFiles', { count: s.filesWaiting }));
  if (s?.policyVersion !== null && s?.policyVersion !== undefined)
    parts.push(t('cycle.sent', { count: s.sent }));
  if (s?.toDecide !== null && s?.toDecide !== undefined)
    parts.push(t('cycle.toDecide', { count: s.toDecide }));
  const head = `${t('cycle.at', { time: clock(c.startedAt, locale) })}: ${parts.length ? parts.join(', ') : t('cycle.nothingNew')}`;
  return c.state === 'interrupted' ? `${head} — ${t('cycle.interrupted')}` : head;
}

/**
 * A desktop notification when a new cycle left something for a person, in the browser mode (web Notification API,
 * once the clerk allowed it). The desktop app's window gets no web permission (main denies them all); there the main
 * process notifies (src/main/desktop-shell.ts).
 */
function notifyIfNeeded(c: CycleRecord, title: string, body: string): void {
  const s = c.summary;
  const needs = (s?.toDecide ?? 0) + (s?.filesWaiting ?? 0) + (s?.filesRefused ?? 0);
  if (needs === 0 || navigator.userAgent.includes('Electron') || typeof Notification === 'undefined') return;
  if (Notification.permission === 'granted') new Notification(title, { body });
}

/**
 * Início's account of the automatic cycle: what the last cycles did in one sentence each, the next cycle's time, a
 * button to run one now, and what the intake folder left for a person (waiting files, refusals with their sentence).
 * When a cycle leaves something for a person, the browser mode shows a desktop notification (the web Notification
 * API; the desktop app's main process notifies by itself, since Electron refuses web permissions here).
 */
export function CyclePanel({ onChanged }: { onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  // [W] The cycle may send: running it now is a supervisor's (roles.ts).
  const running = useAllowed('cycle.run', 'cycle');
  const locale = i18n.language;
  const [history, setHistory] = useState<History | null>(null);
  const [intake, setIntake] = useState<Intake | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** Debtor reminders held for money in flight (shown in full in Inadimplentes). */
  const [held, setHeld] = useState(0);
  const { open } = useNavigation();
  const lastSeen = useRef<number | null>(null);

  const sentence = (c: CycleRecord) => cycleSentence(c, t, locale);
  const load = useCallback(
    () =>
      Promise.all([
        call('cycle.history', { limit: 5 }),
        call('intake.status', { limit: 10 }),
        // The held count is a hint: the cycle's account stands without it.
        call('notify.queue', { limit: 1 }).catch(() => null),
      ]).then(
        ([h, i, q]) => {
          setHistory(h);
          setIntake(i);
          setHeld(q?.counts.held ?? 0);
          const newest = h.cycles[0];
          if (newest && lastSeen.current !== null && newest.id !== lastSeen.current)
            notifyIfNeeded(newest, t('cycle.notify.title'), cycleSentence(newest, t, locale));
          lastSeen.current = newest?.id ?? 0;
        },
        (e: unknown) => setMessage(e instanceof CommandError ? describeError(e.info) : String(e)),
      ),
    [t, locale],
  );

  useEffect(() => {
    void load();
    // The schedule runs in the core; Início looks again each minute so the account stays current.
    const timer = setInterval(() => void load(), 60_000);
    return () => clearInterval(timer);
  }, [load]);

  const runNow = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const r = await call('cycle.run', { trigger: 'manual' });
      if (r.busy) setMessage(t('cycle.busy'));
      await load();
      onChanged?.();
    } catch (e) {
      setMessage(e instanceof CommandError ? describeError(e.info) : String(e));
    } finally {
      setBusy(false);
    }
  };

  const failures = (c: CycleRecord) =>
    c.steps
      .filter((s) => s.state === 'failed' && s.error)
      .map((s) => t('cycle.stepFailed', { step: t(`cycle.step.${s.step}`), why: describeError(s.error!) }));

  const refused = intake?.recent.filter((f) => f.state === 'refused') ?? [];
  return (
    <section className="card home-cycle" aria-labelledby="home-cycle">
      <h2 id="home-cycle">{t('cycle.title')}</h2>
      {history && history.cycles.length === 0 && <p className="muted">{t('cycle.none')}</p>}
      {history && history.cycles.length > 0 && (
        <ul className="cycle-list">
          {history.cycles.slice(0, 3).map((c) => (
            <li key={c.id} data-cycle-state={c.state}>
              {sentence(c)}.
              {failures(c).map((f) => (
                <span key={f} className="status error cycle-failure">
                  {' '}
                  {f}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      {history && (
        <p className="muted">
          {history.nextRunAt ? t('cycle.next', { time: when(history.nextRunAt, locale) }) : t('cycle.off')}
        </p>
      )}
      <button
        type="button"
        className="primary"
        onClick={() => void runNow()}
        disabled={busy || !running.allowed}
        {...deniedProps(running)}
      >
        {busy ? t('cycle.running') : t('cycle.runNow')}
      </button>
      {message && (
        <p role="status" className="status">
          {message}
        </p>
      )}
      {held > 0 && (
        <p className="warn" data-testid="held-reminders">
          {t('cycle.held.text', { count: held })}{' '}
          <button type="button" className="link" onClick={() => open('debtors')}>
            {t('cycle.held.open')}
          </button>
        </p>
      )}
      {intake && intake.waiting.length > 0 && (
        <FileList title={t('cycle.intake.waiting')} files={intake.waiting} testId="intake-waiting" />
      )}
      {refused.length > 0 && (
        <FileList
          title={t('cycle.intake.refusedTitle')}
          hint={t('cycle.intake.refusedHint')}
          files={refused}
          testId="intake-refused"
        />
      )}
      <DailySummaryPanel refreshKey={history?.cycles[0]?.id ?? 0} />
    </section>
  );
}

function FileList({
  title,
  hint,
  files,
  testId,
}: {
  title: string;
  hint?: string;
  files: IntakeFile[];
  testId: string;
}) {
  return (
    <div className="intake-files" data-testid={testId}>
      <h3>{title}</h3>
      {hint && <p className="muted">{hint}</p>}
      <ul>
        {files.map((f) => (
          <li key={f.id}>
            <strong>{f.fileName}</strong>
            {f.reason ? ` — ${describeError(f.reason)}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
