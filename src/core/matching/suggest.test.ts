import { storeOfDb } from '../store/sqlite-store';
import { afterEach, describe, expect, it } from 'vitest';
import { generateSandboxData, writeStatement } from '../../sandbox';
import type { CoreContext } from '../context';
import { memoryLogger } from '../log';
import type { Db } from '../db/open-db';
import { importAndSuggest } from '../import/import.handlers';
import { listMatchLines } from './matching.lines';
import { sandboxBranch, NOW, TODAY } from './testing-db';
import { resuggestCovered, statementsToRefresh, suggest } from './suggest';

/**
 * [M] item 1: a clerk who imports this morning's statement finds Conciliar filled; no "Sugerir de novo" needed.
 */
let db: Db | undefined;
afterEach(() => db?.close());

function ctxOf(d: Db) {
  const audit: { action: string; after: unknown }[] = [];
  const ctx = {
    db: () => d,
    store: () => storeOfDb(d),
    log: memoryLogger(),
    audit: (action: string, _subject: string | null, change: { after?: unknown }) =>
      void audit.push({ action, after: change.after }),
    actor: () => 'ana (desktop)',
    activeProfileId: () => 'p1',
  } as unknown as Pick<CoreContext, 'db' | 'store' | 'audit' | 'log' | 'actor' | 'activeProfileId'>;
  return { ctx, audit };
}

describe('suggestions without asking', () => {
  it('an import suggests its lines at once, and says so in the audit log', async () => {
    const b = await sandboxBranch();
    db = b.db;
    const { ctx, audit } = ctxOf(db);
    const data = generateSandboxData({ seed: 5, members: 150, months: 3, today: TODAY });
    const file = writeStatement(data, {
      bankAccountId: b.accountId,
      from: '2026-07-08',
      to: TODAY,
      format: 'csv',
    });
    const r = await importAndSuggest(
      ctx,
      { fileName: file.fileName, bytes: file.bytes, bankAccountId: b.accountId },
      { now: NOW },
    );
    expect(r.suggestions).not.toBeNull();
    expect(r.suggestions!.statementId).toBe(r.statementId);
    const lines = await listMatchLines(db, { statementId: r.statementId, limit: 500 });
    expect(lines.total).toBeGreaterThan(0);
    expect(lines.rows.filter((l) => l.zone === 'green').length).toBe(r.suggestions!.green);
    // The import's entry is written in the import's own transaction (audit_log); the suggestion's after it.
    const logged = db.prepare('SELECT action, subject, actor FROM audit_log ORDER BY seq').all() as {
      action: string;
      subject: string;
      actor: string;
    }[];
    expect(logged).toEqual([
      { action: 'import.committed', subject: `statement:${r.statementId}`, actor: 'ana (desktop)' },
    ]);
    expect(audit.map((a) => a.action)).toEqual(['match.suggested']);
    expect(audit[0]!.after).toMatchObject({ trigger: 'import' });
  });

  it('statements with undecided lines (or never matched) are the ones a sync refreshes', async () => {
    const b = await sandboxBranch();
    db = b.db;
    const { ctx } = ctxOf(db);
    // The test branch's statement was imported without matching (as an older Quita did).
    expect(await statementsToRefresh(storeOfDb(db))).toEqual([b.statementId]);
    await suggest(ctx, b.statementId, 'sync');
    expect(await statementsToRefresh(storeOfDb(db))).toEqual([b.statementId]); // suggestions are not decisions
    db.prepare(
      `UPDATE matches SET state = CASE WHEN state = 'suggested' THEN 'approved' ELSE 'rejected' END`,
    ).run();
    expect(await statementsToRefresh(storeOfDb(db))).toEqual([]);
  });
});

describe('resuggestCovered: a failed suggestion never undoes an import', () => {
  it('keeps the import, says so in one notice naming what was imported, and writes the details to the log', async () => {
    const b = await sandboxBranch();
    db = b.db;
    const { ctx } = ctxOf(b.db);
    const imported = { statementId: b.statementId, notices: [] } as unknown as Parameters<
      typeof resuggestCovered
    >[1];
    const r = await resuggestCovered(ctx, imported, { label: 'return file', ref: 'return file 7' }, () => {
      throw new Error('database is locked');
    });
    expect(r.suggestions).toBeNull();
    expect(r.notices).toEqual([
      expect.objectContaining({ code: 'import.suggest_failed', params: { reason: 'database is locked' } }),
    ]);
    expect(r.notices[0]!.message).toMatch(/^The return file was imported, but suggesting matches failed/);
    expect((ctx.log as ReturnType<typeof memoryLogger>).lines[0]).toMatch(
      /^ERROR suggesting matches after importing return file 7 failed/,
    );
    // And when it works: the statements covered are suggested, the last summary returned.
    const ok = await resuggestCovered(ctx, imported, { label: 'statement', ref: 'x' }, () => [b.statementId]);
    expect(ok.suggestions?.statementId).toBe(b.statementId);
  });
});
