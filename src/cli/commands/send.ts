import type { Core } from '../../core';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

const money = (c: number) => (c / 100).toFixed(2);

/**
 * The current match of each line, read through `match.lines` as Conciliar reads it: the latest statement first,
 * then the others, newest first, until every line is found. A line with no current match is refused.
 */
async function matchIdsOfLines(core: Core, statementId: number | undefined, lineIds: number[]) {
  const wanted = new Map(lineIds.map((l) => [l, undefined as number | undefined]));
  const missing = () => [...wanted].filter(([, m]) => m === undefined).map(([l]) => l);
  const statements = statementId
    ? [statementId]
    : (await runCommand(core, 'import.statements', {})).statements.map((s) => s.id).sort((a, b) => b - a);
  for (const id of statements) {
    if (missing().length === 0) break;
    for (let offset = 0; ;) {
      const page = await runCommand(core, 'match.lines', { statementId: id, limit: 5000, offset });
      for (const row of page.rows) if (wanted.has(row.lineId)) wanted.set(row.lineId, row.matchId);
      offset += page.rows.length;
      if (page.rows.length === 0 || offset >= page.total) break;
    }
  }
  const [first] = missing();
  if (first !== undefined) throw new Error(`Line ${first} has no suggestion: run quita match first.`);
  return lineIds.map((l) => wanted.get(l)!);
}

export const approveCommand: Subcommand = {
  name: 'approve',
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
    const matchIds = await matchIdsOfLines(core, statementId, lines);
    const r = await runCommand(core, 'review.approve', { matchIds });
    const skipped = r.skipped.map((s) => `match ${s.matchId}: ${s.reason}`);
    return { json: r, text: [`${r.changed} line(s) approved.`, ...skipped].join('\n') };
  },
};

export const sendCommand: Subcommand = {
  name: 'send',
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
  options: {},
  async run(_v, _p, core) {
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
