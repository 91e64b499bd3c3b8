import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/tmp';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import { openDb } from './open-db';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

describe('migrations', () => {
  it('apply in order to an empty database file, in WAL mode, and are idempotent', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const file = join(t.dir, 'p', 'quita.db');
    const db = openDb(file);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(
      expect.arrayContaining([
        'bank_accounts',
        'receivables',
        'debtors',
        'geo_states',
        'geo_cities',
        'geo_neighborhoods',
        'sync_state',
      ]),
    );
    db.close();
    const again = openDb(file);
    expect(migrate(again, MIGRATIONS)).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length });
    again.close();
  });

  it('refuses a database written by a newer Quita, leaving it untouched', () => {
    const db = new Database(':memory:');
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    expect(() => migrate(db, MIGRATIONS)).toThrow(/newer version of Quita/);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get()).toBe(0);
  });

  it('rolls back a failing migration whole', () => {
    const db = new Database(':memory:');
    const broken = [
      ...MIGRATIONS,
      { version: MIGRATIONS.length + 1, name: 'broken', sql: 'CREATE TABLE ok_part (x); THIS IS NOT SQL;' },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'ok_part'").pluck().get()).toBe(0);
  });
});

describe('two processes opening a new database at once', () => {
  it('each migration is applied once: the second opener finds it done inside its own transaction', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const file = join(t.dir, 'quita.db');
    const a = new Database(file);
    const b = new Database(file);
    b.pragma('busy_timeout = 5000');
    migrate(a, MIGRATIONS);
    // b read user_version just before a migrated (the race): its first read says 0.
    const real = b.pragma.bind(b);
    let stale = true;
    b.pragma = (source: string, options?: { simple?: boolean }) => {
      if (stale && source === 'user_version') {
        stale = false;
        return 0;
      }
      return real(source, options);
    };
    expect(() => migrate(b, MIGRATIONS)).not.toThrow();
    expect(real('user_version', { simple: true })).toBe(MIGRATIONS.length);
    a.close();
    b.close();
  });
});
