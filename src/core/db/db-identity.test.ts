import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { codeOf } from '../../../tests/helpers/errors';
import { tempDir } from '../../../tests/helpers/tmp';
import { appendAudit } from '../audit/audit.repo';
import { inspectFile, QUITA_APPLICATION_ID } from './db-health';
import { branchOf } from './db-identity';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import { openDb } from './open-db';

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const identityVersion = MIGRATIONS.findIndex((m) => m.name === 'identity') + 1;

function withDir(f: (dir: string) => void) {
  const t = tempDir();
  try {
    f(t.dir);
  } finally {
    t.cleanup();
  }
}

describe('whose database a file is', () => {
  it('an existing database takes the profile of its first audit entry, and is marked as Quita’s', () => {
    withDir((dir) => {
      const file = join(dir, 'quita.db');
      const db = new Database(file);
      migrate(db, MIGRATIONS.slice(0, identityVersion - 1));
      appendAudit(db, {
        actor: 't',
        profileId: 'p-centro',
        action: 'sync.finished',
        at: '2020-01-01T00:00:00Z',
      });
      appendAudit(db, {
        actor: 't',
        profileId: 'p-centro',
        action: 'sync.finished',
        at: '2020-01-02T00:00:00Z',
      });
      migrate(db, MIGRATIONS);
      expect(branchOf(db)).toBe('p-centro');
      expect(db.pragma('application_id', { simple: true })).toBe(QUITA_APPLICATION_ID);
      db.close();
      // Another profile opening it is refused, and the file is as it was.
      const before = sha(file);
      expect(codeOf(() => openDb(file, { profileId: 'p-norte' }))).toBe('db.other_branch');
      expect(sha(file)).toBe(before);
      expect(readdirSync(dir)).toEqual(['quita.db']);
      openDb(file, { profileId: 'p-centro' }).close();
    });
  });

  it('a new database is claimed by the profile that opens it first', () => {
    withDir((dir) => {
      const file = join(dir, 'quita.db');
      const db = openDb(file, { profileId: 'p-norte' });
      expect(branchOf(db)).toBe('p-norte');
      db.close();
      expect(codeOf(() => openDb(file, { profileId: 'p-sul' }))).toBe('db.other_branch');
    });
  });

  it('a database another process has open, its migrations still in the WAL, opens (the file alone looks new)', () => {
    withDir((dir) => {
      const file = join(dir, 'quita.db');
      const first = openDb(file, { profileId: 'p-norte' });
      try {
        // What a second process sees in the file itself: not yet marked, no tables (all in the WAL).
        const head = readFileSync(file).subarray(0, 100);
        expect(head.readInt32BE(68)).toBe(0);
        expect(inspectFile(file)).toEqual({ problem: null, branch: null });
        const second = openDb(file, { profileId: 'p-norte' });
        expect(second.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
        expect(branchOf(second)).toBe('p-norte');
        second.close();
      } finally {
        first.close();
      }
    });
  });

  it('a legacy Quita database (before the mark) is inspected in memory, then opened and marked', () => {
    withDir((dir) => {
      const file = join(dir, 'quita.db');
      const old = new Database(file);
      migrate(old, MIGRATIONS.slice(0, 12));
      appendAudit(old, {
        actor: 't',
        profileId: 'p-sul',
        action: 'sync.finished',
        at: '2020-01-01T00:00:00Z',
      });
      old.close();
      expect(inspectFile(file)).toEqual({ problem: null, branch: 'p-sul' });
      expect(codeOf(() => openDb(file, { profileId: 'p-norte' }))).toBe('db.other_branch');
      const db = openDb(file, { profileId: 'p-sul' });
      expect(db.pragma('application_id', { simple: true })).toBe(QUITA_APPLICATION_ID);
      db.close();
      expect(inspectFile(file)).toBeNull(); // marked in its header now: nothing to read in memory
    });
  });
});
