import { brl, type Core } from '../../core';
import type { MatchLineDto } from '../../shared/contract/matching';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

const ZONE = { green: 'verde', yellow: 'amarelo', red: 'vermelho' } as const;

/** Every line of the statement's current plan, page by page, through the same command the screens use. */
async function allLines(core: Core, statementId: number): Promise<MatchLineDto[]> {
  const out: MatchLineDto[] = [];
  for (;;) {
    const page = await runCommand(core, 'match.lines', { statementId, limit: 5000, offset: out.length });
    out.push(...page.rows);
    if (page.rows.length === 0 || out.length >= page.total) return out;
  }
}

const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * `quita match [--statement ID]`: matches a statement (default: the latest imported), keeps what was
 * already reviewed, and prints one entry per credit line. Through `match.run` and `match.lines`, so it is
 * validated and audited exactly as the Conciliar screen's button.
 */
export const matchCommand: Subcommand = {
  name: 'match',
  options: { statement: { type: 'string' } },
  async run(values, positionals, core) {
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const raw = values.statement;
    const statementId = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
    if (raw !== undefined && (statementId === undefined || statementId <= 0)) {
      throw new UsageError('--statement ID must be a statement number (as printed by quita import)');
    }
    const s = await runCommand(core, 'match.run', statementId ? { statementId } : {});
    const lines = await allLines(core, s.statementId);
    const json = lines.map((l) => ({
      lineId: l.lineId,
      date: l.date,
      amountCents: l.amountCents,
      description: l.description,
      receivableIds: l.receivables.map((r) => r.id),
      score: l.score,
      zone: l.zone,
      reasons: l.reasons.map((r) => r.text),
    }));
    const text = [
      ...lines.map((l) => {
        const what = l.receivables.length
          ? `→ ${l.receivables.map((r) => `#${r.id}`).join(', ')}`
          : '→ (nada proposto)';
        const head = `${dmy(l.date)}  ${brl(l.amountCents).padStart(13)}  ${l.description.slice(0, 42).padEnd(42)}`;
        const zone = l.receivables.length ? `${ZONE[l.zone]} ${l.score}` : l.state;
        return `${head}  ${what}  [${zone}]\n      ${l.reasons.map((r) => r.text).join('; ')}`;
      }),
      '',
      `Statement #${s.statementId}, plan #${s.planId}: ${s.lines} credit lines — ${s.green} green, ${s.yellow} yellow, ${s.red} red, ${s.unmatched} with nothing proposed${s.kept ? `, ${s.kept} already reviewed (kept)` : ''}.`,
    ].join('\n');
    return { json, text };
  },
};
