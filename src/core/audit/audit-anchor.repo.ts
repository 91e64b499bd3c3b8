import type { Db } from '../db/open-db';

/**
 * The database's copy of the audit anchor (audit-anchor.ts): one row per secret store that anchors this log
 * ('os' for the desktop app's keychain, 'keyfile' or 'passphrase' for the file store of the CLI and browser mode),
 * holding the anchor sealed by that store's key. Its generation is written in clear too, for people reading the
 * file; only the sealed value counts.
 *
 * The table is created on first use, by this module alone, rather than by a numbered migration: nothing else reads
 * or joins it, and a database restored from a backup older than it simply has no copy yet (as a fresh log has none).
 */
export interface AnchorCopyRow {
  generation: number;
  sealed: string;
}

const ensure = (db: Db) =>
  db.exec(`CREATE TABLE IF NOT EXISTS audit_anchor_copies (
  store       TEXT PRIMARY KEY,              -- which secret store sealed it: os, keyfile, passphrase
  generation  INTEGER NOT NULL,              -- the anchor's counter, in clear (the sealed value is what counts)
  sealed      TEXT NOT NULL                  -- the anchor {generation, count, head, at}, sealed by that store's key
)`);

const exists = (db: Db) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_anchor_copies'").get() !==
  undefined;

export function readAnchorCopy(db: Db, store: string): AnchorCopyRow | null {
  if (!exists(db)) return null;
  return (
    (db.prepare('SELECT generation, sealed FROM audit_anchor_copies WHERE store = ?').get(store) as
      AnchorCopyRow | undefined) ?? null
  );
}

/**
 * Write the copy in one IMMEDIATE transaction, if `keep(current)` says so: two processes moving the anchor at once
 * never put an older copy over a newer one.
 */
export function writeAnchorCopy(
  db: Db,
  store: string,
  next: AnchorCopyRow,
  keep: (current: AnchorCopyRow | null) => boolean,
): void {
  ensure(db);
  db.transaction(() => {
    if (!keep(readAnchorCopy(db, store))) return;
    db.prepare(
      `INSERT INTO audit_anchor_copies (store, generation, sealed) VALUES (?, ?, ?)
       ON CONFLICT (store) DO UPDATE SET generation = excluded.generation, sealed = excluded.sealed`,
    ).run(store, next.generation, next.sealed);
  }).immediate();
}
