import { ACCOUNT_STATUS } from '../../shared/constants';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

export const syncCommand: Subcommand = {
  name: 'sync',
  options: {
    'due-from': { type: 'string' },
    'due-to': { type: 'string' },
    geography: { type: 'boolean', default: false },
    'no-debtors': { type: 'boolean', default: false },
  },
  async run(v, _p, core, io) {
    const unsubscribe = core.events.subscribe((name, payload) => {
      if (name !== 'job.progress') return;
      const p = payload as { phase: string; done: number; total: number | null; waitingMs: number };
      const of = p.total === null ? '' : `/${p.total}`;
      const waited =
        p.waitingMs >= 1000 ? `, ${Math.round(p.waitingMs / 1000)} s waiting for the API limit` : '';
      io.stderr(`${p.phase.replace('sync.phase.', '')}: ${p.done}${of} request(s)${waited}`);
    });
    try {
      const s = await runCommand(core, 'sync.run', {
        ...(typeof v['due-from'] === 'string' ? { dueFrom: v['due-from'] } : {}),
        ...(typeof v['due-to'] === 'string' ? { dueTo: v['due-to'] } : {}),
        geography: v.geography === true,
        debtors: v['no-debtors'] !== true,
      });
      return {
        json: s,
        text: [
          `Synced in ${(s.durationMs / 1000).toFixed(1)} s with ${s.requests} request(s) (${(s.waitedMs / 1000).toFixed(1)} s waiting for the API limit).`,
          `Bank accounts: ${s.bankAccounts}. Receivables fetched: ${s.receivables.fetched} (${s.receivables.mode}).`,
          s.debtors === null ? '' : `Debtors: ${s.debtors}.`,
          s.geography
            ? `Geography: ${s.geography.states} states, ${s.geography.cities} cities, ${s.geography.neighborhoods} neighbourhoods.`
            : '',
        ]
          .filter(Boolean)
          .join('\n'),
      };
    } finally {
      unsubscribe();
    }
  },
};

export const accountsCommand: Subcommand = {
  name: 'accounts',
  options: {},
  async run(_v, _p, core) {
    const { accounts, syncedAt } = await runCommand(core, 'cache.bankAccounts', {});
    const text = accounts.length
      ? accounts
          .map((a) => `${String(a.id).padStart(4)}  ${a.description}${a.inactive ? ' (inactive)' : ''}`)
          .join('\n') + `\n(synced ${syncedAt ?? 'never'})`
      : 'No bank accounts cached: run quita sync.';
    return { json: accounts, text };
  },
};

const STATUS_NAMES: Record<string, number> = {
  open: ACCOUNT_STATUS.open,
  received: ACCOUNT_STATUS.received,
  cancelled: ACCOUNT_STATUS.cancelled,
  overdue: ACCOUNT_STATUS.overdue,
};

export const receivablesCommand: Subcommand = {
  name: 'receivables',
  options: { status: { type: 'string' }, limit: { type: 'string' } },
  async run(v, _p, core) {
    const statuses =
      typeof v.status === 'string'
        ? v.status.split(',').map((s) => {
            const id = STATUS_NAMES[s.trim()];
            if (id === undefined)
              throw new UsageError(`unknown status "${s}" (use open, overdue, received, cancelled)`);
            return id;
          })
        : undefined;
    const limit = v.limit === undefined ? 5000 : Number(v.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 5000)
      throw new UsageError('--limit must be a number from 1 to 5000');
    const { rows, total, syncedAt } = await runCommand(core, 'cache.receivables', {
      ...(statuses ? { statuses } : {}),
      limit,
      offset: 0,
    });
    const money = (c: number) => (c / 100).toFixed(2);
    const text =
      rows
        .map(
          (r) =>
            `${String(r.id).padStart(8)}  ${r.dueDate ?? '          '}  ${money(r.amountCents).padStart(10)}  ${r.payerName ?? ''}`,
        )
        .join('\n') + `\n${rows.length} of ${total} (synced ${syncedAt ?? 'never'})`;
    return { json: rows, text };
  },
};
