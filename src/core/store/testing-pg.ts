import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { applyPgSchema } from './pg-schema';
import { openPgStore, type PgStoreOptions } from './pg-store';
import type { Store } from './store';

/**
 * Tests on PostgreSQL: `npm test` (scripts/test-all.mjs) starts a throwaway cluster and passes its address in
 * QUITA_TEST_PG_URL; `node scripts/pg-cluster.mjs npx vitest run <files>` does the same for a few files. The
 * PostgreSQL tests are part of the suite, not optional: without the variable they fail and say how to run them.
 */
export function testPgUrl(): string {
  const url = process.env.QUITA_TEST_PG_URL;
  if (!url)
    throw new Error(
      'QUITA_TEST_PG_URL is not set: run the tests with npm test, or one file with `node scripts/pg-cluster.mjs npx vitest run <file>`, which start a PostgreSQL for them.',
    );
  return url;
}

/**
 * A new, empty database on the test cluster, so test files running in parallel never share tables; drop() removes
 * it (closing whatever still holds a connection to it).
 */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = testPgUrl();
  const name = `quita_test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A PostgreSQL Store on a new database holding the latest schema; close() also drops the database. */
export async function openTestPgStore(opts: PgStoreOptions = {}): Promise<Store & { url: string }> {
  const database = await createTestDatabase();
  const store = openPgStore(database.url, opts);
  try {
    await applyPgSchema(store);
  } catch (e) {
    await store.close();
    await database.drop();
    throw e;
  }
  return {
    ...store,
    url: database.url,
    close: async () => {
      await store.close();
      await database.drop();
    },
  };
}
