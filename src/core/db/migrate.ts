import type { Database } from 'better-sqlite3';
import { fold } from '../api/normalize';
import { AppError } from '../errors';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * [W] The same step for a PostgreSQL schema already at `version - 1` (an office server's branch or users, kept
   * there): PostgreSQL's own SQL, written beside SQLite's. A new schema is still generated whole from SQLite's
   * migrations (src/core/store/pg-schema.ts); this upgrades one made by an older Quita in place. Required for every
   * migration after those PostgreSQL support shipped with (PG_STEPS_FROM in pg-schema.ts); pg-upgrade.test.ts checks
   * that each one leaves the schema exactly as a new one is made.
   */
  pg?: string;
}

/**
 * Forward-only migrations, applied in order at open time, each in its own transaction together with the new
 * `user_version`, so a crash leaves the database at a whole version. A database written by a newer Quita is
 * refused instead of being half-understood.
 *
 * Migrations are numbered TypeScript modules holding SQL text rather than .sql files, so that the Electron
 * bundle, tsx and the tests all load them the same way without copying assets.
 */
export function migrate(db: Database, migrations: readonly Migration[]): { from: number; to: number } {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  sorted.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`Migration numbering has a gap or duplicate at ${m.version} (${m.name})`);
  });
  const latest = sorted.length;
  // `quita_fold(text)`: a name folded as the cache folds it (accents and case, api/normalize.ts), for migration 20's
  // back-fill of the debtors' search column.
  db.function('quita_fold', { deterministic: true }, (s: unknown) =>
    typeof s === 'string' ? fold(s) : null,
  );
  const from = db.pragma('user_version', { simple: true }) as number;
  if (from > latest) {
    throw new AppError(
      'conflict',
      `This database was written by a newer version of Quita (schema ${from}, this one knows ${latest}). Update Quita.`,
      {
        code: 'db.newer',
        params: { found: from, known: latest },
      },
    );
  }
  for (const m of sorted.slice(from)) {
    // IMMEDIATE, and the version read again inside: another process (the desktop app and a CLI opening a new
    // or upgraded database at the same moment) may have applied this migration since `from` was read.
    db.transaction(() => {
      const current = db.pragma('user_version', { simple: true }) as number;
      if (current >= m.version) return;
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
  return { from, to: latest };
}
