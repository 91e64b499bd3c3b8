import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput, EventPayload } from '../../../shared/contract';
import { call, CommandError, onEvent } from '../api/client';
import { addDays, formatAge, formatDate, formatDateTime, formatDuration, todayIso } from '../format';
import { DateField } from '../components/DateField';
import { describeError, describeStoredMessage } from '../i18n';

type Status = CommandOutput<'sync.status'>;
type Summary = CommandOutput<'sync.run'>;
type Progress = EventPayload<'job.progress'>;

export function SyncScreen() {
  const { t, i18n } = useTranslation();
  const ids = { geo: useId() };
  const [status, setStatus] = useState<Status | null>(null);
  const [dueFrom, setDueFrom] = useState(() => addDays(todayIso(), -90));
  const [dueTo, setDueTo] = useState(() => addDays(todayIso(), 7));
  const [geography, setGeography] = useState(false);
  const [datesOk, setDatesOk] = useState({ from: true, to: true });
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const jobRef = useRef<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setStatus(await call('sync.status', {}));
    } catch (e) {
      setError(e instanceof CommandError ? describeError(e.info) : String(e));
    }
  }, []);

  useEffect(() => {
    call('sync.status', {}).then(setStatus, (e: unknown) =>
      setError(e instanceof CommandError ? describeError(e.info) : String(e)),
    );
    return onEvent('job.progress', (p) => {
      if (p.phase.startsWith('sync.phase.')) {
        jobRef.current = p.jobId;
        setProgress(p);
      }
    });
  }, [refresh]);

  const run = async () => {
    setRunning(true);
    setError(null);
    setSummary(null);
    setProgress(null);
    try {
      // A person asking for a sync gets the debtors too (a network's automatic cycle reads them every six hours).
      setSummary(await call('sync.run', { dueFrom, dueTo, geography, debtors: true }));
    } catch (e) {
      setError(e instanceof CommandError ? describeError(e.info) : String(e));
    } finally {
      setRunning(false);
      setProgress(null);
      await refresh();
    }
  };
  const cancel = () => void call('sync.cancel', {});

  const locale = i18n.language;
  const backwards = dueFrom !== '' && dueTo !== '' && dueFrom > dueTo;
  const canRun = datesOk.from && datesOk.to && dueFrom !== '' && dueTo !== '' && !backwards;
  const pct =
    progress && progress.total ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : null;
  const byStatus = status?.receivablesByStatus ?? {};

  return (
    <section className="screen">
      <h1>{t('nav.sync')}</h1>
      <p>{t('sync.intro')}</p>
      <div className="card sync-form">
        <div className="field-row">
          <DateField
            label={t('sync.dueFrom')}
            value={dueFrom}
            onChange={setDueFrom}
            onValidity={(ok) => setDatesOk((d) => ({ ...d, from: ok }))}
            invalid={backwards}
            invalidText={t('sync.dateInvalid')}
            disabled={running}
          />
          <DateField
            label={t('sync.dueTo')}
            value={dueTo}
            onChange={setDueTo}
            onValidity={(ok) => setDatesOk((d) => ({ ...d, to: ok }))}
            invalid={backwards}
            invalidText={t('sync.dateInvalid')}
            disabled={running}
          />
          <label className="radio" htmlFor={ids.geo}>
            <input
              id={ids.geo}
              type="checkbox"
              checked={geography}
              onChange={(e) => setGeography(e.target.checked)}
              disabled={running}
            />
            {t('sync.includeGeography')}
          </label>
        </div>
        {backwards && (
          <p role="alert" className="status error">
            {t('sync.rangeInvalid')}
          </p>
        )}
        <div className="actions">
          <button type="button" className="primary" onClick={() => void run()} disabled={running || !canRun}>
            {running ? t('sync.running') : t('sync.run')}
          </button>
          {running && (
            <button type="button" onClick={cancel}>
              {t('common.cancel')}
            </button>
          )}
        </div>
        {running && (
          <div className="progress" role="status" aria-live="polite">
            <div className="progress-label">
              {progress ? t(progress.phase) : t('sync.starting')}
              {progress && (
                <span className="muted">
                  {' '}
                  {progress.total
                    ? t('sync.requestsOf', {
                        done: progress.done,
                        total: progress.total,
                        count: progress.total,
                      })
                    : t('sync.requests', { count: progress.done })}
                  {progress.etaMs
                    ? ` · ${t('sync.eta', { time: formatDuration(progress.etaMs, locale) })}`
                    : ''}
                  {progress.waitingMs >= 1000
                    ? ` · ${t('sync.waiting', { time: formatDuration(progress.waitingMs, locale) })}`
                    : ''}
                </span>
              )}
            </div>
            <progress max={100} value={pct ?? undefined} aria-label={t('sync.progress')} />
          </div>
        )}
        {summary && (
          <p role="status" className="status ok">
            {t('sync.done', {
              receivables: t('sync.nReceivables', { count: summary.receivables.fetched }),
              accounts: t('sync.nAccounts', { count: summary.bankAccounts }),
              requests: t('sync.requests', { count: summary.requests }),
              time: formatDuration(summary.durationMs, locale),
            })}
          </p>
        )}
        {error && (
          <p role="alert" className="status error">
            {error}
          </p>
        )}
      </div>
      {status && (
        <>
          <h2>{t('sync.cacheTitle')}</h2>
          <table className="table">
            <thead>
              <tr>
                <th>{t('sync.kind')}</th>
                <th>{t('sync.items')}</th>
                <th>{t('sync.lastSuccess')}</th>
                <th>{t('sync.lastError')}</th>
              </tr>
            </thead>
            <tbody>
              {status.kinds.map((k) => (
                <tr key={k.kind}>
                  <td>{t(`sync.phase.${k.kind}`)}</td>
                  <td className="num">{k.itemCount}</td>
                  <td title={formatDateTime(k.lastSuccessAt, locale)}>
                    {k.lastSuccessAt ? formatAge(k.lastSuccessAt, locale) : t('sync.never')}
                  </td>
                  <td className="warn">{k.lastError ? describeStoredMessage(k.lastError) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">
            {t('sync.counts', {
              open: byStatus['1'] ?? 0,
              overdue: byStatus['4'] ?? 0,
              received: byStatus['2'] ?? 0,
              debtors: status.debtors,
            })}
            {status.window
              ? ` · ${t('sync.window', { from: formatDate(status.window.from, locale), to: formatDate(status.window.to, locale) })}`
              : ''}
          </p>
        </>
      )}
    </section>
  );
}
