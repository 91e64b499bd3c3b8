import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MISSING_POSTGRES, startPgCluster } from '../../scripts/pg-cluster.mjs';

/** The throwaway PostgreSQL that `npm test` starts for the tests that run on both databases. */
describe('scripts/pg-cluster.mjs', () => {
  const saved = process.env.QUITA_PG_BIN;
  afterEach(() => {
    if (saved === undefined) delete process.env.QUITA_PG_BIN;
    else process.env.QUITA_PG_BIN = saved;
  });

  it('starts a cluster that answers as the quita superuser, and removes it all on stop', async () => {
    const cluster = await startPgCluster();
    let stopped = false;
    try {
      expect(cluster.url).toMatch(/^postgres:\/\/quita@127\.0\.0\.1:\d+\/postgres$/);
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      const r = await client.query<{ who: string; super: string }>(
        "select current_user as who, current_setting('is_superuser') as super",
      );
      await client.end();
      expect(r.rows[0]).toEqual({ who: 'quita', super: 'on' });
      cluster.stop();
      stopped = true;
      expect(existsSync(cluster.dir)).toBe(false);
      const after = new pg.Client({ connectionString: cluster.url });
      await expect(after.connect()).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      if (!stopped) cluster.stop();
    }
  });

  it('fails with one sentence naming the Debian package when PostgreSQL is not installed', async () => {
    process.env.QUITA_PG_BIN = '/nonexistent/postgresql/bin';
    await expect(startPgCluster()).rejects.toThrow(MISSING_POSTGRES);
    expect(MISSING_POSTGRES).toMatch(/apt-get install postgresql/);
  });
});
