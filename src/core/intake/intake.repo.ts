/** The SQL of the intake folder's record (migration 016, `intake_files`). */
import type { ErrorInfo } from '../../shared/contract';
import type { IntakeFile } from '../../shared/contract/cycle';
import type { Db } from '../db/open-db';

interface Row {
  id: number;
  file_name: string;
  sha256: string;
  state: IntakeFile['state'];
  kind: string | null;
  bank_account_id: number | null;
  new_items: number;
  known_items: number;
  same_file: number;
  reason_json: string | null;
  at: string;
}

const toFile = (r: Row): IntakeFile => ({
  id: r.id,
  fileName: r.file_name,
  state: r.state,
  kind: r.kind,
  bankAccountId: r.bank_account_id,
  newItems: r.new_items,
  knownItems: r.known_items,
  sameFile: r.same_file === 1,
  reason: r.reason_json ? (JSON.parse(r.reason_json) as ErrorInfo) : null,
  at: r.at,
});

export interface IntakeRecord {
  cycleId: number | null;
  fileName: string;
  sha256: string;
  size: number;
  state: IntakeFile['state'];
  kind: string | null;
  bankAccountId: number | null;
  newItems: number;
  knownItems: number;
  sameFile: boolean;
  reason: ErrorInfo | null;
  movedTo: string | null;
  at: string;
}

export const intakeRepo = {
  /** The waiting row of this very file (same name and bytes), to update instead of adding one per cycle. */
  waitingOf: (db: Db, fileName: string, sha256: string): number | undefined =>
    (
      db
        .prepare(`SELECT id FROM intake_files WHERE state = 'waiting' AND file_name = ? AND sha256 = ?`)
        .get(fileName, sha256) as { id: number } | undefined
    )?.id,

  record: (db: Db, r: IntakeRecord, replaceId?: number): number => {
    const values = [
      r.cycleId,
      r.fileName,
      r.sha256,
      r.size,
      r.state,
      r.kind,
      r.bankAccountId,
      r.newItems,
      r.knownItems,
      r.sameFile ? 1 : 0,
      r.reason ? JSON.stringify(r.reason) : null,
      r.movedTo,
      r.at,
    ];
    if (replaceId !== undefined) {
      db.prepare(
        `UPDATE intake_files SET cycle_id = ?, file_name = ?, sha256 = ?, size = ?, state = ?, kind = ?,
           bank_account_id = ?, new_items = ?, known_items = ?, same_file = ?, reason_json = ?, moved_to = ?, at = ?
         WHERE id = ?`,
      ).run(...values, replaceId);
      return replaceId;
    }
    return Number(
      db
        .prepare(
          `INSERT INTO intake_files (cycle_id, file_name, sha256, size, state, kind, bank_account_id, new_items,
             known_items, same_file, reason_json, moved_to, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(...values).lastInsertRowid,
    );
  },

  get: (db: Db, id: number): (IntakeFile & { sha256: string }) | undefined => {
    const r = db.prepare('SELECT * FROM intake_files WHERE id = ?').get(id) as Row | undefined;
    return r ? { ...toFile(r), sha256: r.sha256 } : undefined;
  },

  waiting: (db: Db): IntakeFile[] =>
    (db.prepare(`SELECT * FROM intake_files WHERE state = 'waiting' ORDER BY id`).all() as Row[]).map(toFile),

  /** Waiting rows whose file is no longer in the folder (taken by a person): dropped from the list. */
  forget: (db: Db, id: number) =>
    db.prepare(`DELETE FROM intake_files WHERE id = ? AND state = 'waiting'`).run(id),

  recent: (db: Db, limit: number): IntakeFile[] =>
    (
      db
        .prepare(`SELECT * FROM intake_files WHERE state != 'waiting' ORDER BY id DESC LIMIT ?`)
        .all(limit) as Row[]
    ).map(toFile),
};
