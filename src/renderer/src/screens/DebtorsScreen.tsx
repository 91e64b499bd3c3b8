import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandInput, CommandOutput } from '../../../shared/contract';
import { call, CommandError } from '../api/client';
import { useBranchFilter, useNetworkPlaces } from '../branch-filter';
import { BranchSelect } from '../components/BranchSelect';
import { NotifyPanel } from '../components/NotifyPanel';
import { VirtualList } from '../components/VirtualList';
import { saveFile } from '../download';
import { formatAge, formatBrasilia, formatDate, formatDateTime, formatMoney } from '../format';
import { useLatest } from '../hooks/latest';
import { describeError } from '../i18n';

type Filters = CommandInput<'debtors.list'>;
type Result = CommandOutput<'debtors.list'>;
type Sort = NonNullable<Filters['sort']>;
type Member = Result['members'][number];
type Line =
  { kind: 'member'; member: Member } | { kind: 'debt'; member: Member; debt: Member['debts'][number] };
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

  // Typing in the search or choosing a branch asks again; only the newest answer is drawn.
  const latestList = useLatest();
  const load = useCallback(
    (f: Filters) => {
      void latestList(() => call('debtors.list', f)).then(
        (r) => {
          if (!r.current) return;
          setData(r.value);
          setError(null);
        },
        (e: unknown) => setError(e instanceof CommandError ? describeError(e.info) : String(e)),
      );
    },
    [latestList],
  );
  // [V] A network: one branch's debtors (the branch chosen in Conciliar, Enviar or Início stays chosen here).
  const { branch, setBranch } = useBranchFilter();
  const places = useNetworkPlaces();
  const branchId = places && typeof branch === 'number' ? branch : undefined;
  const asked = useCallback(
    (f: Filters): Filters => (branchId === undefined ? f : { ...f, branchId }),
    [branchId],
  );
  useEffect(() => load(asked(filters)), [filters, load, asked]);

  const update = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const sortBy = (sort: Sort) =>
    update({ sort, dir: filters.sort === sort && filters.dir === 'desc' ? 'asc' : 'desc' });
  const exportAs = async (format: 'xlsx' | 'csv') => {
    try {
      saveFile(await call('debtors.export', { ...asked(filters), format }));
    } catch (e) {
      setError(e instanceof CommandError ? describeError(e.info) : String(e));
    }
  };
  const members = data?.members ?? [];
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const toggleExpanded = (key: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  // One virtual row per member, and one per debt of each member shown expanded.
  const lines: Line[] = members.flatMap((m) => [
    { kind: 'member' as const, member: m },
    ...(expanded.has(m.key) ? m.debts.map((d) => ({ kind: 'debt' as const, member: m, debt: d })) : []),
  ]);
  const statusText = (s: string | null) =>
    s === null ? '' : i18n.exists(`debtors.status.${s}`) ? t(`debtors.status.${s}`) : s;
  const toggle = (memberId: number | null) => {
    if (memberId === null) return;
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(memberId)) next.delete(memberId);
      else next.add(memberId);
      return next;
    });
  };
  const selectable = members.flatMap((m) => (m.memberId === null ? [] : [m.memberId]));
  const allSelected = selectable.length > 0 && selectable.every((id) => selected.has(id));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(selectable));
  const dayOf = (iso: string) => formatBrasilia(iso, locale, { dateStyle: 'short' });
  const timeOf = (iso: string) => formatBrasilia(iso, locale, { timeStyle: 'short' });

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
                {statusText(s)}
              </option>
            ))}
          </select>
        </div>
        {places && (
          <BranchSelect
            places={places}
            value={typeof branch === 'number' ? branch : 'all'}
            onChange={setBranch}
            withNetwork={false}
          />
        )}
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
      {notifying && (
        <NotifyPanel
          memberIds={notifying}
          onClose={() => {
            setNotifying(null);
            load(asked(filters));
          }}
        />
      )}
      {data && (
        <p className="totals" role="status">
          {t('debtors.totals', {
            count: data.memberCount,
            debts: t('debtors.debts', { count: data.count }),
            amount: formatMoney(data.totalCents, locale),
          })}
          <span className="muted">
            {' '}
            ·{' '}
            {t('debtors.synced', { age: data.syncedAt ? formatAge(data.syncedAt, locale) : t('sync.never') })}
          </span>
        </p>
      )}
      {data && <p className="hint">{t('debtors.amountHint')}</p>}
      {error && (
        <p role="alert" className="status error">
          {error}
        </p>
      )}
      <div
        className="grid debtors-grid debtors-members"
        role="table"
        aria-label={t('nav.debtors')}
        aria-rowcount={lines.length + 1}
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
          {SORTS.flatMap((s) => [
            <span
              key={s}
              role="columnheader"
              className={s === 'name' ? undefined : 'num'}
              aria-sort={filters.sort === s ? (filters.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
            >
              <button type="button" className="linklike" onClick={() => sortBy(s)}>
                {t(`debtors.col.${s}`)} {filters.sort === s ? (filters.dir === 'asc' ? '▲' : '▼') : ''}
              </button>
            </span>,
            ...(s === 'name'
              ? [
                  <span key="debts" role="columnheader">
                    {t('debtors.col.debts')}
                  </span>,
                ]
              : []),
          ])}
          <span role="columnheader">{t('debtors.col.paymentType')}</span>
          <span role="columnheader">{t('debtors.col.memberStatus')}</span>
        </div>
        <VirtualList
          items={lines}
          rowHeight={40}
          height={Math.min(560, Math.max(80, lines.length * 40))}
          label={t('nav.debtors')}
          getKey={(l) => (l.kind === 'member' ? l.member.key : `${l.member.key}-${l.debt.rowId}`)}
          renderRow={(l) => {
            const m = l.member;
            if (l.kind === 'debt') {
              const d = l.debt;
              return (
                <div className="grid-row debt-line">
                  <span role="cell" />
                  <span role="cell" className="ellipsis muted">
                    {d.receivableId === null
                      ? ''
                      : t('audit.recon.receivable', {
                          id: d.receivableId,
                          due: formatDate(d.dueDate, locale),
                        })}
                  </span>
                  <span role="cell" />
                  <span role="cell" className="num">
                    {d.debtAmountCents === null ? '—' : formatMoney(d.debtAmountCents, locale)}
                  </span>
                  <span role="cell" className="num">
                    {d.daysLate ?? '—'}
                  </span>
                  <span role="cell" className="num">
                    {formatDate(d.dueDate, locale)}
                  </span>
                  <span role="cell" className="ellipsis">
                    {d.paymentType}
                  </span>
                  <span role="cell" />
                </div>
              );
            }
            const open = expanded.has(m.key);
            return (
              <div className={`grid-row member-line${open ? ' open' : ''}`}>
                <span role="cell">
                  <input
                    type="checkbox"
                    checked={m.memberId !== null && selected.has(m.memberId)}
                    disabled={m.memberId === null}
                    onChange={() => toggle(m.memberId)}
                    aria-label={t('debtors.select', { name: m.name ?? '' })}
                  />
                </span>
                <span role="cell" className="member-name">
                  <span className="ellipsis" title={m.name ?? ''}>
                    {m.name}
                  </span>
                  {m.notifiedState === 'held' ? (
                    // [U] A reminder held: money from this member is on its way (the reason is in the notification list).
                    <span className="badge notified state-held" title={t('policy.hold.badgeTitle')}>
                      {t('policy.hold.badge')}
                    </span>
                  ) : m.notifiedAt ? (
                    <span
                      className={`badge notified state-${m.notifiedState ?? 'sent'}`}
                      title={t('debtors.notifiedTodayTitle', {
                        state: t(`notify.state.${m.notifiedState ?? 'sent'}`),
                      })}
                    >
                      {t('debtors.notifiedToday', { time: timeOf(m.notifiedAt) })}
                    </span>
                  ) : (
                    m.lastNotifiedAt && (
                      <span
                        className={`badge notified earlier state-${m.lastNotifiedState ?? 'sent'}`}
                        title={t('notifyAgain.lastNotifiedTitle', {
                          when: formatDateTime(m.lastNotifiedAt, locale),
                          state: t(`notify.state.${m.lastNotifiedState ?? 'sent'}`),
                        })}
                      >
                        {t('notifyAgain.lastNotified', { date: dayOf(m.lastNotifiedAt) })}
                      </span>
                    )
                  )}
                </span>
                <span role="cell">
                  <button
                    type="button"
                    className="linklike debts-toggle"
                    aria-expanded={open}
                    aria-label={t(open ? 'debtors.collapse' : 'debtors.expand', { name: m.name ?? '' })}
                    onClick={() => toggleExpanded(m.key)}
                  >
                    {open ? '▾' : '▸'} {t('debtors.debts', { count: m.debtCount })}
                  </button>
                </span>
                <span role="cell" className="num">
                  {formatMoney(m.totalCents, locale)}
                </span>
                <span role="cell" className="num">
                  {m.maxDaysLate ?? '—'}
                </span>
                <span role="cell" className="num">
                  {formatDate(m.oldestDueDate, locale)}
                </span>
                <span role="cell" className="ellipsis" title={m.paymentTypes.join(', ')}>
                  {m.paymentTypes.join(', ')}
                </span>
                <span role="cell">{statusText(m.memberStatus)}</span>
              </div>
            );
          }}
        />
        {data && members.length === 0 && <p className="muted empty">{t('debtors.empty')}</p>}
      </div>
    </section>
  );
}
