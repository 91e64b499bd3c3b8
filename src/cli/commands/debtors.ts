import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

export const debtorsCommand: Subcommand = {
  name: 'debtors',
  options: {
    search: { type: 'string' },
    'min-days-late': { type: 'string' },
    sort: { type: 'string' },
    asc: { type: 'boolean', default: false },
  },
  async run(v, _p, core) {
    const minDays = v['min-days-late'] === undefined ? undefined : Number(v['min-days-late']);
    if (minDays !== undefined && (!Number.isInteger(minDays) || minDays < 0))
      throw new UsageError('--min-days-late must be a whole number');
    const r = await runCommand(core, 'debtors.list', {
      ...(typeof v.search === 'string' ? { search: v.search } : {}),
      ...(minDays !== undefined ? { minDaysLate: minDays } : {}),
      ...(typeof v.sort === 'string' ? { sort: v.sort as 'name' } : {}),
      dir: v.asc === true ? 'asc' : 'desc',
    });
    const money = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2));
    const text =
      r.rows
        .map(
          (d) =>
            `${String(d.memberId ?? '').padStart(7)}  ${money(d.debtAmountCents).padStart(10)}  ${String(d.daysLate ?? '').padStart(4)}d  ${d.name ?? ''}`,
        )
        .join('\n') +
      `\n${r.count} debtor(s), ${money(r.totalCents)} in all (synced ${r.syncedAt ?? 'never'})`;
    return { json: r.rows, text };
  },
};

export const geographyCommand: Subcommand = {
  name: 'geography',
  options: { search: { type: 'string' }, refresh: { type: 'boolean', default: false } },
  async run(v, _p, core) {
    if (v.refresh === true) await runCommand(core, 'geo.refresh', {});
    if (typeof v.search === 'string') {
      const { hits } = await runCommand(core, 'geo.search', { query: v.search, limit: 500 });
      return {
        json: hits,
        text: hits.length ? hits.map((h) => `${h.level.padEnd(12)} ${h.path}`).join('\n') : 'Nothing found.',
      };
    }
    const { states, counts, syncedAt } = await runCommand(core, 'geo.states', {});
    return {
      json: { states, counts, syncedAt },
      text:
        (states.length
          ? states
              .map(
                (s) =>
                  `${(s.abbreviation ?? '').padEnd(3)} ${s.name}: ${s.cities} cities, ${s.neighborhoods} neighbourhoods`,
              )
              .join('\n')
          : 'No places cached: run quita geography --refresh.') + `\n(synced ${syncedAt ?? 'never'})`,
    };
  },
};
