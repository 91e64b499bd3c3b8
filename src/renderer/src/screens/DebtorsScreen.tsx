import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandInput, CommandOutput } from '../../../shared/contract';
import { call, CommandError } from '../api/client';
import { NotifyPanel } from '../components/NotifyPanel';
import { VirtualList } from '../components/VirtualList';
import { saveFile } from '../download';
import { formatAge, formatDate, formatMoney } from '../format';
import { describeError } from '../i18n';

type Filters = CommandInput<'debtors.list'>;
type Result = CommandOutput<'debtors.list'>;
type Sort = NonNullable<Filters['sort']>;
const SORTS: Sort[] = ['name', 'amount', 'daysLate', 'dueDate'];

export function DebtorsScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const ids = { search: useId(), days: useId(), status: useId() };
  const [filters, setFilters] = useState<Filters>({ sort: 'daysLate', dir: 'desc' });
  const [data, setData] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [notifying, setNotifying] = useState<number[] | null>(null);

  const load = useCallback((f: Filters) => {
    call('debtors.list', f).then(
      (r) => {
        setData(r);
        setError(null);
      },
      (e: unknown) => setError(e instanceof CommandError ? describeError(e.info) : String(e)),
    );
  }, []);
  useEffect(() => load(filters), [filters, load]);

  const update = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const sortBy = (sort: Sort) =>
    update({ sort, dir: filters.sort === sort && filters.dir === 'desc' ? 'asc' : 'desc' });
  const exportAs = async (format: 'xlsx' | 'csv') => {
    try {
      saveFile(await call('debtors.export', { ...filters, format }));
    } catch (e) {
      setError(e instanceof CommandError ? describeError(e.info) : String(e));
    }
  };
  const rows = data?.rows ?? [];
  const toggle = (memberId: number | null) => {
    if (memberId === null) return;
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(memberId)) next.delete(memberId);
      else next.add(memberId);
      return next;
    });
  };
  const allSelected = rows.length > 0 && rows.every((r) => r.memberId !== null && selected.has(r.memberId));
  const toggleAll = () =>
    setSelected(
      allSelected ? new Set() : new Set(rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId]))),
    );

  return (
    <section className="screen screen-wide">
      <h1>{t('nav.debtors')}</h1>
      <div className="toolbar">
        <div className="field">
          <label htmlFor={ids.search}>{t('debtors.search')}</label>
          <input
            id={ids.search}
            type="search"
            value={filters.search ?? ''}
            onChange={(e) => update({ search: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.days}>{t('debtors.minDaysLate')}</label>
          <input
            id={ids.days}
            type="number"
            min={0}
            value={filters.minDaysLate ?? ''}
            onChange={(e) =>
              update({ minDaysLate: e.target.value === '' ? undefined : Math.max(0, Number(e.target.value)) })
            }
          />
        </div>
        <div className="field">
          <label htmlFor={ids.status}>{t('debtors.memberStatus')}</label>
          <select
            id={ids.status}
            value={filters.memberStatus ?? ''}
            onChange={(e) => update({ memberStatus: e.target.value || undefined })}
          >
            <option value="">{t('debtors.any')}</option>
            {(data?.memberStatuses ?? []).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          <button type="button" onClick={() => void exportAs('xlsx')}>
            {t('debtors.exportXlsx')}
          </button>
          <button type="button" onClick={() => void exportAs('csv')}>
            {t('debtors.exportCsv')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={selected.size === 0}
            onClick={() => setNotifying([...selected])}
          >
            {t('debtors.notifySelected', { count: selected.size })}
          </button>
        </div>
      </div>
      {notifying && <NotifyPanel memberIds={notifying} onClose={() => setNotifying(null)} />}
      {data && (
        <p className="totals" role="status">
          {t('debtors.totals', { count: data.count, amount: formatMoney(data.totalCents, locale) })}
          <span className="muted">
            {' '}
            ·{' '}
            {t('debtors.synced', { age: data.syncedAt ? formatAge(data.syncedAt, locale) : t('sync.never') })}
          </span>
        </p>
      )}
      {error && (
        <p role="alert" className="status error">
          {error}
        </p>
      )}
      <div
        className="grid debtors-grid"
        role="table"
        aria-label={t('nav.debtors')}
        aria-rowcount={rows.length + 1}
      >
        <div className="grid-head" role="row">
          <span role="columnheader">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={toggleAll}
              aria-label={t('debtors.selectAll')}
            />
          </span>
          {SORTS.map((s) => (
            <span
              key={s}
              role="columnheader"
              aria-sort={filters.sort === s ? (filters.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
            >
              <button type="button" className="linklike" onClick={() => sortBy(s)}>
                {t(`debtors.col.${s}`)} {filters.sort === s ? (filters.dir === 'asc' ? '▲' : '▼') : ''}
              </button>
            </span>
          ))}
          <span role="columnheader">{t('debtors.col.paymentType')}</span>
          <span role="columnheader">{t('debtors.col.memberStatus')}</span>
        </div>
        <VirtualList
          items={rows}
          rowHeight={36}
          height={Math.min(560, Math.max(72, rows.length * 36))}
          label={t('nav.debtors')}
          getKey={(r) => r.rowId}
          renderRow={(r) => (
            <div className="grid-row">
              <span role="cell">
                <input
                  type="checkbox"
                  checked={r.memberId !== null && selected.has(r.memberId)}
                  onChange={() => toggle(r.memberId)}
                  aria-label={t('debtors.select', { name: r.name ?? '' })}
                />
              </span>
              <span role="cell" className="ellipsis" title={r.name ?? ''}>
                {r.name}
              </span>
              <span role="cell" className="num">
                {r.debtAmountCents === null ? '—' : formatMoney(r.debtAmountCents, locale)}
              </span>
              <span role="cell" className="num">
                {r.daysLate ?? '—'}
              </span>
              <span role="cell">{formatDate(r.dueDate, locale)}</span>
              <span role="cell" className="ellipsis">
                {r.paymentType}
              </span>
              <span role="cell">{r.memberStatus}</span>
            </div>
          )}
        />
        {data && rows.length === 0 && <p className="muted empty">{t('debtors.empty')}</p>}
      </div>
    </section>
  );
}
