import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';
import { branchOption } from './branch-option';
import { checkInput, choiceOf, syncedText } from './words';

/** --sort's names: the core's (scripts) and the clerk's, as Inadimplentes' columns say them. */
const SORT_NAMES = {
  name: ['nome'],
  amount: ['valor'],
  daysLate: ['atraso', 'dias', 'dias de atraso', 'days-late'],
  dueDate: ['vencimento', 'due-date'],
} as const;

export const debtorsCommand: Subcommand = {
  name: 'debtors',
  options: {
    search: { type: 'string' },
    'min-days-late': { type: 'string' },
    sort: { type: 'string' },
    asc: { type: 'boolean', default: false },
    branch: { type: 'string' },
  },
  async run(v, _p, core, { say }) {
    const minDays = v['min-days-late'] === undefined ? undefined : Number(v['min-days-late']);
    if (minDays !== undefined && (!Number.isInteger(minDays) || minDays < 0))
      throw new UsageError(say.t('cli.debtors.badMinDays'));
    const sort = typeof v.sort === 'string' ? choiceOf(v.sort, SORT_NAMES) : undefined;
    if (typeof v.sort === 'string' && !sort) throw new UsageError(say.t('cli.debtors.badSort'));
    // [V] In a network, one branch's debtors (a debtor belongs to a branch: "rede" is not one).
    const branch = await branchOption(core, v.branch, say);
    if (branch === 'network') throw new UsageError(say.t('cli.branches.status.debtorsNetwork'));
    const filters = {
      ...(branch !== undefined ? { branchId: branch } : {}),
      ...(typeof v.search === 'string' ? { search: v.search } : {}),
      ...(minDays !== undefined ? { minDaysLate: minDays } : {}),
      ...(sort ? { sort } : {}),
      dir: v.asc === true ? ('asc' as const) : ('desc' as const),
    };
    checkInput('debtors.list', filters, {
      search: () => say.t('cli.debtors.longSearch'),
      minDaysLate: () => say.t('cli.debtors.badMinDays'),
    });
    const r = await runCommand(core, 'debtors.list', filters);
    const money = (c: number | null) => (c === null ? '' : say.money(c));
    const days = (n: number | null) => (n === null ? '' : say.t('cli.debtors.days', { count: n }));
    const daysWidth = Math.max(0, ...r.rows.map((d) => days(d.daysLate).length));
    const lines = r.rows.map((d) =>
      `${String(d.memberId ?? '').padStart(7)}  ${money(d.debtAmountCents).padStart(12)}  ${days(d.daysLate).padStart(daysWidth)}  ${d.name ?? ''}`.trimEnd(),
    );
    // Inadimplentes' own total: "138 alunos inadimplentes, com 150 dívidas, somando R$ 14.152,60".
    const total = r.rows.length
      ? say.t('debtors.totals', {
          count: r.memberCount,
          debts: say.t('debtors.debts', { count: r.count }),
          amount: say.money(r.totalCents),
        })
      : say.t('cli.debtors.empty');
    lines.push(`${total} ${syncedText(say, r.syncedAt)}`);
    return { json: r.rows, text: lines.join('\n') };
  },
};

export const geographyCommand: Subcommand = {
  name: 'geography',
  options: { search: { type: 'string' }, refresh: { type: 'boolean', default: false } },
  async run(v, _p, core, { say }) {
    if (v.refresh === true) await runCommand(core, 'geo.refresh', {});
    if (typeof v.search === 'string') {
      const query = { query: v.search, limit: 500 };
      checkInput('geo.search', query, { query: () => say.t('cli.geography.badSearch') });
      const { hits } = await runCommand(core, 'geo.search', query);
      const level = (l: string) => say.t(`geo.level.${l}`, { defaultValue: l });
      const width = Math.max(0, ...hits.map((h) => level(h.level).length));
      return {
        json: hits,
        text: hits.length
          ? hits.map((h) => `${level(h.level).padEnd(width)}  ${h.path}`).join('\n')
          : say.t('geo.noResults'),
      };
    }
    const { states, counts, syncedAt } = await runCommand(core, 'geo.states', {});
    const text = states.length
      ? states
          .map(
            (s) =>
              `${(s.abbreviation ?? '').padEnd(3)} ${s.name}: ${say.t('geo.stateCounts', {
                cities: say.t('geo.nCities', { count: s.cities }),
                neighborhoods: say.t('geo.nNeighborhoods', { count: s.neighborhoods }),
              })}`,
          )
          .join('\n')
      : say.t('cli.geography.empty');
    return { json: { states, counts, syncedAt }, text: `${text}\n${syncedText(say, syncedAt)}` };
  },
};
