import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openSqliteStore } from '../../src/core/store/sqlite-store';
import type { Store } from '../../src/core/store/store';
import { openTestPgStore } from '../../src/core/store/testing-pg';
import { tempDir } from './tmp';

type Cleanup = () => Promise<void> | void;

/**
 * For a suite run on both databases ([W], docs/postgres.md): a new Store of each kind per test — SQLite in a file of
 * its own, PostgreSQL on a database of its own on the test cluster — closed after the test (the PostgreSQL database
 * dropped, the folder removed), with `later` for whatever else the test opens.
 */
export function storesForTests() {
  let cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups = [];
  });
  const later = (...fns: Cleanup[]) => void cleanups.push(...fns);
  const open = {
    sqlite: async (): Promise<Store> => {
      const t = tempDir();
      const store = openSqliteStore(join(t.dir, 'quita.db'));
      later(t.cleanup, () => store.close());
      return store;
    },
    postgres: async (): Promise<Store & { url: string }> => {
      const store = await openTestPgStore();
      later(() => store.close());
      return store;
    },
  };
  return { open, later };
}
