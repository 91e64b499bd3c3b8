import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * [Q] item 1: the front doors reach the core only through src/core/index.ts, and the lint rule that says so
 * resolves paths (eslint-plugin-boundaries in eslint.config.js), so `npm test` (which runs the lint) fails on a
 * planted import. The planted files are linted as text under a path in the front door; nothing is written.
 * Type-aware rules are switched off here only because the planted file is not on disk for the TS program.
 */
const eslint = new ESLint({
  overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], ...tseslint.configs.disableTypeChecked }],
});

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === 'boundaries/dependencies')
    .map((m) => `${m.line}: ${m.message}`);
}

describe('the layering lint rule (paths resolved, not strings matched)', () => {
  it('refuses a front door importing a core internal, by any spelling of its path', async () => {
    const errors = await layerErrors(
      'src/cli/planted.ts',
      [
        "import { openDb } from '../core/db/open-db';",
        "import { createDispatch } from '../cli/../core/dispatch';",
        "import type { CoreContext } from './commands/../../core/context';",
        'export const planted = [openDb, createDispatch] as unknown as CoreContext;',
      ].join('\n'),
    );
    expect(errors.map((e) => e.split(':')[0])).toEqual(['1', '2', '3']);
    expect(errors[0]).toMatch(/through src\/core\/index\.ts only/);
  });

  it('lets a front door import the core through its entry, and shared', async () => {
    for (const door of ['src/cli/planted.ts', 'src/host/planted.ts', 'src/main/planted.ts'])
      expect(
        await layerErrors(
          door,
          "import { createCore } from '../core';\nimport { commands } from '../shared/contract';\nexport const ok = [createCore, commands];",
        ),
        door,
      ).toEqual([]);
  });

  it('keeps the renderer and the preload on shared alone, and the core off the front doors', async () => {
    expect(
      await layerErrors('src/renderer/src/planted.ts', "export { createCore } from '../../core';"),
    ).toHaveLength(1);
    expect(await layerErrors('src/preload/planted.ts', "import '../core/index';")).toHaveLength(1);
    expect(await layerErrors('src/core/planted.ts', "import '../cli/main';")).toHaveLength(1);
    expect(await layerErrors('src/shared/planted.ts', "import '../core/errors';")).toHaveLength(1);
  });

  it('refuses SQL outside a *.repo.ts file in the core, and allows it in one', async () => {
    const sqlErrors = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
    };
    const planted = [
      "import type { Db } from '../db/open-db';",
      "export const a = (db: Db) => db.prepare('SELECT 1').get();",
      "export const b = (db: Db) => db.exec('DELETE FROM statements');",
      "export const c = (deps: { db: Db }) => deps.db.pragma('user_version');",
      'export const d = (s: string) => /x/.exec(s);',
    ].join('\n');
    expect(await sqlErrors('src/core/matching/planted.ts', planted)).toEqual([2, 3, 4]);
    expect(await sqlErrors('src/core/matching/planted.repo.ts', planted)).toEqual([]);
    expect(await sqlErrors('src/core/db/planted.ts', planted)).toEqual([]);
  });

  it('refuses a query of the Store’s builder outside a *.repo.ts or *.store.ts file, and allows a transaction', async () => {
    const sqlErrors = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
    };
    const planted = [
      "import { sql } from 'kysely';",
      "import type { Store, Tx } from '../store/store';",
      "export const a = (tx: Tx) => tx.selectFrom('statements').selectAll().execute();",
      "export const b = (tx: Tx) => tx.deleteFrom('statements').execute();",
      'export const c = (tx: Tx) => sql`select 1`.execute(tx);',
      "export const d = (tx: Tx) => tx.updateTable('matches').set({ state: 'x' }).execute();",
      "export const e = (tx: Tx) => tx.insertInto('aliases').values([]).execute();",
      'export const f = (store: Store) => store.write(async (tx) => a(tx));',
    ].join('\n');
    expect(await sqlErrors('src/core/matching/planted.ts', planted)).toEqual([3, 4, 5, 6, 7]);
    expect(await sqlErrors('src/core/matching/planted.repo.ts', planted)).toEqual([]);
    expect(await sqlErrors('src/core/audit/planted.store.ts', planted)).toEqual([]);
    expect(await sqlErrors('src/core/store/planted.ts', planted)).toEqual([]);
  });

  it('refuses a status or payment-type id written as a bare number, anywhere in src', async () => {
    const code = [
      'export const f = (r: { statusId: number; payment_type_id: number }, x: number) => [',
      '  r.statusId === 2,',
      '  3 !== r.payment_type_id,',
      '  r.statusId === x,',
      '];',
    ].join('\n');
    for (const file of [
      'src/core/matching/planted.ts',
      'src/renderer/src/planted.tsx',
      'src/core/x.repo.ts',
    ]) {
      const [result] = await eslint.lintText(code, { filePath: file });
      expect(
        result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line),
        file,
      ).toEqual([2, 3]);
    }
  });
});
