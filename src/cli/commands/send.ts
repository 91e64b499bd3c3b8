import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

const money = (c: number) => (c / 100).toFixed(2);

export const approveCommand: Subcommand = {
  name: 'approve',
  summary: 'Approve matches: every green suggestion of a statement, or the given lines',
  usage: 'quita approve --green [--statement ID] [--json]\nquita approve --line ID [--line ID...] [--json]',
  options: {
    green: { type: 'boolean', default: false },
    line: { type: 'string', multiple: true },
    statement: { type: 'string' },
  },
  async run(v, _p, core) {
    const statementId = v.statement === undefined ? undefined : Number(v.statement);
    if (statementId !== undefined && !Number.isInteger(statementId))
      throw new UsageError('--statement must be a statement id');
    const lines = (Array.isArray(v.line) ? v.line : []).map(Number);
    if (v.green === true && lines.length) throw new UsageError('use either --green or --line, not both');
    if (v.green === true) {
      const r = await runCommand(core, 'review.approveGreen', statementId ? { statementId } : {});
      return { json: r, text: `${r.changed} green suggestion(s) approved.` };
    }
    if (!lines.length || lines.some((l) => !Number.isInteger(l) || l <= 0))
      throw new UsageError('give --green, or one or more --line ID');
    // Lines are what the clerk sees (quita match prints lineId); the review works on their current matches.
    const matchIds: number[] = [];
    for (const lineId of lines) {
      const row = core.ctx
        .db()
        .prepare(
          `SELECT m.id FROM matches m JOIN match_plans p ON p.id = m.plan_id
           WHERE m.line_id = ? AND p.id = (SELECT max(id) FROM match_plans WHERE statement_id = p.statement_id)`,
        )
        .pluck()
        .get(lineId) as number | undefined;
      if (row === undefined) throw new Error(`Line ${lineId} has no suggestion: run quita match first.`);
      matchIds.push(row);
    }
    const r = await runCommand(core, 'review.approve', { matchIds });
    const skipped = r.skipped.map((s) => `match ${s.matchId}: ${s.reason}`);
    return { json: r, text: [`${r.changed} line(s) approved.`, ...skipped].join('\n') };
  },
};

export const sendCommand: Subcommand = {
  name: 'send',
  summary:
    'Mark the approved receivables as paid in the API (queue, send, read back), and wait for the outcome',
  usage: 'quita send [--chunk-size N] [--json]',
  options: { 'chunk-size': { type: 'string' } },
  async run(v, _p, core, io) {
    const chunkSize = v['chunk-size'] === undefined ? 50 : Number(v['chunk-size']);
    if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > 500)
      throw new UsageError('--chunk-size must be 1 to 500');
    const preview = await runCommand(core, 'send.preview', {});
    for (const g of preview.groups)
      io.stderr(
        `sending ${g.count} receivable(s), ${money(g.totalCents)}, into account ${g.accountName ?? g.bankAccountId}`,
      );
    const r = await runCommand(core, 'send.confirm', { chunkSize, wait: true });
    const s = r.summary;
    // With wait: true the run's outcome is always there; without one there is nothing more to say than "queued".
    if (!s)
      return {
        json: { queuedBatches: r.batchIds, skipped: r.skipped },
        text: `${r.batchIds.length} batch(es) queued.`,
      };
    const text = [
      s.busy
        ? 'Another Quita (the desktop app or another quita send) is sending for this branch now; it sends these too.'
        : '',
      `${r.batchIds.length} batch(es) queued now; ${s.sent} sent, ${s.confirmed} confirmed by reading back (${s.readBackRequests} request(s)), ${s.needsReview} to review, ${s.waiting} waiting.`,
      s.waiting && !s.busy
        ? `The rest waits (the API did not answer); run quita send again later${s.retryAt ? ` (after ${s.retryAt})` : ''}.`
        : '',
    ].filter(Boolean);
    return { json: { queuedBatches: r.batchIds, skipped: r.skipped, ...s }, text: text.join('\n') };
  },
};

export const statusCommand: Subcommand = {
  name: 'status',
  summary: 'Where things stand: cache, statements, matches by state, outbox batches',
  usage: 'quita status [--json]',
  options: {},
  async run(_v, _p, core) {
    const db = core.ctx.db();
    const sync = await runCommand(core, 'sync.status', {});
    const matches = Object.fromEntries(
      (
        db
          .prepare(
            `SELECT m.state, count(*) AS n FROM matches m JOIN match_plans p ON p.id = m.plan_id
             WHERE p.id = (SELECT max(id) FROM match_plans WHERE statement_id = p.statement_id) GROUP BY m.state`,
          )
          .all() as { state: string; n: number }[]
      ).map((r) => [r.state, r.n]),
    );
    const statements = db.prepare('SELECT count(*) FROM statements').pluck().get() as number;
    const { counts } = await runCommand(core, 'send.batches', { limit: 1 });
    const preview = await runCommand(core, 'send.preview', {});
    const json = {
      sync,
      statements,
      matches,
      approvedNotQueued: { count: preview.count, totalCents: preview.totalCents },
      outbox: counts,
    };
    const text = [
      `receivables cached: ${Object.values(sync.receivablesByStatus).reduce((a, b) => a + b, 0)} (last sync ${sync.kinds.find((k) => k.kind === 'receivables')?.lastSuccessAt ?? 'never'})`,
      `statements: ${statements}; matches: ${
        Object.entries(matches)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ') || 'none'
      }`,
      `approved, not yet sent: ${preview.count} (${money(preview.totalCents)})`,
      `outbox: ${Object.entries(counts)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}`,
    ];
    return { json, text: text.join('\n') };
  },
};
