import { sql } from 'kysely';
import pg from 'pg';
import type { Store } from './store';

/**
 * Every `quita server` whose office lives in a PostgreSQL database holds this advisory lock, shared, for as long as
 * it runs (several server processes may share one office); `migrate-to-server --banco` asks for it exclusively
 * without waiting, and so learns that a server is running on that database even where no file in a folder tells
 * (the users in `quita_office`, no office.sqlite held open). The key is the database's, not a schema's: a server
 * serves every branch of the office. PostgreSQL drops the lock with its session, so a server that dies leaves none.
 */
const KEY = 'quita:server-running';

export interface ServerRunningMark {
  /** Ends the session that holds the lock (at the server's close). */
  release(): Promise<void>;
}

/**
 * Hold the mark on a session of its own (a pooled connection would hand the lock to whatever borrows it next).
 * `onLost`: the session ended under the server (the database restarted): the mark is gone until a restart.
 */
export async function markServerRunning(url: string, onLost: (e: Error) => void): Promise<ServerRunningMark> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 });
  let releasing = false;
  client.on('error', (e) => {
    if (!releasing) onLost(e);
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock_shared(hashtext($1))', [KEY]);
  } catch (e) {
    releasing = true;
    // The lock's own failure is what is thrown (the server does not start and says why); ending a session that holds
    // nothing loses nothing, so a failure to end it is not reported over that one.
    await client.end().catch(() => undefined);
    throw e;
  }
  return {
    release: async () => {
      releasing = true;
      await client.end();
    },
  };
}

/** Whether a `quita server` is running on the Store's database now (its mark is held). */
export async function serverRunningOn(store: Store): Promise<boolean> {
  return store.write(async (tx) => {
    // Exclusive, not waiting, and given back when this transaction ends.
    const r = await sql<{
      free: boolean;
    }>`select pg_try_advisory_xact_lock(hashtext(${KEY})) as free`.execute(tx);
    return r.rows[0]?.free !== true;
  });
}
