import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/tmp';
import { openPgStore } from './pg-store';
import { openDb } from '../db/open-db';
import { openSqliteStore, storeOfDb } from './sqlite-store';
import { dialectOf, lockAdvisory, type Store } from './store';
import { openTestPgStore } from './testing-pg';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

const sqliteFile = () => {
  const t = tempDir();
  cleanups.push(t.cleanup);
  return join(t.dir, 'quita.db');
};
const open = {
  sqlite: async (): Promise<Store> => {
    const store = openSqliteStore(sqliteFile());
    cleanups.push(() => store.close());
    return store;
  },
  postgres: async (): Promise<Store> => {
    const store = await openTestPgStore();
    cleanups.push(() => store.close());
    return store;
  },
};
const countQuirks = (store: Store) =>
  store.read(async (tx) =>
    Number((await sql<{ n: number }>`select count(*) as n from api_quirks`.execute(tx)).rows[0]?.n),
  );

describe.each(['sqlite', 'postgres'] as const)('the %s Store', (dialect) => {
  it('commits a write, rolls back one that throws', async () => {
    const store = await open[dialect]();
    expect(store.dialect).toBe(dialect);
    await store.write((tx) =>
      sql`insert into api_quirks (quirk, evidence, learned_at) values ('a', 'x', 'now')`.execute(tx),
    );
    await expect(
      store.write(async (tx) => {
        await sql`insert into api_quirks (quirk, evidence, learned_at) values ('b', 'x', 'now')`.execute(tx);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await countQuirks(store)).toBe(1);
  });

  it('refuses a write inside read(), a transaction inside another, and a lock in a read', async () => {
    const store = await open[dialect]();
    await expect(
      store.read((tx) =>
        sql`insert into api_quirks (quirk, evidence, learned_at) values ('a', 'x', 'now')`.execute(tx),
      ),
    ).rejects.toThrow(/read.?only|readonly|query_only/i);
    await expect(store.write(() => store.read(async () => 1))).rejects.toThrow(/inside another/);
    await expect(store.read((tx) => lockAdvisory(tx, 'k'))).rejects.toThrow(/write transaction/);
    // Still usable after each refusal.
    await store.write((tx) =>
      sql`insert into api_quirks (quirk, evidence, learned_at) values ('a', 'x', 'now')`.execute(tx),
    );
    expect(await countQuirks(store)).toBe(1);
    expect(await store.read(async (tx) => dialectOf(tx))).toBe(dialect);
  });

  it('returns integers as numbers', async () => {
    const store = await open[dialect]();
    const r = await store.read((tx) =>
      sql<{
        n: unknown;
        big: unknown;
      }>`select (select count(*) from api_quirks) as n, cast(${2 ** 40} as bigint) + 1 as big`.execute(tx),
    );
    expect(r.rows[0]).toEqual({ n: 0, big: 2 ** 40 + 1 });
  });
});

describe('the SQLite Store', () => {
  it('runs one transaction at a time: an await inside one does not let another in', async () => {
    const store = await open.sqlite();
    const log: string[] = [];
    let releaseA!: () => void;
    const aMayFinish = new Promise<void>((r) => (releaseA = r));
    let aStarted!: () => void;
    const aIsIn = new Promise<void>((r) => (aStarted = r));
    const a = store.write(async (tx) => {
      await sql`insert into api_quirks (quirk, evidence, learned_at) values ('a', 'x', 'now')`.execute(tx);
      log.push('a in');
      aStarted();
      await aMayFinish;
      log.push('a out');
    });
    await aIsIn;
    const b = store.write(async () => {
      log.push('b in');
    });
    const c = store.read(async () => {
      log.push('c in');
    });
    // b and c are waiting for a; only now a goes on.
    releaseA();
    await Promise.all([a, b, c]);
    expect(log.slice(0, 2)).toEqual(['a in', 'a out']);
    expect(log.slice(2).sort()).toEqual(['b in', 'c in']);
  });

  it('takes the file’s write lock at the start of a write (BEGIN IMMEDIATE), not of a read', async () => {
    const file = sqliteFile();
    const store = openSqliteStore(file);
    cleanups.push(() => store.close());
    const other = new Database(file);
    other.pragma('busy_timeout = 0');
    cleanups.push(() => {
      other.close();
    });
    const otherWrites = () => other.prepare(`insert into api_quirks values ('other', 'x', 'now')`).run();

    await store.write(async () => {
      // Nothing written yet by this transaction, and another process still cannot write.
      expect(otherWrites).toThrow(/locked|busy/i);
    });
    await store.read(async () => {
      otherWrites();
    });
    expect(await countQuirks(store)).toBe(1);
  });
});

describe('the Store of the app’s own handle (storeOfDb)', () => {
  it('runs a whole transaction in one turn of the event loop, so no other command’s statement lands inside it', async () => {
    const db = openDb(sqliteFile());
    cleanups.push(() => void db.close());
    const store = storeOfDb(db);
    expect(storeOfDb(db)).toBe(store);
    // A timer and an I/O-turn callback due before the transaction starts must not run until it has committed.
    const ran: string[] = [];
    setImmediate(() => ran.push('immediate'));
    setTimeout(() => ran.push('timer'), 0);
    const seen = await store.write(async (tx) => {
      for (let i = 0; i < 20; i++)
        await tx
          .insertInto('api_quirks')
          .values({ quirk: `q${i}`, evidence: 'x', learned_at: 'now' })
          .execute();
      const n = await tx
        .selectFrom('api_quirks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { n: n.n, ranMeanwhile: [...ran] };
    });
    expect(seen).toEqual({ n: 20, ranMeanwhile: [] });
    await new Promise((r) => setImmediate(r));
    expect(ran).toContain('immediate');
    // The handle's own synchronous statements see the committed rows, and the handle is still open after close().
    expect(db.prepare('SELECT count(*) FROM api_quirks').pluck().get()).toBe(20);
    await store.close();
    expect(db.open).toBe(true);
  });

  it('lets a synchronous repo called inside a transaction run inside it (one connection), rolled back with it', async () => {
    const db = openDb(sqliteFile());
    cleanups.push(() => void db.close());
    await expect(
      storeOfDb(db).write(async (tx) => {
        await tx.insertInto('api_quirks').values({ quirk: 'a', evidence: 'x', learned_at: 'now' }).execute();
        db.prepare("INSERT INTO api_quirks (quirk, evidence, learned_at) VALUES ('b', 'y', 'now')").run();
        throw new Error('undo both');
      }),
    ).rejects.toThrow(/undo both/);
    expect(db.prepare('SELECT count(*) FROM api_quirks').pluck().get()).toBe(0);
  });
});

describe('the PostgreSQL Store', () => {
  it('runs at READ COMMITTED, a read read-only', async () => {
    const store = await open.postgres();
    const show = (q: 'transaction_isolation' | 'transaction_read_only') =>
      sql<Record<string, string>>`select current_setting(${q}) as v`;
    expect((await store.write((tx) => show('transaction_isolation').execute(tx))).rows[0]?.v).toBe(
      'read committed',
    );
    expect((await store.read((tx) => show('transaction_isolation').execute(tx))).rows[0]?.v).toBe(
      'read committed',
    );
    expect((await store.read((tx) => show('transaction_read_only').execute(tx))).rows[0]?.v).toBe('on');
  });

  it('holds an advisory lock until the transaction ends, for that key only', async () => {
    const store = await open.postgres();
    const other = openPgStore((store as Store & { url: string }).url, { max: 1 });
    cleanups.push(() => other.close());
    const tryLock = (key: string) =>
      other.write(
        async (tx) =>
          (
            await sql<{
              got: boolean;
            }>`select pg_try_advisory_xact_lock(hashtext(current_schema() || ':' || ${key})) as got`.execute(
              tx,
            )
          ).rows[0]?.got,
      );
    await store.write(async (tx) => {
      await lockAdvisory(tx, 'audit:audit_log');
      expect(await tryLock('audit:audit_log')).toBe(false);
      expect(await tryLock('send:branch-1')).toBe(true);
    });
    expect(await tryLock('audit:audit_log')).toBe(true);
  });

  it('refuses bigints beyond a safe integer rather than rounding them', async () => {
    const store = await open.postgres();
    await expect(store.read((tx) => sql`select 9007199254740993::bigint as n`.execute(tx))).rejects.toThrow(
      /beyond a safe integer/,
    );
  });
});
