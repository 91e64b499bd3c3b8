import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandOutput } from '../../../../shared/contract';
import type { AmountDto } from '../../../../shared/contract/dashboard';
import { useBranchFilter, type BranchChoice } from '../../branch-filter';
import { formatMoney } from '../../format';
import type { Navigation } from '../../navigation';
import { branchName } from '../BranchSelect';
import './branches.css';

type Row = CommandOutput<'dashboard.summary'>['byBranch'][number];
const COLUMNS = ['name', 'toDecide', 'toSend', 'sent', 'setAside', 'open', 'overdue'] as const;
type Column = (typeof COLUMNS)[number];
type Sort = { column: Column; dir: 'ascending' | 'descending' } | null;

/** Sent and not failed: waiting for the EVO's read-back, or confirmed (a failed send is said apart, in warning). */
const sentOf = (r: Row): AmountDto => ({
  count: r.buckets.sentWaiting.count + r.buckets.sentConfirmed.count,
  cents: r.buckets.sentWaiting.cents + r.buckets.sentConfirmed.cents,
});
const amountOf = (r: Row, c: Exclude<Column, 'name'>): AmountDto =>
  c === 'sent' ? sentOf(r) : c === 'open' ? r.open : c === 'overdue' ? r.overdue : r.buckets[c];

/**
 * [V] Início of a network: one row per branch reconciled here and one for the network's own accounts, with where
 * their credit lines stand (over every statement, by the statement's account's branch) and their receivables in
 * the EVO. A header sorts by its column (money, then count; the name alphabetically); the network row stays last,
 * as it is not a branch to rank. A row opens Conciliar (or, from "A enviar", Enviar) filtered to its branch.
 */
export function BranchesTable({ rows, open }: { rows: Row[]; open: Navigation['open'] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { setBranch } = useBranchFilter();
  const [sort, setSort] = useState<Sort>(null);
  const nameOf = (r: Row) =>
    r.branchId === null ? t('home.branches.network') : branchName(t, { id: r.branchId, name: r.name });
  const branches = rows.filter((r) => r.branchId !== null);
  const network = rows.filter((r) => r.branchId === null);
  if (sort) {
    const sign = sort.dir === 'ascending' ? 1 : -1;
    const { column } = sort;
    const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    branches.sort((a, b) => {
      if (column === 'name') return sign * collator.compare(nameOf(a), nameOf(b));
      const x = amountOf(a, column);
      const y = amountOf(b, column);
      return sign * (x.cents - y.cents || x.count - y.count) || collator.compare(nameOf(a), nameOf(b));
    });
  }
  const choose = (r: Row): BranchChoice => r.branchId ?? 'network';
  const goReconcile = (r: Row) => {
    setBranch(choose(r));
    open('reconcile', { filter: r.buckets.toDecide.count > 0 ? 'todo' : 'all' });
  };
  const goSend = (r: Row) => {
    setBranch(choose(r));
    open('send');
  };
  // A first click ranks the most first (money), or A to Z (names); a second click turns the order round.
  const onSort = (column: Column) =>
    setSort((s) => ({
      column,
      dir:
        s?.column === column
          ? s.dir === 'ascending'
            ? 'descending'
            : 'ascending'
          : column === 'name'
            ? 'ascending'
            : 'descending',
    }));
  const money = (a: AmountDto, unit: 'lines' | 'receivables') => (
    <>
      <strong className={a.count === 0 ? 'is-zero' : undefined}>{formatMoney(a.cents, locale)}</strong>
      <span className="muted small">{t(`home.${unit}`, { count: a.count })}</span>
    </>
  );
  return (
    <section className="home-group home-branches" aria-labelledby="home-branches">
      <h2 id="home-branches">{t('home.branches.title')}</h2>
      <p className="muted small">{t('home.branches.intro')}</p>
      <div className="home-branches-scroll">
        <table className="table home-branches-table" aria-labelledby="home-branches">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th
                  key={c}
                  scope="col"
                  className={c === 'name' ? undefined : 'num'}
                  aria-sort={sort?.column === c ? sort.dir : 'none'}
                >
                  <button
                    type="button"
                    className="home-branches-sort"
                    title={t('home.branches.sortBy', { column: t(`home.branches.col.${c}`) })}
                    onClick={() => onSort(c)}
                  >
                    {t(`home.branches.col.${c}`)}
                    <span aria-hidden="true" className="home-branches-arrow">
                      {sort?.column === c ? (sort.dir === 'ascending' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...branches, ...network].map((r) => {
              const name = nameOf(r);
              const failed = r.buckets.sentFailed;
              return (
                <tr
                  key={r.branchId ?? 'network'}
                  className={r.branchId === null ? 'home-branches-network' : undefined}
                  data-branch={r.branchId ?? 'network'}
                  onClick={(e) => {
                    // The row's own buttons say where they lead; a click elsewhere on the row opens Conciliar.
                    if ((e.target as HTMLElement).closest('button')) return;
                    goReconcile(r);
                  }}
                >
                  <th scope="row">
                    <button
                      type="button"
                      className="linklike home-branches-name"
                      title={t('home.branches.open', { name })}
                      onClick={() => goReconcile(r)}
                    >
                      {name}
                    </button>
                  </th>
                  <td className="num">{money(r.buckets.toDecide, 'lines')}</td>
                  <td className="num">
                    {r.buckets.toSend.count > 0 ? (
                      <button
                        type="button"
                        className="linklike home-branches-cell"
                        title={t('home.branches.send', { name })}
                        onClick={() => goSend(r)}
                      >
                        {money(r.buckets.toSend, 'lines')}
                      </button>
                    ) : (
                      money(r.buckets.toSend, 'lines')
                    )}
                  </td>
                  <td className="num">
                    {money(sentOf(r), 'lines')}
                    {failed.count > 0 && (
                      <span className="home-card-detail warn">
                        {t('home.branches.failed', { count: failed.count })}
                      </span>
                    )}
                  </td>
                  <td className="num">{money(r.buckets.setAside, 'lines')}</td>
                  <td className="num">{money(r.open, 'receivables')}</td>
                  <td className="num">{money(r.overdue, 'receivables')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
