import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/bootstrap';
import type { CoreContext } from '../../core/context';
import type { Db } from '../../core/db/open-db';
import { createDispatch } from '../../core/dispatch';
import type { Handlers } from '../../core/handlers';
import { importHandlers } from '../../core/import/import.handlers';
import { sandboxBranch } from '../../core/matching/testing-db';
import { matchingHandlers } from '../../core/matching/matching.handlers';
import { reviewHandlers } from '../../core/review/review.handlers';
import { storeOfDb } from '../../core/store/sqlite-store';
import { syncHandlers } from '../../core/sync/sync.handlers';
import type { MatchLineDto } from '../../shared/contract/matching';
import { createSay } from '../i18n';
import { runCommand } from '../run-command';
import type { CliContext } from '../types';
import { approveCommand } from './send';
import { matchCommand } from './match';

let db: Db | undefined;
afterEach(() => db?.close());

/**
 * Only what the commands touch: matching, review, the statements and the cached accounts on the active profile's
 * database, and the audit log.
 */
const audited: string[] = [];
const ctxOf = (d: Db) =>
  ({
    db: () => d,
    store: () => storeOfDb(d),
    audit: (action: string) => void audited.push(action),
    actor: () => 'test',
    activeProfileId: () => 'p',
  }) as unknown as CoreContext;
const coreOf = (d: Db) => {
  const ctx = ctxOf(d);
  const handlers = {
    ...matchingHandlers(ctx),
    ...importHandlers(ctx),
    ...reviewHandlers(ctx),
    ...syncHandlers(ctx),
  };
  return { ctx, dispatch: createDispatch(handlers as unknown as Handlers, () => {}) } as unknown as Core;
};
const ioOf = (locale: 'pt-BR' | 'en' = 'pt-BR'): CliContext => ({
  stdout: () => {},
  stderr: () => {},
  env: {},
  say: createSay(locale),
});

/** Every line as `match.lines` gives it, to count against what the command printed. */
const linesOf = async (core: Core, statementId: number): Promise<MatchLineDto[]> =>
  (await runCommand(core, 'match.lines', { statementId, limit: 5000 })).rows;

/** The line numbers the text lists (each entry starts with the line's number, right-aligned). */
const listed = (text: string) =>
  [...text.matchAll(/^ *(\d+) {2}\d{1,2}\/\d{1,2}\/\d{4} /gm)].map((m) => Number(m[1]));

describe('quita match', () => {
  it('quita match --json prints one entry per credit line with its reasons in Portuguese', async () => {
    const b = await sandboxBranch();
    db = b.db;
    const core = coreOf(db);
    const io = ioOf();
    const out = await matchCommand.run({ statement: String(b.statementId) }, [], core, io);
    const entries = out.json as Record<string, unknown>[];
    const credits = db
      .prepare("SELECT count(*) FROM statement_lines WHERE statement_id = ? AND kind = 'credit'")
      .pluck()
      .get(b.statementId);
    expect(entries).toHaveLength(credits as number);
    // Audited like the screen's button ([Q] item 1: the CLI used to go around the command).
    expect(audited).toContain('match.suggested');
    for (const e of entries) {
      expect(Object.keys(e)).toEqual([
        'lineId',
        'date',
        'amountCents',
        'description',
        'receivableIds',
        'score',
        'zone',
        'reasons',
      ]);
      expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['green', 'yellow', 'red']).toContain(e.zone);
      expect((e.reasons as string[]).length).toBeGreaterThan(0);
    }
    expect(entries.some((e) => (e.reasons as string[]).includes('valor igual'))).toBe(true);
    // --all changes the text, never the JSON.
    const all = await matchCommand.run({ statement: String(b.statementId), all: true }, [], core, io);
    expect(all.json).toEqual(out.json);
    await expect(matchCommand.run({ statement: 'x' }, [], core, io)).rejects.toThrow(/--statement/);
    // A number that is no statement: a refusal in words (exit 1), said as worded (a cli. code).
    await expect(matchCommand.run({ statement: '999' }, [], core, io)).rejects.toMatchObject({
      code: 'cli.match.statement_not_found',
      message: 'O extrato nº 999 não existe (os números são os que quita import mostra).',
    });
  });

  it('prints by default only the lines that need a decision, then the greens, the decided and the statement', async () => {
    const b = await sandboxBranch();
    db = b.db;
    const core = coreOf(db);
    const io = ioOf();
    // One green approved first: it is decided (to send), not listed, and counted as such.
    await matchCommand.run({ statement: String(b.statementId) }, [], core, io);
    const before = await linesOf(core, b.statementId);
    const greens = before.filter((l) => l.zone === 'green' && l.state === 'suggested');
    expect(greens.length).toBeGreaterThan(1);
    await approveCommand.run({ line: [String(greens[0]!.lineId)] }, [], core, io);

    const out = await matchCommand.run({ statement: String(b.statementId) }, [], core, io);
    const lines = await linesOf(core, b.statementId);
    // Conciliar's "A decidir" (bucket toDecide), less the greens quita approve --green takes.
    const decide = lines.filter(
      (l) =>
        l.bucket === 'toDecide' &&
        !(l.zone === 'green' && l.state === 'suggested' && l.receivables.length > 0),
    );
    const ready = lines.filter(
      (l) => l.bucket === 'toDecide' && l.zone === 'green' && l.state === 'suggested',
    );
    const recorded = lines.filter((l) => l.bucket === 'recorded').length;
    const toSend = lines.filter((l) => l.bucket === 'toSend').length;
    expect(decide.length).toBeGreaterThan(0);
    expect(recorded).toBeGreaterThan(0);
    expect(toSend).toBe(1);

    expect(listed(out.text).sort((x, y) => x - y)).toEqual(decide.map((l) => l.lineId).sort((x, y) => x - y));
    expect(out.text.split('\n')[0]).toBe('A decidir (nº do lançamento, data, valor, descrição → sugestão):');
    // The statement as the screens name it: its account and its period (same year: "25/06 a 15/07/2026").
    const st = db
      .prepare(
        `SELECT a.description AS account, s.period_from AS "from", s.period_to AS "to"
           FROM statements s JOIN bank_accounts a ON a.id = s.bank_account_id WHERE s.id = ?`,
      )
      .get(b.statementId) as { account: string; from: string; to: string };
    const dm = (d: string) => d.slice(5).split('-').reverse().join('/');
    const dmy = (d: string) => d.split('-').reverse().join('/');
    expect(st.from.slice(0, 4)).toBe(st.to.slice(0, 4));
    expect(out.text).toContain(
      `\n${st.account} · ${dm(st.from)} a ${dmy(st.to)} (extrato nº ${b.statementId}): ${lines.length} lançamentos de crédito.\n`,
    );
    expect(out.text).toContain(`\n${decide.length} a decidir (acima).\n`);
    expect(out.text).toContain(`\n${ready.length} verdes prontos para aprovar: quita approve --green\n`);
    expect(out.text).toContain(
      `\nJá decididos: 1 aprovado, a enviar (quita send), ${recorded} já no EVO.\nquita match --all mostra todos os lançamentos.`,
    );
    // One vocabulary, the screens' words: no English tag, no code, no "(s)" plural.
    expect(out.text).not.toMatch(/\[|unmatched|suggested|Statement|plan #|\(s\)/);
    expect(out.text).toMatch(/ · (amarelo|vermelho) \d+$| {2}nada sugerido$/m);

    // --all lists every line, the decided ones in words too.
    const all = await matchCommand.run({ statement: String(b.statementId), all: true }, [], core, io);
    expect(listed(all.text)).toHaveLength(lines.length);
    expect(all.text.split('\n')[0]).toBe(
      'Todos os lançamentos (nº do lançamento, data, valor, descrição → sugestão):',
    );
    expect(all.text).toMatch(/ já no EVO$/m);
    expect(all.text).toMatch(/ · verde \d+ · aprovado$/m);
    expect(all.text).not.toContain('quita match --all');

    // In English: the same lines, the reasons worded from their codes.
    const en = await matchCommand.run({ statement: String(b.statementId) }, [], core, ioOf('en'));
    expect(listed(en.text)).toEqual(listed(out.text));
    expect(en.text).toContain(`\n${decide.length} to decide (above).\n`);
    expect(en.text).toContain(`${ready.length} green ready to approve: quita approve --green`);
    expect(en.text).not.toMatch(/valor igual|nada sugerido|amarelo|vermelho/);
  });

  it('says when nothing is left to decide by hand', async () => {
    const b = await sandboxBranch();
    db = b.db;
    const core = coreOf(db);
    const io = ioOf();
    await matchCommand.run({ statement: String(b.statementId) }, [], core, io);
    // Every line decided: approved where something is proposed, set aside otherwise (straight in the database).
    db.prepare(
      `UPDATE matches SET
         aside_reason = CASE WHEN EXISTS (SELECT 1 FROM match_items i WHERE i.match_id = matches.id)
           THEN NULL ELSE 'interest' END,
         state = CASE WHEN EXISTS (SELECT 1 FROM match_items i WHERE i.match_id = matches.id)
           THEN 'approved' ELSE 'set_aside' END`,
    ).run();
    const out = await matchCommand.run({ statement: String(b.statementId) }, [], core, io);
    expect(out.text.split('\n')[0]).toMatch(/ \(extrato nº \d+\): \d+ lançamentos de crédito\.$/);
    expect(out.text).toContain('\nNada a decidir à mão neste extrato.\n');
    expect(out.text).not.toMatch(/verdes? prontos?/);
  });
});
