import { sql } from 'kysely';
import { applyPgSchema } from './pg-schema';
import { branchSchema, openPgStore } from './pg-store';
import type { Store } from './store';

/**
 * [W] The office server's branches in PostgreSQL (QUITA_DATABASE_URL): one schema per branch of the office's
 * database (`branchSchema`, as `quita migrate-to-server --banco` makes it), one pool per branch, opened the first time
 * the branch is used. A branch connected on the server itself gets its schema then: created if missing, its tables
 * from the migrations (applyPgSchema, under its `schema` lock; a schema at another version is refused there).
 */
export interface BranchStores {
  /** The Store of a branch; the schema is made ready before its first transaction. */
  store(profileId: string): Store;
  /** Whether this process has used the branch (its Store was asked for): nothing else is opened for it. */
  has(profileId: string): boolean;
  close(): Promise<void>;
}

/** PostgreSQL's codes for "already exists" when two processes create the same schema at once. */
const ALREADY = new Set(['42P06', '23505']);

export function pgBranchStores(url: string, opts: { max?: number } = {}): BranchStores {
  const stores = new Map<string, Store>();
  const open = (profileId: string): Store => {
    const schema = branchSchema(profileId);
    const inner = openPgStore(url, { schema, ...(opts.max === undefined ? {} : { max: opts.max }) });
    let ready: Promise<void> | null = null;
    const prepare = async () => {
      try {
        await inner.write((tx) =>
          sql`create schema if not exists ${sql.id(schema)}`.execute(tx).then(() => undefined),
        );
      } catch (e) {
        if (!ALREADY.has(String((e as { code?: unknown }).code))) throw e;
      }
      await applyPgSchema(inner);
    };
    const whenReady = () => {
      // A failed preparation (the server down a moment) is tried again by the next transaction.
      ready ??= prepare().catch((e: unknown) => {
        ready = null;
        throw e;
      });
      return ready;
    };
    return {
      dialect: inner.dialect,
      read: async (fn) => {
        await whenReady();
        return inner.read(fn);
      },
      write: async (fn) => {
        await whenReady();
        return inner.write(fn);
      },
      close: () => inner.close(),
    };
  };
  return {
    store(profileId) {
      let s = stores.get(profileId);
      if (!s) stores.set(profileId, (s = open(profileId)));
      return s;
    },
    has: (profileId) => stores.has(profileId),
    async close() {
      const all = [...stores.values()];
      stores.clear();
      await Promise.all(all.map((s) => s.close()));
    },
  };
}
