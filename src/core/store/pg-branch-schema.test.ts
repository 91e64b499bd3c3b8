import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit, listAudit, verifyAudit } from '../audit/audit.store';
import { applyPgSchema, PG_VERSION_TABLE } from './pg-schema';
import { branchSchema, openPgStore } from './pg-store';
import type { Store } from './store';
import { createTestDatabase } from './testing-pg';

/**
 * An office keeps one schema per branch in one PostgreSQL database (migrate-to-server into PostgreSQL): a store
 * opened on a branch's schema (its connections' search_path) builds the schema there and sees only its rows.
 */
describe('branchSchema', () => {
  it('keeps a plain id readable, and gives a changed one a hash no other id can have', () => {
    expect(branchSchema('demo')).toBe('quita_demo');
    expect(branchSchema('filial3')).toBe('quita_filial3');
    const dashed = branchSchema('filial-3');
    expect(dashed).toMatch(/^quita_filial_3_[0-9a-f]{16}$/);
    // `filial_3` is not a profile id, but were it one, it would still not meet `filial-3`.
    expect(branchSchema('filial_3')).not.toBe(dashed);
    expect(branchSchema('Filial-3')).not.toBe(dashed);
    const long = 'a'.repeat(64);
    expect(branchSchema(long)).toMatch(/^quita_a+_[0-9a-f]{16}$/);
    expect(branchSchema(long).length).toBeLessThanOrEqual(63);
    expect(branchSchema('a'.repeat(57))).toBe(`quita_${'a'.repeat(57)}`);
    expect(branchSchema('a'.repeat(58))).not.toBe(branchSchema('a'.repeat(57)));
    for (const id of ['demo', 'filial-3', long, 'x-y-z', 'Ç'])
      expect(branchSchema(id)).toMatch(/^[a-z_][a-z0-9_]{0,62}$/);
  });

  it('refuses to open a store on a schema name it did not make', () => {
    expect(() => openPgStore('postgres://127.0.0.1/x', { schema: 'a"; drop table x; --' })).toThrow(
      /Not a schema name/,
    );
  });
});

describe('one schema per branch in one PostgreSQL database', () => {
  let db: { url: string; drop: () => Promise<void> };
  let a: Store;
  let b: Store;

  const entry = (action: string) => ({
    actor: 'teste',
    profileId: 'x',
    action,
    subject: 'profile:x',
    after: { n: 1 },
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query('create schema quita_norte; create schema quita_sul');
    await admin.end();
    a = openPgStore(db.url, { schema: 'quita_norte' });
    b = openPgStore(db.url, { schema: 'quita_sul' });
    await applyPgSchema(a);
    await applyPgSchema(b);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('builds every table, function and trigger inside the branch schema, and nothing in public', async () => {
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      const tables = await admin.query<{ schema: string; n: string }>(
        `select table_schema as schema, count(*) as n from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema') group by table_schema order by 1`,
      );
      const n = Object.fromEntries(tables.rows.map((r) => [r.schema, Number(r.n)]));
      expect(Object.keys(n)).toEqual(['quita_norte', 'quita_sul']);
      expect(n.quita_norte).toBeGreaterThan(40);
      expect(n.quita_sul).toBe(n.quita_norte);
      const versions = await admin.query(
        `select table_schema from information_schema.tables where table_name = '${PG_VERSION_TABLE}' order by 1`,
      );
      expect(versions.rows.map((r: { table_schema: string }) => r.table_schema)).toEqual([
        'quita_norte',
        'quita_sul',
      ]);
      const fns = await admin.query<{ nspname: string }>(
        `select n.nspname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where p.proname = 'audit_log_append_only' order by 1`,
      );
      expect(fns.rows.map((r) => r.nspname)).toEqual(['quita_norte', 'quita_sul']);
      const triggers = await admin.query<{ s: string; n: string }>(
        `select event_object_schema as s, count(distinct trigger_name) as n from information_schema.triggers
          group by 1 order by 1`,
      );
      // The five row triggers (information_schema leaves out the audit log's TRUNCATE one).
      expect(triggers.rows.map((r) => [r.s, Number(r.n)])).toEqual([
        ['quita_norte', 5],
        ['quita_sul', 5],
      ]);
    } finally {
      await admin.end();
    }
  });

  it('each branch sees its own rows only, and its own triggers guard them', async () => {
    await a.write((tx) => appendAudit(tx, entry('norte.one')));
    await a.write((tx) => appendAudit(tx, entry('norte.two')));
    await b.write((tx) => appendAudit(tx, entry('sul.one')));
    const norte = await a.read((tx) => listAudit(tx));
    const sul = await b.read((tx) => listAudit(tx));
    expect(norte.entries.map((e) => e.action)).toEqual(['norte.two', 'norte.one']);
    expect(sul.entries.map((e) => [e.seq, e.action])).toEqual([[1, 'sul.one']]);
    expect((await a.read(verifyAudit)).entries).toBe(2);
    expect((await b.read(verifyAudit)).ok).toBe(true);
    // The append-only trigger of the branch's own schema fires (its function found through the search_path).
    await expect(b.write((tx) => tx.deleteFrom('audit_log').execute())).rejects.toThrow(/append-only/);
    // Identity sequences are the schema's own too.
    const ids = async (s: Store) =>
      s.write(async (tx) => {
        const r = await tx
          .insertInto('aliases')
          .values({ payer_key: 'joana', member_id: 7, payer_name: null, learned_at: '2026-01-01T00:00:00Z' })
          .returning('id')
          .executeTakeFirst();
        return r?.id;
      });
    expect(await ids(a)).toBe(1);
    expect(await ids(b)).toBe(1);
  });
});
