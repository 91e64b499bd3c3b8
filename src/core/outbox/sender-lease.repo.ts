/** The SQL of the sender's lease (sender-lease.ts decides when it may be taken). One row, id 1. */
import { sql } from 'kysely';
import type { Tx } from '../store/store';

export interface LeaseHolder {
  owner: string;
  expiresAt: string;
}

export const senderLeaseRepo = {
  current: async (tx: Tx): Promise<LeaseHolder | null> =>
    (await tx
      .selectFrom('outbox_lease')
      .select(['owner', 'expires_at as expiresAt'])
      .where('id', '=', 1)
      .executeTakeFirst()) ?? null,

  /** Writes `owner` as the holder until `expires`; keeps the acquisition time when it already held it. */
  put: async (tx: Tx, owner: string, now: string, expires: string): Promise<void> => {
    await tx
      .insertInto('outbox_lease')
      .values({ id: 1, owner, acquired_at: now, expires_at: expires })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          owner,
          expires_at: expires,
          acquired_at: sql<string>`CASE WHEN outbox_lease.owner = ${owner} THEN outbox_lease.acquired_at ELSE ${now} END`,
        }),
      )
      .execute();
  },

  /** Gives the lease up if `owner` still holds it. */
  release: async (tx: Tx, owner: string): Promise<void> => {
    await tx.deleteFrom('outbox_lease').where('id', '=', 1).where('owner', '=', owner).execute();
  },
};
