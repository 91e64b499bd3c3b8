import type pg from 'pg';

/**
 * For the PostgreSQL race tests: resolve once `n` other connections of this database are waiting on a lock (the one
 * `client` holds), as PostgreSQL itself reports them — a signal, looked at every 5 ms, never a guess of time.
 * Inside a transaction PostgreSQL keeps the first look at pg_stat_activity for the rest of it, so each look clears
 * that snapshot first; without it, a first look taken before the others queued would be seen forever.
 */
export async function lockWaiters(client: pg.Client | pg.PoolClient, n: number): Promise<void> {
  for (;;) {
    await client.query('select pg_stat_clear_snapshot()');
    const r = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if (r.rows[0]!.n >= n) return;
    await new Promise((ok) => setTimeout(ok, 5));
  }
}
