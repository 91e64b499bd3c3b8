import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holdReasonText } from './hold-reason';
import type { CommandOutput } from '../../../shared/contract';
import { call, CommandError, onEvent } from '../api/client';
import { formatBrasilia, formatDateTime } from '../format';
import { describeError, describeStoredMessage } from '../i18n';
import { deniedProps, useAllowed } from '../me';

type Preview = CommandOutput<'notify.preview'>['items'];
type Queue = CommandOutput<'notify.queue'>;
type Recent = CommandOutput<'notify.recent'>;
const PLACEHOLDERS = ['nome', 'primeiro_nome', 'valor', 'vencimento', 'dias_atraso'] as const;
const MAX = 1000;

/** Compose, preview and send notifications to the chosen members; then follow the queue. */
export function NotifyPanel({ memberIds, onClose }: { memberIds: number[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  // [W] Anyone may compose and preview; sending to members is a supervisor's (roles.ts).
  const notifying = useAllowed('notify.send', 'notify');
  const retrying = useAllowed('notify.retry', 'notify');
  const textId = useId();
  const periodId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [template, setTemplate] = useState(() => t('notify.defaultTemplate'));
  const [preview, setPreview] = useState<Preview | null>(null);
  const [queue, setQueue] = useState<Queue | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fail = (e: unknown) => setError(e instanceof CommandError ? describeError(e.info) : String(e));
  /** The branch's notify-again period, and the question asked when some members were notified within it. */
  const [days, setDays] = useState<number | null>(null);
  const [daysSaved, setDaysSaved] = useState<string | null>(null);
  const [ask, setAsk] = useState<{ recent: Recent; ids: number[] } | null>(null);
  const keepThem = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    void call('profiles.prefs', {}).then((p) => setDays(p.renotifyDays), fail);
  }, []);
  useEffect(() => {
    if (!ask) return;
    keepThem.current?.scrollIntoView({ block: 'nearest' });
    keepThem.current?.focus({ preventScroll: true });
  }, [ask]);
  const savePeriod = async (value: number) => {
    setDaysSaved(null);
    try {
      const p = await call('profiles.setPrefs', { renotifyDays: value });
      setDays(p.renotifyDays);
      setDaysSaved(t('notifyAgain.periodSaved', { days: p.renotifyDays, count: p.renotifyDays }));
    } catch (e) {
      fail(e);
    }
  };

  const loadQueue = useCallback(() => call('notify.queue', { limit: 200 }).then(setQueue, fail), []);
  useEffect(() => {
    void loadQueue();
    const offProgress = onEvent('job.progress', (p) => {
      if (p.phase === 'notify.sending') setProgress({ done: p.done, total: p.total ?? p.done });
    });
    const offDone = onEvent('job.finished', (p) => {
      if (p.jobId.startsWith('notify-')) {
        setProgress(null);
        // A run that failed outright (the API unreachable, a bug): one sentence here, the details in the log.
        if (p.error) setError(describeError(p.error));
        void loadQueue();
      }
    });
    return () => {
      offProgress();
      offDone();
    };
  }, [loadQueue]);

  const insert = (p: string) => {
    const el = area.current;
    const at = el?.selectionStart ?? template.length;
    setTemplate((s) => `${s.slice(0, at)}{${p}}${s.slice(at)}`);
    setPreview(null);
  };
  const doPreview = async () => {
    setError(null);
    try {
      setPreview((await call('notify.preview', { template, memberIds })).items);
    } catch (e) {
      fail(e);
    }
  };
  /**
   * Send to these members (all chosen, or only those not notified within the period). `again`: the clerk
   * answered that the recently notified ones are to be notified again (the command refuses them otherwise).
   */
  const sendTo = async (ids: number[], again: boolean) => {
    setBusy(true);
    setError(null);
    setAsk(null);
    try {
      await call('notify.send', { template, memberIds: ids, wait: false, again });
      setPreview(null);
      await loadQueue();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  /** Members notified within the branch's period are named first, and the clerk decides. */
  const send = async () => {
    const ids = (preview ?? []).filter((p) => p.message !== null).map((p) => p.memberId);
    if (ids.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const recent = await call('notify.recent', { memberIds: ids });
      if (recent.items.length > 0) {
        setAsk({ recent, ids });
        setBusy(false);
        return;
      }
    } catch (e) {
      fail(e);
      setBusy(false);
      return;
    }
    await sendTo(ids, false);
  };
  /** Times as the debtors list shows them: Brasília's, whatever the computer's zone. */
  const brasiliaTime = (iso: string) => formatBrasilia(iso, i18n.language);
  const others = ask ? ask.ids.filter((id) => !ask.recent.items.some((r) => r.memberId === id)) : [];
  const retry = async (ids: number[]) => {
    try {
      await call('notify.retry', { ids });
      await loadQueue();
    } catch (e) {
      fail(e);
    }
  };
  const sendable = preview?.filter((p) => p.message !== null).length ?? 0;
  const length = template.trim().length;

  return (
    <section className="card notify" aria-labelledby="notify-title">
      <div className="notify-head">
        <h2 id="notify-title">{t('notify.title', { count: memberIds.length })}</h2>
        <button type="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <label htmlFor={textId}>{t('notify.message')}</label>
      <textarea
        id={textId}
        ref={area}
        rows={4}
        value={template}
        onChange={(e) => {
          setTemplate(e.target.value);
          setPreview(null);
        }}
        aria-describedby={`${textId}-count`}
      />
      <div className="notify-tools">
        <span className="muted">{t('notify.insert')}</span>
        {PLACEHOLDERS.map((p) => (
          <button key={p} type="button" className="chip" onClick={() => insert(p)}>
            {`{${p}}`}
          </button>
        ))}
        <span id={`${textId}-count`} className={length > MAX ? 'warn' : 'muted'}>
          {t('notify.length', { length, max: MAX })}
        </span>
      </div>
      <p className="hint">{t('notify.amountHint')}</p>
      <div className="field renotify">
        <label htmlFor={periodId}>{t('notifyAgain.period')}</label>
        <input
          id={periodId}
          type="number"
          min={0}
          max={90}
          value={days ?? ''}
          aria-describedby={`${periodId}-hint`}
          onChange={(e) => setDays(e.target.value === '' ? null : Number(e.target.value))}
          onBlur={(e) => {
            const v = Math.round(Number(e.target.value));
            if (e.target.value !== '' && Number.isFinite(v) && v >= 0 && v <= 90) void savePeriod(v);
          }}
        />
        <span id={`${periodId}-hint`} className="muted small">
          {t('notifyAgain.periodHint')} {daysSaved}
        </span>
      </div>
      <div className="actions">
        <button type="button" onClick={() => void doPreview()}>
          {t('notify.preview')}
        </button>
        <button
          type="button"
          className="primary"
          disabled={busy || !preview || sendable === 0 || !notifying.allowed}
          {...deniedProps(notifying)}
          onClick={() => void send()}
        >
          {t('notify.send', { count: sendable })}
        </button>
      </div>
      {ask && (
        <div className="save-check" role="alert">
          <p>{t('notifyAgain.ask', { count: ask.recent.items.length, days: ask.recent.days })}</p>
          <ul>
            {ask.recent.items.map((r) => (
              <li key={r.memberId}>
                {t('notifyAgain.item', {
                  name: r.name ?? t('notify.member', { id: r.memberId }),
                  when: brasiliaTime(r.at),
                  state: t(`notify.state.${r.state}`),
                })}
              </li>
            ))}
          </ul>
          <p>{t('notifyAgain.question')}</p>
          <div className="actions">
            <button type="button" onClick={() => void sendTo(ask.ids, true)} disabled={busy}>
              {t('notifyAgain.all')}
            </button>
            {others.length > 0 && (
              <button type="button" onClick={() => void sendTo(others, false)} disabled={busy}>
                {t('notifyAgain.others', { count: others.length })}
              </button>
            )}
            <button ref={keepThem} type="button" className="primary" onClick={() => setAsk(null)}>
              {t('notifyAgain.cancel')}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="status error">
          {error}
        </p>
      )}
      {preview && (
        <ul className="notify-preview" aria-label={t('notify.previewTitle')}>
          {preview.map((p) => (
            <li key={p.memberId}>
              <strong>{p.name ?? t('notify.member', { id: p.memberId })}</strong>:{' '}
              {p.message ?? <span className="warn">{t('notify.cannotSend', { problem: p.problem })}</span>}
            </li>
          ))}
        </ul>
      )}
      {progress && (
        <div className="progress" role="status">
          {t('notify.sending', progress)}
          <progress max={progress.total} value={progress.done} aria-label={t('notify.sendingLabel')} />
        </div>
      )}
      {queue && queue.items.length > 0 && (
        <>
          <h3>{t('notify.queueTitle', queue.counts)}</h3>
          <table className="table">
            <thead>
              <tr>
                <th>{t('notify.col.member')}</th>
                <th>{t('notify.col.state')}</th>
                <th>{t('notify.col.when')}</th>
                <th>{t('notify.col.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.items.slice(0, 50).map((q) => (
                <tr key={q.id}>
                  <td>{q.memberName ?? q.memberId}</td>
                  <td>
                    <span className={`badge state-${q.state}`}>
                      {q.state === 'held' ? t('policy.hold.state') : t(`notify.state.${q.state}`)}
                    </span>
                  </td>
                  <td>{formatDateTime(q.sentAt ?? q.queuedAt, i18n.language)}</td>
                  <td>
                    {q.state === 'sent'
                      ? t('notify.sentId', { id: q.notificationId ?? '?' })
                      : q.state === 'held'
                        ? holdReasonText(t, q, i18n.language)
                        : q.lastError
                          ? describeStoredMessage(q.lastError)
                          : ''}{' '}
                    {q.state === 'held' && (
                      <button
                        type="button"
                        className="linklike"
                        disabled={!retrying.allowed}
                        {...deniedProps(retrying)}
                        onClick={() => void retry([q.id])}
                      >
                        {t('policy.hold.sendAnyway')}
                      </button>
                    )}
                    {(q.state === 'failed' || q.state === 'unknown') && (
                      <button
                        type="button"
                        className="linklike"
                        disabled={!retrying.allowed}
                        {...deniedProps(retrying)}
                        onClick={() => void retry([q.id])}
                      >
                        {t('notify.retry')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
