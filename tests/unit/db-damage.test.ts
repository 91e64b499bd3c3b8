import {
  existsSync,
  readdirSync,
  statSync,
  truncateSync,
  writeFileSync,
  openSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUPS_KEPT, backupNow, listBackups } from '../../src/core/db/backups';
import { MIGRATIONS } from '../../src/core/db/migrations';
import { openDb } from '../../src/core/db/open-db';
import type { RunningSandbox } from '../../src/sandbox';
import { quitaCli } from '../helpers/cli';
import { testSandbox } from '../helpers/sandbox';
import { tempDir } from '../helpers/tmp';

/**
 * [N] item 4, attacked: a branch database that is emptied, overwritten or damaged is refused with one sentence
 * (never silently replaced by an empty one, which lost the cache, the outbox and the audit log), and the latest
 * backup brings it back.
 */
const tmp = tempDir();
const dataDir = join(tmp.dir, 'data');
const env = { ...process.env, QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key') };
const quita = quitaCli(dataDir, env);
let sandbox: RunningSandbox;
let dbFile: string;

beforeAll(async () => {
  sandbox = await testSandbox();
  const c = await quita(
    ['connect', '--base-url', sandbox.url, '--username', sandbox.username, '--key-kind', 'branch'],
    {
      QUITA_PASSWORD: sandbox.branchKey,
    },
  );
  expect(c.code).toBe(0);
  expect((await quita(['sync', '--no-debtors'])).code).toBe(0);
  const profiles = readdirSync(join(dataDir, 'profiles'));
  dbFile = join(dataDir, 'profiles', profiles[0]!, 'quita.db');
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  tmp.cleanup();
});

const verify = async () =>
  JSON.parse((await quita(['audit', 'verify', '--json'])).stdout) as { ok: boolean; entries: number };

describe('a damaged branch database', () => {
  it('is refused in one sentence, never replaced, and the latest backup restores it', async () => {
    const before = await verify();
    expect(before.ok).toBe(true);
    expect(before.entries).toBeGreaterThan(0);
    const backup = await quita(['backup', '--json']);
    expect(backup.code).toBe(0);
    const taken = JSON.parse(backup.stdout) as { name: string; reason: string };
    expect(taken.reason).toBe('manual');

    // The attack of the field report: the file truncated to 0 bytes.
    truncateSync(dbFile, 0);
    for (const side of ['-wal', '-shm']) if (existsSync(dbFile + side)) truncateSync(dbFile + side, 0);
    const refused = await quita(['audit', 'verify']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1); // one sentence, no stack trace
    // As the screens say it (errors.db.damaged): damaged, nothing changed, restore the latest backup.
    // SQLite's own words (English, technical) stay in the error's params, never in the clerk's sentence.
    expect(refused.stderr).toMatch(
      /^quita: O banco de dados desta filial está danificado: o Quita não consegue lê-lo\./,
    );
    expect(refused.stderr).not.toMatch(/bytes|SQLite/);
    expect(refused.stderr).toMatch(/Restaure a cópia de segurança mais recente/);
    expect(statSync(dbFile).size).toBe(0); // not replaced by an empty database

    const listed = await quita(['backup', '--list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(
        `\\n${taken.name.replace(/\./g, '\\.')} +\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}  pedida  \\d+,\\d MB\\n`,
      ),
    );
    expect((await quita(['--lang', 'en', 'backup', '--list'])).stdout).toMatch(
      /^Backups in .+ \(newest first\):\n.+ {2}on request {2}\d+\.\d MB\n/,
    );
    const restored = await quita(['restore', '--latest', '--json']);
    expect(restored.code).toBe(0);
    const r = JSON.parse(restored.stdout) as { restored: { name: string }; movedAside: string | null };
    expect(r.restored.name).toBe(taken.name);
    expect(r.movedAside).toMatch(/^quita\.db\.replaced-/); // the damaged file is kept, never deleted
    const after = await verify();
    expect(after.ok).toBe(true);
    // The backup was taken before its own audit entry was written; the restore adds one.
    expect(after.entries).toBe(before.entries + 1);
  }, 60_000);

  it('a file that is not a database, and one whose pages were overwritten, are refused too', () => {
    const dir = tempDir();
    try {
      const notDb = join(dir.dir, 'a', 'quita.db');
      openDb(notDb).close();
      writeFileSync(notDb, 'PK\u0003\u0004 this is a zip, not a database'.padEnd(4096, '.'));
      expect(() => openDb(notDb)).toThrow(/does not start like a SQLite database/);

      const hurt = join(dir.dir, 'b', 'quita.db');
      const db = openDb(hurt);
      db.exec('CREATE TABLE filler (x TEXT)');
      const ins = db.prepare('INSERT INTO filler VALUES (?)');
      for (let i = 0; i < 2000; i++) ins.run('x'.repeat(200));
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      const fd = openSync(hurt, 'r+');
      writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, 8192); // scribble over a page in the middle
      closeSync(fd);
      expect(() => openDb(hurt)).toThrow(/database is damaged/);
    } finally {
      dir.cleanup();
    }
  });

  it('is backed up before a migration, and keeps only the newest backups', () => {
    const dir = tempDir();
    try {
      const file = join(dir.dir, 'quita.db');
      // As an older Quita left it: schema 5.
      const old = new Database(file);
      for (const m of MIGRATIONS.slice(0, 5)) old.exec(m.sql);
      old.pragma('user_version = 5');
      old.close();
      const reopened = openDb(file);
      expect(listBackups(file).map((b) => b.reason)).toContain('pre-migration');
      expect(reopened.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      const t0 = Date.now() + 86_400_000; // after the pre-migration backup
      for (let i = 0; i < BACKUPS_KEPT + 3; i++)
        backupNow(reopened, file, 'manual', new Date(t0 + i * 60_000));
      const kept = listBackups(file);
      expect(kept).toHaveLength(BACKUPS_KEPT);
      expect(kept[0]!.at).toBe(new Date(t0 + (BACKUPS_KEPT + 2) * 60_000).toISOString());
      expect(statSync(kept[0]!.file).mode & 0o777).toBe(0o600);
      reopened.close();
    } finally {
      dir.cleanup();
    }
  });
});

describe('a first open interrupted before SQLite wrote anything', () => {
  it('an empty file with no backup beside it is opened as a new database', () => {
    const dir = tempDir();
    try {
      const file = join(dir.dir, 'quita.db');
      writeFileSync(file, '');
      const db = openDb(file);
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      db.close();
    } finally {
      dir.cleanup();
    }
  });
});
