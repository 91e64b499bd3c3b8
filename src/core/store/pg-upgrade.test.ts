/**
 * [W] An office server's PostgreSQL schema made by an older Quita is upgraded in place (applyPgSchema): each later
 * migration's PostgreSQL step (`Migration.pg`), in one transaction, then the version. What keeps a step honest: the
 * schema it leaves must be exactly the one a new server gets, generated whole from SQLite's migrations — the same
 * columns, defaults, keys, checks, indexes and triggers (compared through PostgreSQL's own catalog).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { storesForTests } from '../../../tests/helpers/stores';
import type { Migration } from '../db/migrate';
import { MIGRATIONS } from '../db/migrations';
import { OFFICE_MIGRATIONS } from '../users/office-migrations';
import { applyPgSchema, PG_STEPS_FROM, PG_VERSION_TABLE } from './pg-schema';
import { openPgStore } from './pg-store';
import type { Store, Tx } from './store';
import { createTestDatabase } from './testing-pg';

const { later } = storesForTests();

/** A new database of the test cluster with nothing in it (openTestPgStore would give it today's schema). */
async function emptyPg(): Promise<Store> {
  const database = await createTestDatabase();
  const store = openPgStore(database.url);
  later(database.drop, () => store.close());
  return store;
}
const pgIt = process.env.QUITA_TEST_PG_URL ? it : it.skip;

/** The schema as PostgreSQL's catalog describes it, with the schema's own name taken out. */
async function catalog(tx: Tx): Promise<string[]> {
  const q = async (query: ReturnType<typeof sql<{ line: string }>>) =>
    (await query.execute(tx)).rows.map((r) => r.line.replaceAll(`${String(schema)}.`, ''));
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(tx)).rows[0]!.s;
  return [
    ...(await q(sql<{
      line: string;
    }>`select format('column %s.%s %s %s %s %s', table_name, column_name, data_type,
        is_nullable, coalesce(column_default, '-'), is_identity) as line
      from information_schema.columns where table_schema = current_schema() order by 1`)),
    ...(await q(sql<{
      line: string;
    }>`select format('constraint %s %s', conrelid::regclass, pg_get_constraintdef(oid))
        as line from pg_constraint where connamespace = current_schema()::regnamespace order by 1`)),
    ...(await q(sql<{ line: string }>`select format('index %s', indexdef) as line from pg_indexes
        where schemaname = current_schema() order by 1`)),
    ...(await q(sql<{ line: string }>`select format('trigger %s', pg_get_triggerdef(t.oid)) as line
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = current_schema()::regnamespace and not t.tgisinternal order by 1`)),
  ].sort();
}

const versionOf = async (store: Store) =>
  store.read(async (tx) =>
    Number(
      (await sql<{ v: number }>`select version as v from ${sql.table(PG_VERSION_TABLE)}`.execute(tx)).rows[0]!
        .v,
    ),
  );

/** A next migration as a developer would write it: a column and an index, with a back-fill, on both databases. */
const next = (pg: string | undefined): Migration => ({
  version: MIGRATIONS.length + 1,
  name: 'alias-nickname (test)',
  sql: `ALTER TABLE aliases ADD COLUMN nickname TEXT NOT NULL DEFAULT '';
        UPDATE aliases SET nickname = lower(payer_key);
        CREATE INDEX aliases_nickname ON aliases (nickname);`,
  ...(pg === undefined ? {} : { pg }),
});
const GOOD_PG = `ALTER TABLE aliases ADD COLUMN nickname text NOT NULL DEFAULT '';
  UPDATE aliases SET nickname = lower(payer_key);
  CREATE INDEX aliases_nickname ON aliases (nickname);`;

describe('upgrading an office server’s PostgreSQL schema in place', () => {
  it('every migration after PostgreSQL support shipped carries its PostgreSQL step', () => {
    expect(MIGRATIONS.filter((m) => m.version >= PG_STEPS_FROM.branch && m.pg === undefined)).toEqual([]);
    expect(OFFICE_MIGRATIONS.filter((m) => m.version >= PG_STEPS_FROM.office && m.pg === undefined)).toEqual(
      [],
    );
  });

  pgIt(
    'a schema of the last version, upgraded by the next migration, is the one a new server gets; its rows stay',
    async () => {
      const old = await emptyPg();
      expect(await applyPgSchema(old)).toEqual({ created: true, version: MIGRATIONS.length });
      await old.write((tx) =>
        tx
          .insertInto('aliases')
          .values({
            payer_key: 'MARIA SOUZA',
            member_id: 7,
            payer_name: 'Maria Souza',
            learned_at: '2026-11-27',
          })
          .execute(),
      );
      const migrations = [...MIGRATIONS, next(GOOD_PG)];
      expect(await applyPgSchema(old, migrations)).toEqual({
        version: MIGRATIONS.length + 1,
        created: false,
        upgradedFrom: MIGRATIONS.length,
      });
      expect(await versionOf(old)).toBe(MIGRATIONS.length + 1);
      const fresh = await emptyPg();
      expect(await applyPgSchema(fresh, migrations)).toEqual({
        created: true,
        version: MIGRATIONS.length + 1,
      });
      expect(await old.read(catalog)).toEqual(await fresh.read(catalog));
      // The row made at the old version is there, back-filled by the step.
      expect(
        await old.read(async (tx) => (await sql`select member_id, nickname from aliases`.execute(tx)).rows),
      ).toEqual([{ member_id: 7, nickname: 'maria souza' }]);
      // Again: nothing to do.
      expect(await applyPgSchema(old, migrations)).toEqual({
        version: MIGRATIONS.length + 1,
        created: false,
      });
    },
  );

  pgIt(
    'a step that leaves the schema otherwise than a new one is caught (here: its index forgotten)',
    async () => {
      const migrations = [
        ...MIGRATIONS,
        next(`ALTER TABLE aliases ADD COLUMN nickname text NOT NULL DEFAULT '';`),
      ];
      const old = await emptyPg();
      await applyPgSchema(old);
      await applyPgSchema(old, migrations);
      const fresh = await emptyPg();
      await applyPgSchema(fresh, migrations);
      const [a, b] = [await old.read(catalog), await fresh.read(catalog)];
      expect(b.filter((line) => !a.includes(line))).toEqual([
        expect.stringContaining('CREATE INDEX aliases_nickname ON aliases USING btree (nickname)'),
      ]);
    },
  );

  pgIt(
    'a migration without a PostgreSQL step is refused, naming it, and the schema is left as it was',
    async () => {
      const old = await emptyPg();
      await applyPgSchema(old);
      const before = await old.read(catalog);
      await expect(applyPgSchema(old, [...MIGRATIONS, next(undefined)])).rejects.toThrow(
        `migration ${MIGRATIONS.length + 1} (alias-nickname (test)) has no PostgreSQL step`,
      );
      expect(await versionOf(old)).toBe(MIGRATIONS.length);
      expect(await old.read(catalog)).toEqual(before);
    },
  );

  pgIt('a schema written by a newer Quita is refused', async () => {
    const newer = await emptyPg();
    await applyPgSchema(newer, [...MIGRATIONS, next(GOOD_PG)]);
    await expect(applyPgSchema(newer)).rejects.toThrow('written by a newer Quita');
  });
});
