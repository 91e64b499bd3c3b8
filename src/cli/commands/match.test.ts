import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../core/bootstrap';
import type { CoreContext } from '../../core/context';
import type { Db } from '../../core/db/open-db';
import { createDispatch } from '../../core/dispatch';
import type { Handlers } from '../../core/handlers';
import { sandboxBranch } from '../../core/matching/testing-db';
import { matchingHandlers } from '../../core/matching/matching.handlers';
import { createSay } from '../i18n';
import type { CliContext } from '../types';
import { matchCommand } from './match';

let db: Db | undefined;
afterEach(() => db?.close());

/** Only what the command touches: the matching commands on the active profile's database, and the audit log. */
const audited: string[] = [];
const ctxOf = (d: Db) =>
  ({ db: () => d, audit: (action: string) => void audited.push(action) }) as unknown as CoreContext;
const coreOf = (d: Db) => {
  const ctx = ctxOf(d);
  return { ctx, dispatch: createDispatch(matchingHandlers(ctx) as unknown as Handlers) } as unknown as Core;
};

describe('quita match', () => {
  it('quita match --json prints one entry per credit line with its reasons in Portuguese', async () => {
    const b = await sandboxBranch();
    db = b.db;
    const core = coreOf(db);
    const io: CliContext = { stdout: () => {}, stderr: () => {}, env: {}, say: createSay('pt-BR') };
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
    expect(out.text).toMatch(/Statement #\d+, plan #\d+: \d+ credit lines/);
    await expect(matchCommand.run({ statement: 'x' }, [], core, io)).rejects.toThrow(/--statement/);
  });
});
