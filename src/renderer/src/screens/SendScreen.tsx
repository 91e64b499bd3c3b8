import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { call, CommandError, onEvent } from '../api/client';
import { formatDate, formatDateTime, formatMoney } from '../format';
import { describeError } from '../i18n';

type Preview = CommandOutput<'send.preview'>;
type Batches = CommandOutput<'send.batches'>;

/** "outubro", or "dezembro de 2025" when the month is not in the current year. */
function monthName(month: string, currentYear: string, locale: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    ...(month.slice(0, 4) === currentYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, m! - 1, 1)));
}

/** "setembro e outubro" / "September and October". */
const listOf = (items: string[], locale: string) =>
  new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);

export function SendScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [preview, setPreview] = useState<Preview | null>(null);
  const [batches, setBatches] = useState<Batches | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const fail = (e: unknown) =>
    setMessage({ tone: 'error', text: e instanceof CommandError ? describeError(e.info) : String(e) });

  const refresh = useCallback(async () => {
    const [p, b] = await Promise.all([call('send.preview', {}), call('send.batches', { limit: 200 })]);
    setPreview(p);
    setBatches(b);
  }, []);
  useEffect(() => {
    Promise.all([call('send.preview', {}), call('send.batches', { limit: 200 })]).then(([p, b]) => {
      setPreview(p);
      setBatches(b);
    }, fail);
    const offProgress = onEvent('job.progress', (p) => {
      if (p.phase === 'send.batches') setProgress({ done: p.done, total: p.total ?? p.done });
    });
    const offDone = onEvent('job.finished', (p) => {
      if (p.jobId.startsWith('send-')) {
        setProgress(null);
        refresh().catch(fail);
      }
    });
    return () => {
      offProgress();
      offDone();
    };
  }, [refresh]);

  const send = async () => {
    setConfirming(false);
    setMessage(null);
    try {
      const r = await call('send.confirm', { chunkSize: 50, wait: false });
      setMessage({ tone: 'ok', text: t('send.queued', { count: r.batchIds.length }) });
      await refresh();
    } catch (e) {
      fail(e);
    }
  };
  const retryNow = async () => {
    try {
      await call('send.run', {});
      await refresh();
    } catch (e) {
      fail(e);
    }
  };
  const accountNames = (preview?.groups ?? []).map((g) => g.accountName ?? String(g.bankAccountId));
  const accounts = t('send.intoAccounts', {
    count: accountNames.length,
    accounts: listOf(accountNames, locale),
  });
  const c = batches?.counts;
  const today = preview ? formatDate(preview.today, locale) : '';
  const earlier = preview?.previousMonths;
  // mark-received carries no date: the EVO records the day of sending, so a credit of a closed month moves.
  const monthWarning =
    preview && earlier && earlier.lineCount > 0 ? (
      <div className="send-month-warning" id="send-month-warning">
        <span className="send-month-warning-icon" aria-hidden="true">
          ⚠
        </span>
        <p>
          <strong>{t('send.attention')}</strong>{' '}
          {t('send.previousMonths', {
            count: earlier.lineCount,
            total: formatMoney(earlier.totalCents, locale),
            months: listOf(
              earlier.months.map((m) => monthName(m, preview.today.slice(0, 4), locale)),
              locale,
            ),
            thisMonth: monthName(preview.today.slice(0, 7), preview.today.slice(0, 4), locale),
          })}
        </p>
      </div>
    ) : null;

  return (
    <section className="screen screen-wide">
      <h1>{t('nav.send')}</h1>
      {preview && preview.count === 0 && <p className="muted">{t('send.nothing')}</p>}
      {preview && preview.count > 0 && (
        <div className="card">
          <ul>
            {preview.groups.map((g) => (
              <li key={g.bankAccountId}>
                {t('send.group', {
                  count: g.count,
                  total: formatMoney(g.totalCents, locale),
                  account: g.accountName ?? g.bankAccountId,
                })}
              </li>
            ))}
          </ul>
          <div className="send-items" role="region" aria-label={t('send.items.title')} tabIndex={0}>
            <table className="table">
              <caption className="visually-hidden">{t('send.items.title')}</caption>
              <thead>
                <tr>
                  <th>{t('send.items.member')}</th>
                  <th className="num">{t('send.items.receivable')}</th>
                  <th>{t('send.items.due')}</th>
                  <th className="num">{t('send.items.amount')}</th>
                  <th>{t('send.items.line')}</th>
                  <th>{t('send.items.account')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.items.map((it) => (
                  <tr key={it.receivableId}>
                    <td>
                      {it.payerName ?? '—'}
                      {it.description && <span className="muted"> · {it.description}</span>}
                    </td>
                    <td className="num">{it.receivableId}</td>
                    <td>{it.dueDate ? formatDate(it.dueDate, locale) : '—'}</td>
                    <td className="num">{formatMoney(it.amountCents, locale)}</td>
                    <td>
                      {it.lineDate
                        ? t('send.items.lineText', {
                            date: formatDate(it.lineDate, locale),
                            amount: formatMoney(it.lineAmountCents ?? 0, locale),
                            text: it.lineDescription ?? '',
                          })
                        : '—'}
                    </td>
                    <td>{it.accountName ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td colSpan={3}>{t('send.items.total', { count: preview.count })}</td>
                  <td className="num">{formatMoney(preview.totalCents, locale)}</td>
                  <td colSpan={2}>
                    {preview.items.length < preview.count &&
                      t('send.items.shown', { shown: preview.items.length, count: preview.count })}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          <p className="send-date-note">{t('send.dateNotice', { today })}</p>
          {!confirming ? (
            <>
              {monthWarning}
              <button type="button" className="primary" onClick={() => setConfirming(true)}>
                {t('send.markPaid', { count: preview.count, total: formatMoney(preview.totalCents, locale) })}
              </button>
            </>
          ) : (
            <div
              role="alertdialog"
              aria-labelledby="send-confirm"
              aria-describedby={monthWarning ? 'send-month-warning' : undefined}
              className="confirm"
            >
              <p id="send-confirm">
                {t('send.confirmText', {
                  count: preview.count,
                  total: formatMoney(preview.totalCents, locale),
                  accounts,
                  today,
                })}
              </p>
              {monthWarning}
              <div className="actions">
                <button type="button" className="primary" onClick={() => void send()}>
                  {t('send.confirm')}
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  {t('common.cancel')}
                </button>
              </div>
            </div>
          )}
        </div>
      )}
      {progress && (
        <div className="progress" role="status">
          {t('send.sending', progress)}
          <progress max={progress.total} value={progress.done} aria-label={t('send.sendingLabel')} />
        </div>
      )}
      {message && (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={`status ${message.tone}`}>
          {message.text}
        </p>
      )}
      {c && (
        <p className="totals">
          {t('send.counts', c)}{' '}
          {c.queued + c.unknown + c.sent > 0 && (
            <button type="button" className="linklike" onClick={() => void retryNow()}>
              {t('send.retryNow')}
            </button>
          )}
        </p>
      )}
      {batches && batches.batches.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('send.col.batch')}</th>
              <th>{t('send.col.account')}</th>
              <th className="num">{t('send.col.count')}</th>
              <th className="num">{t('send.col.total')}</th>
              <th>{t('send.col.state')}</th>
              <th>{t('send.col.when')}</th>
              <th>{t('send.col.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {batches.batches.map((b) => (
              <tr key={b.id}>
                <td className="num">{b.id}</td>
                <td>{b.bankAccountId}</td>
                <td className="num">{b.receivableIds.length}</td>
                <td className="num">{formatMoney(b.totalCents, locale)}</td>
                <td>
                  <span className={`badge batch-${b.state}`}>{t(`send.state.${b.state}`)}</span>
                </td>
                <td>{formatDateTime(b.confirmedAt ?? b.lastAttemptAt ?? b.createdAt, locale)}</td>
                <td className="ellipsis" title={b.reviewReason ?? b.lastError ?? ''}>
                  {b.reviewReason ?? b.lastError ?? ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
