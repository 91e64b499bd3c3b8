import type { ApiQuirks, Quirk } from '../api/quirks';
import type { Db } from '../db/open-db';

/** A profile's learned quirks, kept in its database (see api/quirks.ts). */
export function dbQuirks(db: Db, now: () => Date = () => new Date()): ApiQuirks {
  return {
    has: (q: Quirk) => db.prepare('SELECT 1 FROM api_quirks WHERE quirk = ?').pluck().get(q) !== undefined,
    learn(q: Quirk, evidence: string) {
      db.prepare('INSERT OR IGNORE INTO api_quirks (quirk, evidence, learned_at) VALUES (?, ?, ?)').run(
        q,
        evidence,
        now().toISOString(),
      );
    },
  };
}

export function listQuirks(db: Db): { quirk: Quirk; evidence: string; learnedAt: string }[] {
  return db
    .prepare('SELECT quirk, evidence, learned_at AS learnedAt FROM api_quirks ORDER BY quirk')
    .all() as { quirk: Quirk; evidence: string; learnedAt: string }[];
}
