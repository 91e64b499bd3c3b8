import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import { call, CommandError } from '../../api/client';
import { formatDate, formatMoney } from '../../format';
import { describeError } from '../../i18n';
import type { MatchLine } from './MatchRow';

type Found = CommandOutput<'review.searchReceivables'>['rows'][number];
const PAYMENT_TYPE_IDS = [1, 2, 3, 5, 7, 13, 18] as const;

/** Pick one or several cached receivables for a line by hand; their sum is shown against the line. */
export function OverridePanel({
  line,
  onDone,
  onClose,
}: {
  line: MatchLine;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const ids = { q: useId(), amount: useId(), type: useId(), status: useId(), from: useId(), to: useId() };
  const [query, setQuery] = useState(line.payerText ?? '');
  const [sameAmount, setSameAmount] = useState(false);
  const [paymentType, setPaymentType] = useState<number | ''>('');
  const [status, setStatus] = useState<'open' | 'overdue' | 'both'>('both');
  const [dueFrom, setDueFrom] = useState('');
  const [dueTo, setDueTo] = useState('');
  const [rows, setRows] = useState<Found[]>([]);
  const [chosen, setChosen] = useState<Map<number, Found>>(
    new Map(
      line.receivables.map((r) => [
        r.id,
        {
          ...r,
          amountCents: r.faceCents ?? r.amountCents,
          statusId: r.statusId ?? 1,
          heldByLineId: line.lineId,
        },
      ]),
    ),
  );
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      call('review.searchReceivables', {
        ...(query.trim() ? { query } : {}),
        ...(sameAmount ? { amountCents: line.amountCents } : {}),
        ...(paymentType !== '' ? { paymentTypeIds: [paymentType] } : {}),
        statuses: status === 'open' ? [1] : status === 'overdue' ? [4] : [1, 4],
        ...(dueFrom ? { dueFrom } : {}),
        ...(dueTo ? { dueTo } : {}),
        limit: 100,
      }).then(
        (r) => setRows(r.rows),
        (e: unknown) => setError(e instanceof CommandError ? describeError(e.info) : String(e)),
      );
    }, 200);
    return () => clearTimeout(timer);
  }, [query, sameAmount, paymentType, status, dueFrom, dueTo, line.amountCents]);

  const toggle = (r: Found) =>
    setChosen((m) => {
      const next = new Map(m);
      if (next.has(r.id)) next.delete(r.id);
      else next.set(r.id, r);
      return next;
    });
  const sum = [...chosen.values()].reduce((s, r) => s + r.amountCents, 0);
  const diff = line.amountCents - sum;
  const confirm = async () => {
    try {
      await call('review.override', { lineId: line.lineId, receivableIds: [...chosen.keys()] });
      onDone();
    } catch (e) {
      setError(e instanceof CommandError ? describeError(e.info) : String(e));
    }
  };

  return (
    <section className="card override" aria-labelledby="override-title">
      <div className="notify-head">
        <h2 id="override-title">
          {t('reconcile.override.title', {
            amount: formatMoney(line.amountCents, locale),
            date: formatDate(line.date, locale),
          })}
        </h2>
        <button type="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <p className="muted">{line.description}</p>
      <div className="toolbar">
        <div className="field grow">
          <label htmlFor={ids.q}>{t('reconcile.override.search')}</label>
          <input id={ids.q} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.type}>{t('reconcile.override.paymentType')}</label>
          <select
            id={ids.type}
            value={paymentType}
            onChange={(e) => setPaymentType(e.target.value === '' ? '' : Number(e.target.value))}
          >
            <option value="">{t('reconcile.override.anyType')}</option>
            {PAYMENT_TYPE_IDS.map((id) => (
              <option key={id} value={id}>
                {t(`paymentTypes.${id}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.status}>{t('reconcile.override.status')}</label>
          <select id={ids.status} value={status} onChange={(e) => setStatus(e.target.value as 'both')}>
            <option value="both">{t('reconcile.override.openOrOverdue')}</option>
            <option value="open">{t('reconcile.status.1')}</option>
            <option value="overdue">{t('reconcile.status.4')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.from}>{t('reconcile.override.dueFrom')}</label>
          <input id={ids.from} type="date" value={dueFrom} onChange={(e) => setDueFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.to}>{t('reconcile.override.dueTo')}</label>
          <input id={ids.to} type="date" value={dueTo} onChange={(e) => setDueTo(e.target.value)} />
        </div>
        <label className="radio" htmlFor={ids.amount}>
          <input
            id={ids.amount}
            type="checkbox"
            checked={sameAmount}
            onChange={(e) => setSameAmount(e.target.checked)}
          />
          {t('reconcile.override.sameAmount')}
        </label>
      </div>
      <p role="status" className={diff === 0 ? 'status ok' : 'warn'}>
        {t('reconcile.override.sum', {
          count: chosen.size,
          sum: formatMoney(sum, locale),
          diff: formatMoney(diff, locale),
        })}
      </p>
      <ul className="override-list" aria-label={t('reconcile.override.results')}>
        {rows.map((r) => (
          <li key={r.id}>
            <label>
              <input
                type="checkbox"
                checked={chosen.has(r.id)}
                onChange={() => toggle(r)}
                disabled={r.heldByLineId !== null && r.heldByLineId !== line.lineId && !chosen.has(r.id)}
              />
              <span className="ellipsis">{r.payerName ?? r.description}</span>
              <span className="num">{formatMoney(r.amountCents, locale)}</span>
              <span>{formatDate(r.dueDate, locale)}</span>
              <span className="muted small">
                {t(`reconcile.status.${r.statusId}`, { defaultValue: String(r.statusId) })}
              </span>
              {r.heldByLineId !== null && r.heldByLineId !== line.lineId && (
                <span className="badge warn">{t('reconcile.override.held')}</span>
              )}
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="status error">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" disabled={chosen.size === 0} onClick={() => void confirm()}>
          {t('reconcile.override.confirm', { count: chosen.size })}
        </button>
      </div>
    </section>
  );
}
