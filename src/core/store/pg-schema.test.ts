import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../db/open-db';
import { MIGRATIONS } from '../db/migrations';
import {
  applyPgSchema,
  checksOf,
  nocaseColumnsOf,
  pgDdl,
  PG_VERSION_TABLE,
  readSqliteSchema,
  type SchemaModel,
} from './pg-schema';
import { PG_TRIGGERS } from './pg-triggers';
import { sqliteStore } from './sqlite-store';
import type { Store, Tx } from './store';
import { openTestPgStore } from './testing-pg';

/**
 * Both databases at the latest version, each as it reports itself (SQLite's pragmas, PostgreSQL's catalogue),
 * compared table by table: columns (name, type family, nullability, default), primary and unique keys, the number
 * of CHECKs, foreign keys, indexes and triggers.
 */
type Row = Record<string, unknown>;
const all = async (tx: Tx, q: ReturnType<typeof sql>) => (await q.execute(tx)).rows as Row[];

interface Shape {
  columns: string[];
  primaryKey: string;
  uniques: string[];
  checks: number;
  foreignKeys: string[];
}
const FAMILY: Record<string, string> = {
  INTEGER: 'integer',
  bigint: 'integer',
  TEXT: 'text',
  text: 'text',
  REAL: 'real',
  'double precision': 'real',
  BLOB: 'blob',
  bytea: 'blob',
};
/** A default as text both sides agree on: PostgreSQL adds a cast (`'[]'::text`). */
const plainDefault = (d: string | null) => (d === null ? 'none' : d.replace(/::[a-z ]+$/, ''));
const ACTION: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

function sqliteShapes(m: SchemaModel): Map<string, Shape> {
  return new Map(
    m.tables.map((t) => [
      t.name,
      {
        columns: t.columns.map(
          (c) =>
            `${c.name} ${FAMILY[c.type] ?? c.type} ${c.notNull || c.pk > 0 ? 'not null' : 'null'} ` +
            (c.name === t.rowid ? 'identity' : plainDefault(c.default)),
        ),
        primaryKey: t.primaryKey.join(','),
        uniques: t.uniques.map((u) => u.join(',')).sort(),
        checks: t.checks.length,
        foreignKeys: t.foreignKeys
          .map(
            (f) =>
              `${f.columns.join(',')}->${f.table}(${f.refColumns.join(',')}) ${f.onDelete}/${f.onUpdate}`,
          )
          .sort(),
      },
    ]),
  );
}

async function pgShapes(tx: Tx): Promise<Map<string, Shape>> {
  const shapes = new Map<string, Shape>();
  const tables = await all(
    tx,
    sql`select table_name as t from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> ${PG_VERSION_TABLE}`,
  );
  for (const { t } of tables)
    shapes.set(String(t), { columns: [], primaryKey: '', uniques: [], checks: 0, foreignKeys: [] });
  const columns = await all(
    tx,
    sql`select table_name, column_name, data_type, is_nullable, column_default, is_identity
        from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`,
  );
  for (const c of columns) {
    const shape = shapes.get(String(c.table_name));
    if (!shape) continue;
    const def = c.is_identity === 'YES' ? 'identity' : plainDefault(c.column_default as string | null);
    shape.columns.push(
      `${String(c.column_name)} ${FAMILY[String(c.data_type)] ?? String(c.data_type)} ${c.is_nullable === 'NO' ? 'not null' : 'null'} ${def}`,
    );
  }
  const constraints = await all(
    tx,
    sql`select c.conrelid::regclass::text as tbl, c.contype, c.confrelid::regclass::text as ref,
               c.confdeltype, c.confupdtype,
               array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
                     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as cols,
               array(select a.attname::text from unnest(c.confkey) with ordinality k(n, o)
                     join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as refcols
        from pg_constraint c where c.connamespace = current_schema()::regnamespace`,
  );
  for (const c of constraints) {
    const shape = shapes.get(String(c.tbl));
    if (!shape) continue;
    const cols = (c.cols as string[]).join(',');
    if (c.contype === 'p') shape.primaryKey = cols;
    else if (c.contype === 'u') shape.uniques.push(cols);
    else if (c.contype === 'c') shape.checks++;
    else if (c.contype === 'f')
      shape.foreignKeys.push(
        `${cols}->${String(c.ref)}(${(c.refcols as string[]).join(',')}) ${ACTION[String(c.confdeltype)]}/${ACTION[String(c.confupdtype)]}`,
      );
  }
  for (const s of shapes.values()) {
    s.uniques.sort();
    s.foreignKeys.sort();
  }
  return shapes;
}

async function pgIndexes(tx: Tx): Promise<string[]> {
  const r = await all(
    tx,
    sql`select i.relname as name, ix.indisunique as uniq, ix.indpred is not null as partial,
               array(select a.attname::text from unnest(ix.indkey::int2[]) with ordinality k(n, o)
                     join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = k.n order by k.o) as cols
        from pg_index ix join pg_class i on i.oid = ix.indexrelid
        where i.relnamespace = current_schema()::regnamespace
          and not exists (select 1 from pg_constraint c where c.conindid = ix.indexrelid)`,
  );
  return r
    .map(
      (x) =>
        `${String(x.name)} ${x.uniq ? 'unique ' : ''}(${(x.cols as string[]).join(',')})${x.partial ? ' where' : ''}`,
    )
    .sort();
}

function sqliteIndexes(m: SchemaModel): string[] {
  return m.indexes
    .map((ix) => {
      const parsed = /^CREATE (UNIQUE )?INDEX (\w+) ON \w+ \(([^)]*)\)( WHERE .*)?$/i.exec(ix.sql);
      if (!parsed) return `unparsed: ${ix.sql}`;
      const cols = parsed[3]!.split(',').map((c) => c.trim());
      return `${parsed[2]} ${parsed[1] ? 'unique ' : ''}(${cols.join(',')})${parsed[4] ? ' where' : ''}`;
    })
    .sort();
}

async function pgTriggers(tx: Tx): Promise<string[]> {
  const r = await all(
    tx,
    sql`select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace order by 1`,
  );
  return r.map((x) => String(x.name));
}

describe('PostgreSQL schema equal to SQLite latest migration', () => {
  let sqlite: Store;
  let pg: Store & { url: string };
  let model: SchemaModel;

  beforeAll(async () => {
    sqlite = sqliteStore(openDb(':memory:'));
    model = await sqlite.read(readSqliteSchema);
    pg = await openTestPgStore();
  });
  afterAll(async () => {
    await sqlite?.close();
    await pg?.close();
  });

  it('is at the latest migration on both', async () => {
    expect(model.version).toBe(MIGRATIONS.length);
    const v = await pg.read((tx) => all(tx, sql`select version from ${sql.table(PG_VERSION_TABLE)}`));
    expect(v).toEqual([{ version: MIGRATIONS.length }]);
    // Opening again is a no-op, not a second schema.
    await expect(applyPgSchema(pg)).resolves.toEqual({ version: MIGRATIONS.length, created: false });
  });

  it('has the same tables, columns, keys, checks and foreign keys', async () => {
    const pgSide = await pg.read(pgShapes);
    const sqliteSide = sqliteShapes(model);
    expect([...pgSide.keys()].sort()).toEqual([...sqliteSide.keys()].sort());
    expect(sqliteSide.size).toBeGreaterThan(30);
    for (const [name, shape] of sqliteSide) expect({ name, ...pgSide.get(name) }).toEqual({ name, ...shape });
  });

  it('has the same indexes and every trigger translated', async () => {
    expect(await pg.read(pgIndexes)).toEqual(sqliteIndexes(model));
    const pgNames = await pg.read(pgTriggers);
    for (const t of model.triggers) expect(pgNames).toContain(t.name);
    // Nothing PostgreSQL has that no SQLite trigger accounts for (a translation may add one, named after it).
    for (const n of pgNames) expect(model.triggers.some((t) => n.startsWith(t.name))).toBe(true);
  });

  it('notices a migration PostgreSQL does not have', async () => {
    const db = openDb(':memory:');
    db.exec('ALTER TABLE matches ADD COLUMN decided_by TEXT');
    const changed = sqliteStore(db);
    try {
      const shapes = sqliteShapes(await changed.read(readSqliteSchema));
      const pgSide = await pg.read(pgShapes);
      expect(pgSide.get('matches')).not.toEqual(shapes.get('matches'));
    } finally {
      await changed.close();
    }
  });

  it('refuses a trigger changed since its translation was reviewed', async () => {
    const db = openDb(':memory:');
    db.exec(`DROP TRIGGER matches_plan_items;
      CREATE TRIGGER matches_plan_items AFTER UPDATE OF plan_id ON matches
      BEGIN UPDATE match_items SET plan_id = NEW.plan_id, active = 1 WHERE match_id = NEW.id; END;`);
    const changed = sqliteStore(db);
    try {
      const m = await changed.read(readSqliteSchema);
      expect(() => pgDdl(m)).toThrow(/matches_plan_items changed since its PostgreSQL translation/);
      expect(() =>
        pgDdl({ ...model, triggers: [...model.triggers, { name: 'x_new', sql: 'CREATE TRIGGER x_new …' }] }),
      ).toThrow(/x_new has no PostgreSQL translation/);
    } finally {
      await changed.close();
    }
    expect(Object.keys(PG_TRIGGERS).sort()).toEqual(model.triggers.map((t) => t.name).sort());
  });

  it('keeps the triggers working on PostgreSQL (a match change moves its version and its items)', async () => {
    const r = await pg.write(async (tx) => {
      await sql`insert into statements (id, bank_account_id, file_name, sha256, byte_size, format, mapping_json,
                  mapping_source, imported_at, line_count, credit_count, debit_count, balance_count, inserted_count,
                  known_count, rejected_count)
                values (1, 1, 'a.ofx', 'x', 1, 'ofx', '{}', 'detected', 'now', 1, 1, 0, 0, 1, 0, 0)`.execute(
        tx,
      );
      await sql`insert into statement_lines (id, statement_id, bank_account_id, position, date, amount_cents, kind,
                  description, raw_json, fingerprint)
                values (1, 1, 1, 1, '2026-11-02', 100, 'credit', 'PIX', '{}', 'f1')`.execute(tx);
      await sql`insert into match_plans (id, statement_id, created_at, engine_version, settings_json)
                values (1, 1, 'now', '1', '{}')`.execute(tx);
      await sql`insert into matches (id, plan_id, line_id, score, zone, reasons_json, state, updated_at)
                values (1, 1, 1, 90, 'green', '[]', 'suggested', 'now')`.execute(tx);
      await sql`insert into match_items (match_id, plan_id, receivable_id, amount_cents) values (1, 1, 7, 100)`.execute(
        tx,
      );
      await sql`update matches set state = 'rejected' where id = 1`.execute(tx);
      await sql`update matches set score = 90 where id = 1`.execute(tx); // the same value: not a change
      return all(tx, sql`select m.version, i.active from matches m join match_items i on i.match_id = m.id`);
    });
    expect(r).toEqual([{ version: 1, active: 0 }]);
  });
});

describe('checksOf', () => {
  it('reads each CHECK, skipping comments, strings and names that only contain the word', () => {
    expect(
      checksOf(`CREATE TABLE t (
        a TEXT CHECK (a IN ('x)', 'check (y)')), -- a comment with CHECK (z)
        refunds_checked TEXT,
        b INTEGER CHECK(b BETWEEN 0 AND (1 + 2)),
        CHECK ((a = 'x') = (b IS NOT NULL)))`),
    ).toEqual(["a IN ('x)', 'check (y)')", 'b BETWEEN 0 AND (1 + 2)', "(a = 'x') = (b IS NOT NULL)"]);
  });
});

describe('COLLATE NOCASE (the office database’s logins)', () => {
  const columns = ['id', 'login', 'name'];

  it('reads the columns declared NOCASE, skipping comments and strings', () => {
    expect(
      nocaseColumnsOf(
        'users',
        `CREATE TABLE users (
          id INTEGER PRIMARY KEY, -- COLLATE BINARY in a comment
          login TEXT NOT NULL UNIQUE COLLATE NOCASE,
          name TEXT NOT NULL DEFAULT 'x, COLLATE RTRIM' CHECK (length(name) > 0))`,
        columns,
      ),
    ).toEqual(new Set(['login']));
  });

  it('refuses any other collation, and one inside a table constraint', () => {
    expect(() =>
      nocaseColumnsOf('users', 'CREATE TABLE users (id INTEGER, login TEXT COLLATE RTRIM)', columns),
    ).toThrow(/users uses COLLATE RTRIM/);
    expect(() =>
      nocaseColumnsOf(
        'users',
        'CREATE TABLE users (id INTEGER, login TEXT, UNIQUE (login COLLATE NOCASE))',
        columns,
      ),
    ).toThrow(/no reviewed PostgreSQL mapping/);
  });

  it('gives each key naming a NOCASE column a unique lower() index, and refuses an index on one', () => {
    const model: SchemaModel = {
      version: 1,
      tables: [
        {
          name: 'users',
          columns: [
            { name: 'id', type: 'INTEGER', notNull: false, default: null, pk: 1 },
            { name: 'login', type: 'TEXT', notNull: true, default: null, pk: 0, nocase: true },
            { name: 'shop', type: 'INTEGER', notNull: true, default: null, pk: 0 },
          ],
          primaryKey: ['id'],
          rowid: 'id',
          uniques: [['shop', 'login']],
          checks: [],
          foreignKeys: [],
        },
      ],
      indexes: [],
      triggers: [],
    };
    expect(pgDdl(model)).toContain(
      'create unique index "users_shop_login_nocase" on "users" ("shop", lower("login"));',
    );
    expect(() =>
      pgDdl({
        ...model,
        indexes: [{ name: 'users_login', table: 'users', sql: 'CREATE INDEX users_login ON users(login)' }],
      }),
    ).toThrow(/users_login compares text without case/);
  });
});
