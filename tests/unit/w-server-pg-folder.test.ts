/**
 * [W] A server started with the office's PostgreSQL (QUITA_DATABASE_URL) and a branch whose data is still a SQLite
 * file in its folder (a server that kept its branches in files until today): the branch is not served from a new,
 * empty schema — it is refused in one sentence that says how to move it — and nothing is made in the database.
 * A branch without a file (made on the server, or moved in with migrate-to-server --banco) is served from there.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { createCore } from '../../src/core';
import { isAppError } from '../../src/core/errors';
import { createTestDatabase } from '../../src/core/store/testing-pg';
import { tempDir } from '../helpers/tmp';

const pgDescribe = process.env.QUITA_TEST_PG_URL ? describe : describe.skip;

let t: { dir: string; cleanup: () => void };
let db: { url: string; drop: () => Promise<void> } | undefined;

pgDescribe('a server on PostgreSQL beside a branch still kept in a file', () => {
  beforeAll(async () => {
    t = tempDir('quita-server-folder-');
    db = await createTestDatabase();
    for (const args of [['demo', 'start'], ['status']]) {
      const out: string[] = [];
      const code = await runCli(['--data-dir', t.dir, ...args], {
        stdout: (m) => out.push(m),
        stderr: (m) => out.push(m),
        env: { QUITA_KEY_FILE: join(t.dir, 'keys', 'master.key') },
      });
      expect(code, out.join('\n')).toBe(0);
    }
    expect(existsSync(join(t.dir, 'profiles', 'demo', 'quita.db'))).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await db?.drop();
    t?.cleanup();
  });

  it('refuses to serve it from an empty schema, and makes none', async () => {
    const core = createCore({
      mode: 'server',
      version: '0.0.0-test',
      dataDir: t.dir,
      env: { QUITA_KEY_FILE: join(t.dir, 'keys', 'master.key'), QUITA_DATABASE_URL: db!.url },
    });
    try {
      let code: string | undefined;
      try {
        core.ctx.store();
      } catch (e) {
        code = isAppError(e) ? e.code : String(e);
      }
      expect(code).toBe('db.in_server_folder');
      expect(core.ctx.databases.inOfficeDatabase).toBe(true);
    } finally {
      await core.close();
    }
    const c = new pg.Client({ connectionString: db!.url });
    await c.connect();
    try {
      const schemas = await c.query("select nspname from pg_namespace where nspname like 'quita\\_%'");
      expect(schemas.rows).toEqual([]);
    } finally {
      await c.end();
    }
  });
});
