/** The SQL of the sender's lease (sender-lease.ts decides when it may be taken). One row, id 1. */
import type { Db } from '../db/open-db';

export interface LeaseHolder {
  owner: string;
  expiresAt: string;
}

export const senderLeaseRepo = {
  current: (db: Db): LeaseHolder | null =>
    (db.prepare('SELECT owner, expires_at AS expiresAt FROM outbox_lease WHERE id = 1').get() as
      LeaseHolder | undefined) ?? null,

  /** Writes `owner` as the holder until `expires`; keeps the acquisition time when it already held it. */
  put: (db: Db, owner: string, now: string, expires: string) =>
    db
      .prepare(
        `INSERT INTO outbox_lease (id, owner, acquired_at, expires_at) VALUES (1, @owner, @now, @expires)
         ON CONFLICT (id) DO UPDATE SET owner = @owner, expires_at = @expires,
           acquired_at = CASE WHEN outbox_lease.owner = @owner THEN outbox_lease.acquired_at ELSE @now END`,
      )
      .run({ owner, now, expires }),

  /** Gives the lease up if `owner` still holds it. */
  release: (db: Db, owner: string) =>
    db.prepare('DELETE FROM outbox_lease WHERE id = 1 AND owner = ?').run(owner),
};
