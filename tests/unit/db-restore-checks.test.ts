import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../../src/core/audit/audit.repo';
import { createCore, type Core } from '../../src/core/bootstrap';
import { MIGRATIONS } from '../../src/core/db/migrations';
import { en } from '../../src/shared/i18n/en';
import { ptBR } from '../../src/shared/i18n/pt-BR';
import { quitaCli } from '../helpers/cli';
import { tempDir } from '../helpers/tmp';

/**
 * [R] item 6, attacked: a restore checks what it restores (a whole Quita database, of this branch, of a schema
 * this Quita knows, whose audit chain verifies) on a copy opened read-only, before anything is replaced; a file
 * that is not Quita's — offered as a backup, or found in a branch's database place — is left byte for byte as
 * it was, with no -wal, -shm or -journal beside it.
 */
const tmp = tempDir();
const dataDir = join(tmp.dir, 'data');
const env = { QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key') };
const quita = quitaCli(dataDir, { ...process.env, ...env });
let core: Core;
let a: string; // the other branch
let b: string; // the branch restored into

const openCore = () => createCore({ mode: 'browser', version: '0.0.0-test', dataDir, env });
const call = (name: string, input: unknown) => core.dispatch(name, input);
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const dbFileOf = (profileId: string) => join(dataDir, 'profiles', profileId, 'quita.db');
const backupsOf = (profileId: string) => join(dataDir, 'profiles', profileId, 'backups');
/** SQLite's files beside `file`: its -wal, -shm, -journal (any `<name>-…`). */
const besides = (file: string) =>
  readdirSync(dirname(file)).filter((n) => n.startsWith(`${basename(file)}-`));
const profileFolder = (profileId: string) => readdirSync(join(dataDir, 'profiles', profileId)).sort();

/** The current database, closed in this process (so its WAL is checkpointed), hashed. */
function currentHash(profileId: string): string {
  core.ctx.databases.close(profileId);
  expect(besides(dbFileOf(profileId))).toEqual([]);
  return sha(dbFileOf(profileId));
}

/** A name restore takes, at a fixed time (never today's). */
let n = 0;
const placedName = () => `quita-20200101T0000000${String(++n).padStart(2, '0')}Z-manual.db`;

/** Put a file in branch B's backups folder under a backup's name, as a clerk copying files by hand would. */
function place(make: (file: string) => void): { name: string; file: string } {
  const name = placedName();
  const file = join(backupsOf(b), name);
  make(file);
  expect(besides(file)).toEqual([]);
  return { name, file };
}

/** A copy of one of B's own backups, edited with a plain SQLite connection. */
function editedCopyOfOwnBackup(edit: (db: Database.Database) => void) {
  const own = readdirSync(backupsOf(b)).find((x) => x.endsWith('-manual.db') && !x.startsWith('quita-2020'));
  return place((file) => {
    copyFileSync(join(backupsOf(b), own!), file);
    const db = new Database(file);
    edit(db);
    db.close();
  });
}

/** A database as Quita 12 (before the identity row) left it, its audit log written by `profileId`. */
function legacyBackup(profileId: string) {
  return place((file) => {
    const db = new Database(file);
    for (const m of MIGRATIONS.slice(0, 12)) db.exec(m.sql);
    db.pragma('user_version = 12');
    appendAudit(db, {
      actor: 'test',
      profileId,
      action: 'settings.changed',
      at: '2020-01-01T00:00:00.000Z',
      after: { legacy: true },
    });
    db.close();
  });
}

/** A SQLite database of some other program, in WAL mode (a read-only open would leave -wal and -shm). */
function foreignSqlite(file: string, userVersion = 3) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
  db.prepare('INSERT INTO notes (text) VALUES (?)').run('not a gym');
  db.pragma(`user_version = ${userVersion}`);
  db.close();
}
const notSqlite = (file: string) =>
  writeFileSync(file, 'PK\u0003\u0004 a zip, not a database'.padEnd(8192, '.'));

interface Refusal {
  ok: false;
  error: { kind: string; code?: string; message: string };
}

/** Restore `name` through the dispatch; it must be refused with `code`, leaving everything as it was. */
async function refusedRestore(name: string, file: string, code: string): Promise<Refusal['error']> {
  const before = { current: currentHash(b), backup: sha(file), folder: profileFolder(b) };
  const backups = readdirSync(backupsOf(b)).sort();
  const r = (await call('db.restore', { name })) as Refusal | { ok: true };
  // Nothing new in either folder: no copy left, nothing moved aside, no backup taken.
  expect(r.ok).toBe(false);
  const error = (r as Refusal).error;
  expect(error.code).toBe(code);
  // The chosen file: byte for byte, and nothing beside it.
  expect(sha(file)).toBe(before.backup);
  expect(besides(file)).toEqual([]);
  // The current database: not replaced, not moved aside, not backed up again, byte for byte.
  expect(readdirSync(backupsOf(b)).sort()).toEqual(backups);
  expect(currentHash(b)).toBe(before.current);
  expect(profileFolder(b)).toEqual(before.folder);
  // A sentence for the clerk in both languages, and one English line for the log and the CLI.
  const key = code.replace(/^db\./, '');
  expect((en.errors.db as Record<string, string>)[key], `${code} in English`).toBeTruthy();
  expect((ptBR.errors.db as Record<string, string>)[key], `${code} in pt-BR`).toBeTruthy();
  expect(error.message).not.toMatch(/\n/);
  return error;
}

beforeAll(async () => {
  core = openCore();
  const save = async (name: string) => {
    const r = (await call('profiles.save', {
      name,
      baseUrl: 'https://evo.example.test',
      username: name.toLowerCase(),
      password: 'k',
      keyKind: 'branch',
    })) as { ok: boolean; value: { id: string } };
    expect(r.ok).toBe(true);
    return r.value.id;
  };
  a = await save('Centro');
  expect((await call('db.backup', {})).ok).toBe(true);
  b = await save('Norte'); // now the active one
  expect((await call('db.backup', {})).ok).toBe(true);
});
afterAll(async () => {
  await core.close();
  tmp.cleanup();
});

describe('a restore checks what it restores, on a read-only copy, before replacing anything', () => {
  it('refuses a backup of another branch', async () => {
    const other = readdirSync(backupsOf(a)).find((x) => x.endsWith('-manual.db'))!;
    const p = place((file) => copyFileSync(join(backupsOf(a), other), file));
    const e = await refusedRestore(p.name, p.file, 'db.backup_other_branch');
    expect(e.message).toMatch(/belongs to another branch/);
  });

  it('refuses a backup of another branch from before the identity was recorded (its audit log names it)', async () => {
    const p = legacyBackup(a);
    await refusedRestore(p.name, p.file, 'db.backup_other_branch');
  });

  it('refuses a backup written by a newer Quita', async () => {
    const p = editedCopyOfOwnBackup((db) => db.pragma(`user_version = ${MIGRATIONS.length + 1}`));
    const e = await refusedRestore(p.name, p.file, 'db.backup_newer');
    expect(e.message).toMatch(/newer version of Quita/);
  });

  it('refuses a backup whose audit chain does not verify', async () => {
    const p = editedCopyOfOwnBackup((db) => {
      db.exec('DROP TRIGGER audit_log_no_update');
      db.prepare('UPDATE audit_log SET after_json = ? WHERE seq = 1').run('{"edited":true}');
    });
    const e = await refusedRestore(p.name, p.file, 'db.backup_audit_broken');
    expect(e.message).toMatch(/audit log does not verify \(entry 1 was changed after it was written\)/);
  });

  it('refuses a SQLite file of another program and a file that is not SQLite, leaving them byte-identical', async () => {
    const sqlite = place((file) => foreignSqlite(file));
    const e = await refusedRestore(sqlite.name, sqlite.file, 'db.backup_not_quita');
    expect(e.message).toMatch(/not a backup of a Quita database/);
    const plain = place(notSqlite);
    await refusedRestore(plain.name, plain.file, 'db.bad_backup');
  });

  it('still restores this branch’s own backups, old and new, and records the restore', async () => {
    const own = readdirSync(backupsOf(b)).find(
      (x) => x.endsWith('-manual.db') && !x.startsWith('quita-2020'),
    )!;
    const r = (await call('db.restore', { name: own })) as { ok: boolean; value: { movedAside: string } };
    expect(r.ok).toBe(true);
    expect(r.value.movedAside).toMatch(/^quita\.db\.replaced-/);
    const legacy = legacyBackup(b);
    expect((await call('db.restore', { name: legacy.name })).ok).toBe(true);
    const v = (await call('audit.verify', {})) as { ok: boolean; value: { ok: boolean; entries: number } };
    expect(v.value.ok).toBe(true);
    expect(v.value.entries).toBe(2); // the legacy entry and the restore's own
  });
});

describe('a file in a branch’s database place that is not Quita’s is refused, never changed', () => {
  async function refusedOpen(put: (file: string) => void, code: string) {
    const file = dbFileOf(b);
    core.ctx.databases.close(b);
    rmSync(file);
    put(file);
    expect(besides(file)).toEqual([]);
    const before = { hash: sha(file), mode: statSync(file).mode, folder: profileFolder(b) };
    const r = (await call('audit.verify', {})) as Refusal | { ok: true };
    expect(r.ok).toBe(false);
    expect((r as Refusal).error.code).toBe(code);
    expect(sha(file)).toBe(before.hash);
    expect(statSync(file).mode).toBe(before.mode);
    expect(besides(file)).toEqual([]);
    expect(profileFolder(b)).toEqual(before.folder);
    return (r as Refusal).error;
  }

  it('a SQLite database of another program (even one with a user_version) is not migrated', async () => {
    const e = await refusedOpen((f) => foreignSqlite(f, 3), 'db.not_quita');
    expect(e.message).toMatch(/not a Quita database/);
    await refusedOpen((f) => foreignSqlite(f, 0), 'db.not_quita');
  });

  it('a file that is not SQLite at all', async () => {
    await refusedOpen(notSqlite, 'db.damaged');
  });

  it('another branch’s Quita database put in this branch’s folder', async () => {
    core.ctx.databases.close(a);
    const e = await refusedOpen((f) => copyFileSync(dbFileOf(a), f), 'db.other_branch');
    expect(e.message).toMatch(/belongs to another branch/);
  });
});

describe('quita restore', () => {
  it('refuses a foreign file in one sentence and leaves it, and the branch database, byte-identical', async () => {
    // Back to a database of B's own (the last test left a foreign one in its place).
    core.ctx.databases.close(b);
    for (const f of [dbFileOf(b), ...besides(dbFileOf(b)).map((x) => join(dirname(dbFileOf(b)), x))])
      rmSync(f, { force: true });
    expect((await call('audit.verify', {})).ok).toBe(true);
    await core.close();
    const file = dbFileOf(b);
    const foreign = place((f) => foreignSqlite(f));
    const newer = editedCopyOfOwnBackup((db) => db.pragma(`user_version = ${MIGRATIONS.length + 1}`));
    const before = { db: sha(file), foreign: sha(foreign.file), newer: sha(newer.file) };
    const r1 = await quita(['restore', foreign.name]);
    expect(r1.code).toBe(1);
    expect(r1.stderr.trim().split('\n')).toHaveLength(1);
    expect(r1.stderr).toMatch(/^quita: Este arquivo não é uma cópia de segurança do Quita/);
    const r2 = await quita(['restore', newer.name]);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(/versão mais nova do Quita/);
    const typo = await quita(['restore', 'quita-ontem.db']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^quita: “quita-ontem\.db” não é o nome de uma cópia de segurança/);
    const en = await quita(['--lang', 'en', 'restore', foreign.name]);
    expect(en.code).toBe(1);
    expect(en.stderr).toMatch(/^quita: This file is not a Quita backup/);
    expect(sha(foreign.file)).toBe(before.foreign);
    expect(sha(newer.file)).toBe(before.newer);
    expect(besides(foreign.file)).toEqual([]);
    expect(sha(file)).toBe(before.db);
    expect(existsSync(file)).toBe(true);
    expect(besides(file)).toEqual([]);
    core = openCore();
  }, 30_000);
});
