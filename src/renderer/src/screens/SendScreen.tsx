import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../shared/contract';
import { call, CommandError, onEvent } from '../api/client';
import { useBranchFilter, useNetworkPlaces, type BranchPlaces, type BranchChoice } from '../branch-filter';
import { BranchSelect, branchName } from '../components/BranchSelect';
import { formatDate, formatDateTime, formatMoney, listOf, monthName } from '../format';
import { describeError, describeStoredMessage } from '../i18n';
import { useAllowed } from '../me';
import { useLatest } from '../hooks/latest';
import { useScreenParams } from '../navigation';

type Preview = CommandOutput<'send.preview'>;
type Batches = CommandOutput<'send.batches'>;
type BatchItems = CommandOutput<'send.batchItems'>;
type Item = Preview['items'][number];

/** Rows an items list shows before "Mostrar mais": it grows with the page, never a box with a cut row. */
const ROWS_SHOWN = 50;

/**
 * The receivables of a send, each with the bank line it pays: before the click, and in each batch after it.
 * "Valor" is the receivable's value in the EVO; when the bank credited less (a card fee), the net and the fee
 * are said under it ([T] item 6). The list grows with the page, 50 rows at a time ([T] item 8).
 */
export function ItemsTable({
  items,
  count,
  totalCents,
  label,
}: {
  items: Item[];
  count: number;
  totalCents: number;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [limit, setLimit] = useState(ROWS_SHOWN);
  const shown = items.slice(0, limit);
  const more = items.length - shown.length;
  const faceOf = (it: Item) => it.faceCents ?? it.amountCents;
  // Every item is listed: the receivables' own total can be said beside what the bank credited.
  const faceTotal = items.length === count ? items.reduce((s, it) => s + faceOf(it), 0) : null;
  return (
    <div className="send-items" role="region" aria-label={label} tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">{label}</caption>
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
          {shown.map((it) => (
            <tr key={it.receivableId}>
              <td>
                {it.payerName ?? '—'}
                {it.description && <span className="muted"> · {it.description}</span>}
              </td>
              <td className="num">{it.receivableId}</td>
              <td>{it.dueDate ? formatDate(it.dueDate, locale) : '—'}</td>
              <td className="num">
                {formatMoney(faceOf(it), locale)}
                {faceOf(it) !== it.amountCents && (
                  <span className="send-net">
                    {t(faceOf(it) > it.amountCents ? 'send.items.net' : 'send.items.netMore', {
                      net: formatMoney(it.amountCents, locale),
                      fee: formatMoney(Math.abs(faceOf(it) - it.amountCents), locale),
                    })}
                  </span>
                )}
              </td>
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
            <td colSpan={3}>{t('send.items.total', { count })}</td>
            <td className="num">
              {formatMoney(faceTotal ?? totalCents, locale)}
              {faceTotal !== null && faceTotal !== totalCents && (
                <span className="send-net">
                  {t('send.items.netTotal', { net: formatMoney(totalCents, locale) })}
                </span>
              )}
            </td>
            <td colSpan={2}>
              {more > 0 ? (
                <button type="button" onClick={() => setLimit((l) => l + ROWS_SHOWN)}>
                  {t('send.items.more', { count: Math.min(more, ROWS_SHOWN), left: more })}
                </button>
              ) : (
                items.length < count && t('send.items.shown', { shown: items.length, count })
              )}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * [V] Enviar of one branch of a network: the core lists and sends only what came into its accounts (`branch` of
 * send.preview and send.confirm); the batches already sent are kept to that branch's accounts here.
 */
function batchesOfBranch(batches: Batches | null, places: BranchPlaces, branch: BranchChoice) {
  return (
    batches && {
      ...batches,
      batches: batches.batches.filter((b) => places.inBranch(b.bankAccountId, branch)),
    }
  );
}

export function SendScreen() {
  // [W] On the office server a conferente sees what is approved but cannot send: the button says who can.
  const sending = useAllowed('send.confirm', 'send');
  const running = useAllowed('send.run', 'send');
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  // Opened from Início's "Enviados ao EVO" card: the batches are what the clerk came for.
  const toBatches = useScreenParams('send')?.view === 'batches';
  const batchesRef = useRef<HTMLTableElement>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [batches, setBatches] = useState<Batches | null>(null);
  /** The batch opened to its list (one at a time). */
  const [opened, setOpened] = useState<BatchItems | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // [V] A network: what came into the chosen branch's accounts, listed and sent (the core filters both).
  const { branch, setBranch } = useBranchFilter();
  const byBranch = useNetworkPlaces();
  const scope = byBranch && branch !== 'all' ? branch : undefined;
  /** Everything approved, all branches (the note under a branch's list says how much of it is shown). */
  const [allCount, setAllCount] = useState(0);
  const filtered =
    byBranch && scope !== undefined ? { batches: batchesOfBranch(batches, byBranch, scope) } : null;
  const branchLabel =
    branch === 'all'
      ? ''
      : branch === 'network'
        ? t('home.branchFilter.networkName')
        : branchName(t, byBranch?.branches.find((b) => b.id === branch) ?? { id: branch, name: null });
  const shownBatches = filtered?.batches ?? batches;
  const hasBatches = (shownBatches?.batches.length ?? 0) > 0;
  useEffect(() => {
    if (toBatches && hasBatches) batchesRef.current?.scrollIntoView({ block: 'start' });
  }, [toBatches, hasBatches]);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const fail = (e: unknown) =>
    setMessage({ tone: 'error', text: e instanceof CommandError ? describeError(e.info) : String(e) });

  /** What Enviar shows: the preview (of the chosen branch), everything approved (for the note), the batches. */
  // Only the newest answer is drawn: an answer for the branch chosen before must not land over the new one's.
  const latestSend = useLatest();
  const fetchSend = useCallback(
    () =>
      latestSend(() =>
        Promise.all([
          call('send.preview', scope === undefined ? {} : { branch: scope }),
          scope === undefined ? Promise.resolve(null) : call('send.preview', {}),
          call('send.batches', { limit: 200 }),
        ]),
      ),
    [scope, latestSend],
  );
  const refresh = useCallback(async () => {
    const r = await fetchSend();
    if (!r.current) return;
    const [p, all, b] = r.value;
    setPreview(p);
    setAllCount(all?.count ?? p.count);
    setBatches(b);
    // "N lotes na fila" is true only while something waits: once the queue is empty the table says the rest.
    const c = b.counts;
    if (c.queued + c.sending + c.sent + c.unknown === 0) setMessage((m) => (m?.tone === 'ok' ? null : m));
  }, [fetchSend]);
  useEffect(() => {
    fetchSend().then((r) => {
      if (!r.current) return;
      const [p, all, b] = r.value;
      setPreview(p);
      setAllCount(all?.count ?? p.count);
      setBatches(b);
    }, fail);
    const offProgress = onEvent('job.progress', (p) => {
      if (p.phase === 'send.batches') setProgress({ done: p.done, total: p.total ?? p.done });
    });
    const offDone = onEvent('job.finished', (p) => {
      if (p.jobId.startsWith('send-')) {
        setProgress(null);
        // A run that failed outright (the API unreachable, a bug): one sentence here, the details in the log.
        if (p.error) setMessage({ tone: 'error', text: describeError(p.error) });
        refresh().catch(fail);
      }
    });
    return () => {
      offProgress();
      offDone();
    };
  }, [fetchSend, refresh]);

  const send = async () => {
    setConfirming(false);
    setMessage(null);
    try {
      const r = await call('send.confirm', {
        chunkSize: 50,
        wait: false,
        ...(scope === undefined ? {} : { branch: scope }),
      });
      setMessage({ tone: 'ok', text: t('send.queued', { count: r.batchIds.length }) });
      await refresh();
    } catch (e) {
      fail(e);
    }
  };
  const toggleBatch = async (batchId: number) => {
    if (opened?.batch.id === batchId) {
      setOpened(null);
      return;
    }
    try {
      setOpened(await call('send.batchItems', { batchId }));
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
  // What the EVO records is each receivable received at its own value: when every item is listed, the totals
  // said before the click are the receivables' (the bank's net, less card fees, is under the list's total).
  const allListed = !!preview && preview.items.length === preview.count;
  const faceOf = (it: Item) => it.faceCents ?? it.amountCents;
  const faceTotal = allListed
    ? preview.items.reduce((s, it) => s + faceOf(it), 0)
    : (preview?.totalCents ?? 0);
  const faceOfGroup = (g: Preview['groups'][number]) =>
    allListed
      ? preview.items.filter((it) => it.accountName === g.accountName).reduce((s, it) => s + faceOf(it), 0)
      : g.totalCents;
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
      {byBranch && (
        <div className="toolbar">
          <BranchSelect places={byBranch} value={branch} onChange={setBranch} />
        </div>
      )}
      {preview && preview.count === 0 && (
        <p className="muted">
          {filtered ? t('home.branchFilter.sendNone', { name: branchLabel }) : t('send.nothing')}
        </p>
      )}
      {preview && preview.count > 0 && (
        <div className="card">
          {filtered && (
            <p className="branch-note" role="status">
              {t('home.branchFilter.sendShown', { count: preview.count, name: branchLabel, total: allCount })}
            </p>
          )}
          <ul>
            {preview.groups.map((g) => (
              <li key={g.bankAccountId}>
                {t('send.group', {
                  count: g.count,
                  total: formatMoney(faceOfGroup(g), locale),
                  account: g.accountName ?? g.bankAccountId,
                })}
              </li>
            ))}
          </ul>
          <ItemsTable
            items={preview.items}
            count={preview.count}
            totalCents={preview.totalCents}
            label={t('send.items.title')}
          />
          <p className="send-date-note">{t('send.dateNotice', { today })}</p>
          {!confirming ? (
            <>
              {monthWarning}
              <button
                type="button"
                className="primary"
                disabled={!sending.allowed}
                data-forbidden={sending.allowed ? undefined : ''}
                title={sending.why}
                onClick={() => setConfirming(true)}
              >
                {t('send.markPaid', { count: preview.count, total: formatMoney(faceTotal, locale) })}
              </button>
              {sending.why && <p className="muted">{sending.why}</p>}
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
                  total: formatMoney(faceTotal, locale),
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
            <button
              type="button"
              className="linklike"
              disabled={!running.allowed}
              data-forbidden={running.allowed ? undefined : ''}
              title={running.why}
              onClick={() => void retryNow()}
            >
              {t('send.retryNow')}
            </button>
          )}
        </p>
      )}
      {shownBatches && shownBatches.batches.length > 0 && (
        <table className="table" ref={batchesRef} aria-label={t('send.batchesTable')}>
          <thead>
            <tr>
              <th>{t('send.col.batch')}</th>
              <th>{t('send.col.account')}</th>
              <th className="num">{t('send.col.count')}</th>
              <th className="num">{t('send.col.total')}</th>
              <th>{t('send.col.state')}</th>
              <th>{t('send.col.when')}</th>
            </tr>
          </thead>
          <tbody>
            {shownBatches.batches.map((b) => [
              <tr key={b.id}>
                <td className="num">
                  <button
                    type="button"
                    className="linklike"
                    aria-expanded={opened?.batch.id === b.id}
                    onClick={() => void toggleBatch(b.id)}
                  >
                    {t('send.openBatch', { id: b.id })}
                  </button>
                </td>
                <td>{b.accountName ?? b.bankAccountId}</td>
                <td className="num">{b.receivableIds.length}</td>
                <td className="num">{formatMoney(b.totalCents, locale)}</td>
                <td>
                  <span className={`badge batch-${b.state}`}>{t(`send.state.${b.state}`)}</span>
                  {/* The only detail worth a word: what went wrong, in full, under the state (no empty column). */}
                  {(b.reviewReason ?? b.lastError) && (
                    <span className="batch-problem">
                      {describeStoredMessage(b.reviewReason ?? b.lastError ?? '')}
                    </span>
                  )}
                </td>
                <td>{formatDateTime(b.confirmedAt ?? b.lastAttemptAt ?? b.createdAt, locale)}</td>
              </tr>,
              opened?.batch.id === b.id ? (
                <tr key={`${b.id}-items`} className="batch-items">
                  <td colSpan={6}>
                    <ItemsTable
                      items={opened.items}
                      count={opened.items.length}
                      totalCents={opened.batch.totalCents}
                      label={t('send.items.batchTitle', {
                        id: b.id,
                        state: t(`send.state.${opened.batch.state}`),
                      })}
                    />
                  </td>
                </tr>
              ) : null,
            ])}
          </tbody>
        </table>
      )}
    </section>
  );
}
