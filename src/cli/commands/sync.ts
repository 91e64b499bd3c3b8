import { isAppError } from '../../core';
import { ACCOUNT_STATUS } from '../../shared/constants';
import type { Say } from '../i18n';
import { runCommand } from '../run-command';
import { branchOption } from './branch-option';
import { UsageError, type Subcommand } from '../types';
import { checkPeriod, choiceOf, dayOption, failure, syncedText } from './words';

/** One progress event of the sync, as Sincronizar shows it: "Recebíveis: 3 de 14 requisições · 4 s aguardando…". */
function progressText(
  say: Say,
  p: { phase: string; done: number; total: number | null; waitingMs: number },
): string {
  const phase = say.t(p.phase, { defaultValue: p.phase.replace('sync.phase.', '') });
  const requests =
    p.total === null
      ? say.t('sync.requests', { count: p.done })
      : say.t('sync.requestsOf', { done: say.n(p.done), total: say.n(p.total), count: p.total });
  return p.waitingMs >= 1000
    ? say.t('cli.sync.progressWaiting', {
        phase,
        requests,
        waiting: say.t('sync.waiting', { time: say.duration(p.waitingMs) }),
      })
    : say.t('cli.sync.progress', { phase, requests });
}

export const syncCommand: Subcommand = {
  name: 'sync',
  options: {
    'due-from': { type: 'string' },
    'due-to': { type: 'string' },
    geography: { type: 'boolean', default: false },
    'no-debtors': { type: 'boolean', default: false },
  },
  async run(v, _p, core, io) {
    const { say } = io;
    const dueFrom =
      typeof v['due-from'] === 'string' ? dayOption(say, '--due-from', v['due-from']) : undefined;
    const dueTo = typeof v['due-to'] === 'string' ? dayOption(say, '--due-to', v['due-to']) : undefined;
    checkPeriod(say, dueFrom, dueTo);
    const unsubscribe = core.events.subscribe((name, payload) => {
      if (name !== 'job.progress') return;
      io.stderr(progressText(say, payload as Parameters<typeof progressText>[1]));
    });
    try {
      const s = await runCommand(core, 'sync.run', {
        ...(dueFrom ? { dueFrom } : {}),
        ...(dueTo ? { dueTo } : {}),
        geography: v.geography === true,
        debtors: v['no-debtors'] !== true,
      }).catch((e: unknown) => {
        // One end given, the other the default: the window can still end before it starts (a failure, exit 1).
        if (isAppError(e) && e.kind === 'validation' && e.field === 'dueFrom')
          throw failure('validation', say.t('cli.sync.windowBackwards'));
        throw e;
      });
      const lines = [
        // Sincronizar's own sentence: "Pronto: 680 recebíveis e 2 contas em 4 s, com 19 requisições."
        say.t('sync.done', {
          receivables: say.t('sync.nReceivables', { count: s.receivables.fetched }),
          accounts: say.t('sync.nAccounts', { count: s.bankAccounts }),
          requests: say.t('sync.requests', { count: s.requests }),
          time: say.duration(s.durationMs),
        }),
      ];
      if (s.waitedMs >= 1000) lines.push(`${say.t('sync.waiting', { time: say.duration(s.waitedMs) })}.`);
      lines.push(say.t(`cli.sync.mode.${s.receivables.mode}`));
      if (s.debtors !== null) lines.push(say.t('cli.sync.debtors', { count: say.n(s.debtors) }));
      if (s.geography)
        lines.push(
          say.t('cli.sync.geography', {
            counts: say.t('geo.counts', {
              states: say.t('geo.nStates', { count: s.geography.states }),
              cities: say.t('geo.nCities', { count: s.geography.cities }),
              neighborhoods: say.t('geo.nNeighborhoods', { count: s.geography.neighborhoods }),
            }),
          }),
        );
      return { json: s, text: lines.join('\n') };
    } finally {
      unsubscribe();
    }
  },
};

export const accountsCommand: Subcommand = {
  name: 'accounts',
  options: {},
  async run(_v, _p, core, { say }) {
    const { accounts, syncedAt } = await runCommand(core, 'cache.bankAccounts', {});
    const text = accounts.length
      ? accounts
          .map(
            (a) =>
              `${String(a.id).padStart(4)}  ${a.description}${a.inactive ? ` (${say.t('import.inactive')})` : ''}`,
          )
          .join('\n') + `\n${syncedText(say, syncedAt)}`
      : say.t('cli.accounts.none');
    return { json: accounts, text };
  },
};

/** --status's names, English (scripts) and Portuguese, for the core's status ids. */
const STATUS_NAMES = {
  open: ['aberto', 'em aberto', 'em-aberto', 'aberta'],
  overdue: ['vencido', 'vencida'],
  received: ['recebido', 'recebida', 'pago', 'paid'],
  cancelled: ['cancelado', 'cancelada', 'canceled'],
} as const;

export const receivablesCommand: Subcommand = {
  name: 'receivables',
  options: { status: { type: 'string' }, limit: { type: 'string' }, branch: { type: 'string' } },
  async run(v, _p, core, { say }) {
    // [V] In a network, one branch's receivables (a receivable belongs to a branch: "rede" is not one).
    const branch = await branchOption(core, v.branch, say);
    if (branch === 'network') throw new UsageError(say.t('cli.branches.status.receivablesNetwork'));
    const statuses =
      typeof v.status === 'string'
        ? v.status.split(',').map((s) => {
            const name = choiceOf(s, STATUS_NAMES);
            if (name === undefined) throw new UsageError(say.t('cli.receivables.badStatus', { value: s }));
            return ACCOUNT_STATUS[name];
          })
        : undefined;
    const limit = v.limit === undefined ? 5000 : Number(v.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 5000)
      throw new UsageError(say.t('cli.receivables.badLimit'));
    const { rows, total, syncedAt } = await runCommand(core, 'cache.receivables', {
      ...(statuses ? { statuses } : {}),
      ...(branch !== undefined ? { branchId: branch } : {}),
      limit,
      offset: 0,
    });
    const state = (id: number) => say.t(`reconcile.status.${id}`, { defaultValue: String(id) });
    const stateWidth = Math.max(0, ...rows.map((r) => state(r.statusId).length));
    const text = [
      ...rows.map((r) =>
        `${String(r.id).padStart(8)}  ${(r.dueDate ? say.date(r.dueDate) : '').padEnd(10)}  ${say.money(r.amountCents).padStart(12)}  ${state(r.statusId).padEnd(stateWidth)}  ${r.payerName ?? ''}`.trimEnd(),
      ),
      `${say.t('cli.receivables.shown', { shown: say.n(rows.length), count: total })} ${syncedText(say, syncedAt)}`,
    ].join('\n');
    return { json: rows, text };
  },
};
