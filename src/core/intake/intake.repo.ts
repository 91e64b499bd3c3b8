/** The SQL of the intake folder's record (migration 016, `intake_files`). */
import type { ErrorInfo } from '../../shared/contract';
import type { IntakeFile } from '../../shared/contract/cycle';
import type { Tx } from '../store/store';

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

const all = (tx: Tx) => tx.selectFrom('intake_files').selectAll();

export const intakeRepo = {
  /** The waiting row of this very file (same name and bytes), to update instead of adding one per cycle. */
  waitingOf: async (tx: Tx, fileName: string, sha256: string): Promise<number | undefined> =>
    (
      await tx
        .selectFrom('intake_files')
        .select('id')
        .where('state', '=', 'waiting')
        .where('file_name', '=', fileName)
        .where('sha256', '=', sha256)
        .executeTakeFirst()
    )?.id,

  async record(tx: Tx, r: IntakeRecord, replaceId?: number): Promise<number> {
    const row = {
      cycle_id: r.cycleId,
      file_name: r.fileName,
      sha256: r.sha256,
      size: r.size,
      state: r.state,
      kind: r.kind,
      bank_account_id: r.bankAccountId,
      new_items: r.newItems,
      known_items: r.knownItems,
      same_file: r.sameFile ? 1 : 0,
      reason_json: r.reason ? JSON.stringify(r.reason) : null,
      moved_to: r.movedTo,
      at: r.at,
    };
    if (replaceId !== undefined) {
      await tx.updateTable('intake_files').set(row).where('id', '=', replaceId).execute();
      return replaceId;
    }
    return (await tx.insertInto('intake_files').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  async get(tx: Tx, id: number): Promise<(IntakeFile & { sha256: string }) | undefined> {
    const r = (await all(tx).where('id', '=', id).executeTakeFirst()) as Row | undefined;
    return r ? { ...toFile(r), sha256: r.sha256 } : undefined;
  },

  waiting: async (tx: Tx): Promise<IntakeFile[]> =>
    ((await all(tx).where('state', '=', 'waiting').orderBy('id').execute()) as Row[]).map(toFile),

  /** Waiting rows whose file is no longer in the folder (taken by a person): dropped from the list. */
  forget: async (tx: Tx, id: number): Promise<void> => {
    await tx.deleteFrom('intake_files').where('id', '=', id).where('state', '=', 'waiting').execute();
  },

  recent: async (tx: Tx, limit: number): Promise<IntakeFile[]> =>
    (
      (await all(tx).where('state', '!=', 'waiting').orderBy('id', 'desc').limit(limit).execute()) as Row[]
    ).map(toFile),
};
