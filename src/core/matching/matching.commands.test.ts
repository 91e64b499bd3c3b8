import { storeOfDb } from '../store/sqlite-store';
import { afterEach, describe, expect, it } from 'vitest';
import { matchingCommands } from '../../shared/contract/matching';
import type { CoreContext } from '../context';
import type { Db } from '../db/open-db';
import { matchingHandlers } from './matching.handlers';
import { sandboxBranch } from './testing-db';

let db: Db | undefined;
afterEach(() => db?.close());

/** Only what these handlers touch: the active profile's database. */
const ctxOf = (d: Db) =>
  ({ db: () => d, store: () => storeOfDb(d), audit: () => undefined }) as unknown as CoreContext;

describe('match.* commands, validated against the contract', () => {
  it('match.run then match.lines: inputs and outputs pass the contract’s schemas', async () => {
    const b = await sandboxBranch();
    db = b.db;
    const h = matchingHandlers(ctxOf(db));
    const summary = matchingCommands['match.run'].output.parse(
      await h['match.run'](matchingCommands['match.run'].input.parse({})),
    );
    expect(summary.statementId).toBe(b.statementId);
    const page = matchingCommands['match.lines'].output.parse(
      await h['match.lines'](matchingCommands['match.lines'].input.parse({ zone: 'green', limit: 5 })),
    );
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.zone === 'green' && r.receivables.length > 0)).toBe(true);
    expect(page.total).toBe(summary.green);
  });

  it('match.settings.get / update', async () => {
    db = (await sandboxBranch()).db;
    const h = matchingHandlers(ctxOf(db));
    const got = matchingCommands['match.settings.get'].output.parse(await h['match.settings.get']({}));
    expect(got.isDefault).toBe(true);
    const input = matchingCommands['match.settings.update'].input.parse({ tieMargin: 8 });
    const updated = matchingCommands['match.settings.update'].output.parse(
      await h['match.settings.update'](input),
    );
    expect(updated).toMatchObject({
      isDefault: false,
      settings: { tieMargin: 8, greenMargin: got.settings.greenMargin },
    });
  });
});
