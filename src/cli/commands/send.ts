import { AppError, type Core } from '../../core';
import type { CommandOutput } from '../../shared/contract';
import type { BranchScope } from '../../shared/contract/branches';
import { listOf, monthName } from '../../shared/format';
import type { Say } from '../i18n';
import { runCommand } from '../run-command';
import { aboutStatement } from './match';
import { branchOption } from './branch-option';
import { UsageError, type Subcommand } from '../types';

/**
 * The current match of each line, read through `match.lines` as Conciliar reads it: the latest statement first,
 * then the others, newest first, until every line is found. A line with no current match is refused.
 */
async function matchIdsOfLines(core: Core, statementId: number | undefined, lineIds: number[], say: Say) {
  const wanted = new Map(lineIds.map((l) => [l, undefined as number | undefined]));
  const missing = () => [...wanted].filter(([, m]) => m === undefined).map(([l]) => l);
  const statements = statementId
    ? [statementId]
    : (await runCommand(core, 'import.statements', {})).statements.map((s) => s.id).sort((a, b) => b - a);
  for (const id of statements) {
    if (missing().length === 0) break;
    for (let offset = 0; ;) {
      const page = await aboutStatement(
        runCommand(core, 'match.lines', { statementId: id, limit: 5000, offset }),
        say,
      );
      for (const row of page.rows) if (wanted.has(row.lineId)) wanted.set(row.lineId, row.matchId);
      offset += page.rows.length;
      if (page.rows.length === 0 || offset >= page.total) break;
    }
  }
  const [first] = missing();
  // A refusal, not a fault of Quita's: the clerk gave a line that has nothing to approve.
  if (first !== undefined)
    throw new AppError('not_found', say.t('cli.approve.noSuggestion', { line: first }), {
      code: 'cli.approve.no_suggestion',
    });
  return lineIds.map((l) => wanted.get(l)!);
}

/** Why the review left a match as it was, in the clerk's words (the core's reason is English, for the log). */
function skippedReason(reason: string, say: Say): string {
  const k = 'cli.approve.skippedReason';
  if (reason === 'already queued for sending') return say.t(`${k}.queued`);
  if (reason === 'no receivable proposed') return say.t(`${k}.nothing`);
  const state = /^not possible from (\w+)$/.exec(reason)?.[1];
  if (state) return say.t(`${k}.state`, { state: say.t(`reconcile.state.${state}`) });
  return say.t(`${k}.other`);
}

/** A statement number given with --statement, or undefined; anything else is bad usage. */
function statementOption(v: unknown, say: Say): number | undefined {
  if (v === undefined) return undefined;
  const id = Number(v);
  if (!Number.isInteger(id) || id < 0) throw new UsageError(say.t('cli.approve.badStatement'));
  return id;
}

export const approveCommand: Subcommand = {
  name: 'approve',
  options: {
    green: { type: 'boolean', default: false },
    line: { type: 'string', multiple: true },
    statement: { type: 'string' },
  },
  async run(v, _p, core, { say }) {
    const statementId = statementOption(v.statement, say);
    const lines = (Array.isArray(v.line) ? v.line : []).map(Number);
    if (v.green === true && lines.length) throw new UsageError(say.t('cli.approve.both'));
    if (v.green === true) {
      const r = await aboutStatement(
        runCommand(core, 'review.approveGreen', statementId ? { statementId } : {}),
        say,
      );
      const text = [
        say.t('cli.approve.green', { count: r.changed }),
        ...(r.changed ? [say.t('cli.approve.next')] : []),
      ];
      return { json: r, text: text.join('\n') };
    }
    if (!lines.length || lines.some((l) => !Number.isInteger(l) || l <= 0))
      throw new UsageError(say.t('cli.approve.neither'));
    // Lines are what the clerk sees (quita match prints them); the review works on their current matches.
    const matchIds = await matchIdsOfLines(core, statementId, lines, say);
    const r = await runCommand(core, 'review.approve', { matchIds });
    const lineOf = new Map(matchIds.map((m, i) => [m, lines[i]!]));
    const skipped = r.skipped.map((s) =>
      say.t('cli.approve.skipped', {
        line: lineOf.get(s.matchId) ?? s.matchId,
        reason: skippedReason(s.reason, say),
      }),
    );
    const text = [
      say.t('cli.approve.lines', { count: r.changed }),
      ...skipped,
      ...(r.changed ? [say.t('cli.approve.next')] : []),
    ];
    return { json: r, text: text.join('\n') };
  },
};

export const sendCommand: Subcommand = {
  name: 'send',
  options: { 'chunk-size': { type: 'string' }, branch: { type: 'string' } },
  async run(v, _p, core, io) {
    const { say } = io;
    const chunkSize = v['chunk-size'] === undefined ? 50 : Number(v['chunk-size']);
    if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > 500)
      throw new UsageError(say.t('cli.send.badChunk'));
    // [V] In a network, only what came into one branch's accounts (or the network's own).
    const branch = await branchOption(core, v.branch, say);
    const preview = await runCommand(core, 'send.preview', branch === undefined ? {} : { branch });
    for (const g of preview.groups)
      io.stderr(
        say.t('cli.send.group', {
          what: say.t('send.group', {
            count: g.count,
            total: say.money(g.totalCents),
            account: g.accountName ?? say.t('cli.send.accountNumber', { id: g.bankAccountId }),
          }),
        }),
      );
    // mark-received carries no date: the EVO records the day of sending, so a credit of a closed month moves.
    const earlier = preview.previousMonths;
    if (earlier.lineCount > 0) {
      const year = preview.today.slice(0, 4);
      io.stderr(
        `${say.t('send.attention')} ${say.t('send.previousMonths', {
          count: earlier.lineCount,
          total: say.money(earlier.totalCents),
          months: listOf(
            earlier.months.map((m) => monthName(m, year, say.locale)),
            say.locale,
          ),
          thisMonth: monthName(preview.today.slice(0, 7), year, say.locale),
        })}`,
      );
    }
    const r = await runCommand(core, 'send.confirm', {
      chunkSize,
      wait: true,
      ...(branch === undefined ? {} : { branch }),
    });
    const s = r.summary;
    // With wait: true the run's outcome is always there; without one there is nothing more to say than "queued".
    if (!s)
      return {
        json: { queuedBatches: r.batchIds, skipped: r.skipped },
        text: say.t('cli.send.queuedOnly', { count: r.batchIds.length }),
      };
    const nothing =
      preview.count === 0 &&
      r.batchIds.length === 0 &&
      s.sent + s.confirmed + s.needsReview + s.waiting === 0;
    const text = nothing
      ? [s.busy ? say.t('cli.send.busy') : '', say.t('cli.send.nothing')]
      : [
          s.busy ? say.t('cli.send.busy') : '',
          say.t('cli.send.queued', { count: r.batchIds.length }),
          say.t('cli.send.outcome', {
            sent: say.t('cli.send.nSent', { count: s.sent }),
            confirmed: say.t('cli.send.nConfirmed', { count: s.confirmed }),
            review: say.t('cli.send.nReview', { count: s.needsReview }),
            waiting: say.t('cli.send.nWaiting', { count: s.waiting }),
          }),
          s.readBackRequests ? say.t('cli.send.readBack', { count: s.readBackRequests }) : '',
          s.needsReview ? say.t('cli.send.review') : '',
          s.waiting && !s.busy
            ? s.retryAt
              ? say.t('cli.send.waitingAfter', { when: say.dateTime(s.retryAt) })
              : say.t('cli.send.waitingLater')
            : '',
        ];
    return {
      json: { queuedBatches: r.batchIds, skipped: r.skipped, ...s },
      text: text.filter(Boolean).join('\n'),
    };
  },
};

type BranchRow = CommandOutput<'dashboard.summary'>['byBranch'][number];

/**
 * [V] A network's status per branch (Início's rows): each branch the office reconciles, and the network's own
 * accounts; `--branch` (branch-option.ts) keeps one. A single branch has no rows.
 */
function branchRows(rows: BranchRow[], scope: BranchScope | undefined, say: Say) {
  const name = (r: BranchRow) =>
    r.branchId === null
      ? say.t('cli.branches.status.network')
      : (r.name ?? say.t('cli.branches.status.unnamed', { id: r.branchId }));
  const kept =
    scope === undefined
      ? rows
      : rows.filter((r) => (scope === 'network' ? r.branchId === null : r.branchId === scope));
  const text = kept.length
    ? [
        say.t('cli.branches.status.title'),
        ...kept.map((r) => {
          const sent =
            r.buckets.sentWaiting.count + r.buckets.sentFailed.count + r.buckets.sentConfirmed.count;
          return say.t('cli.branches.status.line', {
            name: name(r),
            states: (['toDecide', 'toSend', 'sent', 'recorded', 'setAside'] as const)
              .map((k) => `${say.t(`home.cards.${k}`)}: ${say.n(k === 'sent' ? sent : r.buckets[k].count)}`)
              .join(' · '),
            open: say.n(r.open.count),
            overdue: say.n(r.overdue.count),
          });
        }),
      ]
    : [];
  return { rows: kept, text };
}

/** "rótulo: n" per key, in the catalogue's words for each (no plural to guess), or "nenhum". */
function tally(counts: Record<string, number>, word: (k: string) => string, say: Say): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${word(k)}: ${say.n(n)}`);
  return parts.length ? parts.join(' · ') : say.t('cli.status.none');
}

export const statusCommand: Subcommand = {
  name: 'status',
  options: { branch: { type: 'string' } },
  async run(v, _p, core, { say }) {
    const sync = await runCommand(core, 'sync.status', {});
    const { statements, matchesByState: matches } = await runCommand(core, 'app.status', {});
    const { counts } = await runCommand(core, 'send.batches', { limit: 1 });
    const preview = await runCommand(core, 'send.preview', {});
    const json = {
      sync,
      statements,
      matches,
      approvedNotQueued: { count: preview.count, totalCents: preview.totalCents },
      outbox: counts,
    };
    const summary = await runCommand(core, 'dashboard.summary', {});
    const b = summary.all.buckets;
    const sent = b.sentWaiting.count + b.sentFailed.count + b.sentConfirmed.count;
    const branches = branchRows(summary.byBranch, await branchOption(core, v.branch, say), say);
    const byStatus = sync.receivablesByStatus;
    const last = sync.kinds.find((k) => k.kind === 'receivables')?.lastSuccessAt;
    const text = [
      // Sincronizar's words: open (1), overdue (4), received (2); cancelled ones are not the clerk's concern.
      say.t('sync.counts', {
        open: say.n(byStatus['1'] ?? 0),
        overdue: say.n(byStatus['4'] ?? 0),
        received: say.n(byStatus['2'] ?? 0),
        debtors: say.n(sync.debtors),
      }),
      say.t('cli.status.lastSync', { when: last ? say.dateTime(last) : say.t('sync.never') }),
      say.t('cli.status.statements', { n: say.n(statements) }),
      // Início's cards: each credit line in exactly one of them (core/dashboard/line-buckets.ts).
      say.t('cli.status.lines', {
        title: say.t('home.linesTitle'),
        states: (['toDecide', 'toSend', 'sent', 'recorded', 'setAside'] as const)
          .map((k) => `${say.t(`home.cards.${k}`)}: ${say.n(k === 'sent' ? sent : b[k].count)}`)
          .join(' · '),
      }),
      say.t('cli.status.approved', {
        receivables: say.t('home.receivables', { count: preview.count }),
        total: say.money(preview.totalCents),
      }),
      say.t('cli.status.outbox', {
        states: tally(counts, (k) => say.t(`send.state.${k}`, { defaultValue: k }), say),
      }),
      ...branches.text,
    ];
    return {
      json: { ...json, ...(branches.rows.length ? { branches: branches.rows } : {}) },
      text: text.join('\n'),
    };
  },
};
