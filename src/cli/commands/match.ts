import { AppError, isAppError, type Core } from '../../core';
import type { MatchLineDto, ReasonDto } from '../../shared/contract/matching';
import { englishReason } from '../../shared/i18n/reasons.en';
import type { Say } from '../i18n';
import { runCommand } from '../run-command';
import { branchOption } from './branch-option';
import { UsageError, type Subcommand } from '../types';
import { statementLabel } from '../../shared/statement-label';

/**
 * The core's refusals about which statement (none imported yet, a number that is none), which no screen meets,
 * in the clerk's words; the kind and the code stay the core's (exit code 1, as before).
 */
export async function aboutStatement<T>(run: Promise<T>, say: Say): Promise<T> {
  try {
    return await run;
  } catch (e) {
    if (!isAppError(e)) throw e;
    if (e.code === 'match.no_statement' || e.code === 'review.no_statement')
      throw new AppError(e.kind, say.t('cli.match.noStatement'), { code: `cli.${e.code}` });
    if (e.code === 'match.statement_not_found')
      throw new AppError(e.kind, say.t('cli.match.statementNotFound', { id: e.params?.statementId ?? '?' }), {
        code: `cli.${e.code}`,
      });
    throw e;
  }
}

/** Every line of the statement's current plan, page by page, through the same command the screens use. */
async function allLines(core: Core, statementId: number): Promise<MatchLineDto[]> {
  const out: MatchLineDto[] = [];
  for (;;) {
    const page = await runCommand(core, 'match.lines', { statementId, limit: 5000, offset: out.length });
    out.push(...page.rows);
    if (page.rows.length === 0 || out.length >= page.total) return out;
  }
}

/**
 * A green suggestion `quita approve --green` approves (review.approveGreen: green and still only suggested),
 * counted at the end instead of listed.
 */
export const isReadyGreen = (l: MatchLineDto) =>
  l.zone === 'green' && l.state === 'suggested' && l.receivables.length > 0;

/**
 * What needs a person: Conciliar's "A decidir" (the line's bucket is `toDecide`, core/dashboard/line-buckets.ts,
 * the rule Início counts by), less the greens one `quita approve --green` settles.
 */
export const needsDecision = (l: MatchLineDto) => l.bucket === 'toDecide' && !isReadyGreen(l);

/** The reasons in the clerk's language: pt-BR shows the core's own sentence, English words the codes. */
const reasonText = (r: ReasonDto, say: Say) =>
  say.locale === 'en'
    ? englishReason(
        r,
        (c) => say.money(c),
        (d) => say.date(d),
      )
    : r.text;

/** Where a line stands, in Conciliar's words: "amarelo 82", "nada sugerido · rejeitado", "já no EVO"… */
function standing(l: MatchLineDto, say: Say): string {
  if (l.bucket === 'recorded') return say.t('reconcile.state.recorded');
  if (l.bucket === 'setAside')
    return l.aside
      ? `${say.t('reconcile.state.set_aside')}: ${say.t(`workspace.reasons.${l.aside.reason}`)}`
      : say.t('reconcile.state.set_aside');
  const state = l.sendState
    ? say.t(`workspace.send.${l.sendState}`)
    : l.state === 'approved' && l.bucket === 'toDecide'
      ? say.t('workspace.approvedStaleShort')
      : l.state === 'suggested' || l.state === 'unmatched'
        ? null
        : say.t(`reconcile.state.${l.state}`);
  const head = l.receivables.length
    ? `${say.t(`cli.match.zone.${l.zone}`)} ${l.score}`
    : say.t('reconcile.nothing');
  return state ? `${head} · ${state}` : head;
}

/** What is proposed: the receivables by their payer's name (and number), with the sum when there are several. */
function proposal(l: MatchLineDto, say: Say): string {
  const rs = l.receivables;
  if (!rs.length) return '';
  const named = (r: MatchLineDto['receivables'][number]) =>
    say.t('cli.match.receivable', {
      name: r.payerName ?? say.t('reconcile.receivable', { id: r.id }),
      id: r.id,
    });
  const shown = rs.length <= 3 ? rs.map(named) : [...rs.slice(0, 2).map(named), '…'];
  const sum = rs.reduce((s, r) => s + r.amountCents, 0);
  const total =
    rs.length > 1 ? ` (${say.t('reconcile.sumOf', { count: rs.length, sum: say.money(sum) })})` : '';
  return `→ ${shown.join(', ')}${total} · `;
}

function lineText(l: MatchLineDto, idWidth: number, say: Say): string {
  const head = `${String(l.lineId).padStart(idWidth)}  ${say.date(l.date)}  ${say.money(l.amountCents).padStart(13)}  ${l.description.slice(0, 42).padEnd(42)}`;
  const reasons = l.reasons.map((r) => reasonText(r, say)).join('; ');
  return `${head}  ${proposal(l, say)}${standing(l, say)}${reasons ? `\n${' '.repeat(idWidth + 2)}${reasons}` : ''}`;
}

/** The summary under the list: the statement as the screens name it, what is left, the greens, what is decided. */
function summary(
  statement: { id: number; name: string },
  lines: MatchLineDto[],
  all: boolean,
  say: Say,
): string[] {
  const count = (f: (l: MatchLineDto) => boolean) => lines.filter(f).length;
  const toDecide = count(needsDecision);
  const green = count((l) => l.bucket === 'toDecide' && isReadyGreen(l));
  const decided = {
    toSend: count((l) => l.bucket === 'toSend'),
    sent: count(
      (l) => l.bucket === 'sentWaiting' || l.bucket === 'sentFailed' || l.bucket === 'sentConfirmed',
    ),
    recorded: count((l) => l.bucket === 'recorded'),
    setAside: count((l) => l.bucket === 'setAside'),
  };
  const parts = Object.entries(decided)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => say.t(`cli.match.decidedParts.${k}`, { count: n }));
  return [
    say.t('cli.match.statement', {
      id: statement.id,
      name: statement.name,
      lines: say.t('cli.match.statementLines', { count: lines.length }),
    }),
    toDecide
      ? say.t(all ? 'cli.match.toDecideAll' : 'cli.match.toDecide', { count: toDecide })
      : say.t('cli.match.nothingToDecide'),
    ...(green ? [say.t('cli.match.green', { count: green })] : []),
    ...(parts.length ? [say.t('cli.match.decided', { parts: parts.join(', ') })] : []),
    ...(!all && toDecide < lines.length ? [say.t('cli.match.seeAll')] : []),
  ];
}

/**
 * `quita match [--statement ID] [--all]`: matches a statement (default: the latest imported), keeps what was
 * already reviewed, and prints the lines that need a decision (every line with --all; --json always every line).
 * Through `match.run` and `match.lines`, so it is validated and audited exactly as the Conciliar screen's button.
 */
export const matchCommand: Subcommand = {
  name: 'match',
  options: {
    statement: { type: 'string' },
    all: { type: 'boolean', default: false },
    branch: { type: 'string' },
  },
  async run(values, positionals, core, { say }) {
    if (positionals.length > 0)
      throw new UsageError(say.t('cli.errors.unexpectedArgument', { value: positionals[0] }));
    const raw = values.statement;
    let statementId = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
    if (raw !== undefined && (statementId === undefined || statementId <= 0)) {
      throw new UsageError(say.t('cli.match.badStatement'));
    }
    // [V] In a network, the latest statement of one branch's accounts (or the network's own).
    const branch = await branchOption(core, values.branch, say);
    if (branch !== undefined && statementId === undefined) {
      const { accounts } = await runCommand(core, 'branches.list', {});
      const place = new Map(accounts.map((a) => [a.accountId, a.placed ? a.branchId : null]));
      const mine = (await runCommand(core, 'import.statements', {})).statements
        .filter((x) => (place.get(x.bankAccountId) ?? null) === (branch === 'network' ? null : branch))
        .sort((a, b) => b.importedAt.localeCompare(a.importedAt) || b.id - a.id);
      if (mine.length === 0)
        throw new UsageError(say.t('cli.branches.status.noStatement', { value: String(values.branch) }));
      statementId = mine[0]!.id;
    }
    const s = await aboutStatement(runCommand(core, 'match.run', statementId ? { statementId } : {}), say);
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
    const all = values.all === true;
    const shown = all ? lines : lines.filter(needsDecision);
    const st = (await runCommand(core, 'import.statements', {})).statements.find(
      (x) => x.id === s.statementId,
    );
    const { accounts } = await runCommand(core, 'cache.bankAccounts', {});
    // As the screens name it (src/shared/statement-label.ts): by its account and period, not the bank's file name.
    const name = statementLabel(
      {
        id: s.statementId,
        fileName: st?.fileName ?? '—',
        periodFrom: st?.periodFrom ?? null,
        periodTo: st?.periodTo ?? null,
      },
      accounts.find((a) => a.id === st?.bankAccountId)?.description || null,
      say.locale,
      say.t,
    );
    const idWidth = Math.max(0, ...shown.map((l) => String(l.lineId).length));
    const text = [
      ...(shown.length
        ? [
            say.t(all ? 'cli.match.allTitle' : 'cli.match.toDecideTitle'),
            ...shown.map((l) => lineText(l, idWidth, say)),
            '',
          ]
        : []),
      ...summary({ id: s.statementId, name }, lines, all, say),
    ].join('\n');
    return { json, text };
  },
};
