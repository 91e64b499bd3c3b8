import type { Tx } from '../store/store';
import type { ErrorInfo } from '../../shared/contract/envelope';

export interface FeedRow {
  id: number;
  kind: 'pix-api';
  label: string;
  bank_account_id: number;
  preset: string | null;
  token_url: string;
  base_url: string;
  client_id: string;
  scope: string;
  ca_pem: string | null;
  certificate_json: string | null;
  enabled: number;
  start_date: string;
  read_through: string | null;
  refunds_checked: string | null;
  created_at: string;
  updated_at: string;
}

export interface FeedRunRow {
  id: number;
  feed_id: number;
  trigger: string;
  started_at: string;
  finished_at: string | null;
  from_at: string;
  to_at: string;
  fetched: number;
  added: number;
  known: number;
  rejected: number;
  requests: number;
  error_json: string | null;
}

export type NewFeed = Omit<FeedRow, 'id' | 'read_through' | 'refunds_checked' | 'created_at' | 'updated_at'>;

/** The only SQL of the bank feeds (bank_feeds, bank_feed_runs, and the feeds' own statements). */
export const feedsRepo = {
  all: (tx: Tx): Promise<FeedRow[]> =>
    tx.selectFrom('bank_feeds').selectAll().orderBy('id').execute() as Promise<FeedRow[]>,
  enabled: (tx: Tx): Promise<FeedRow[]> =>
    tx.selectFrom('bank_feeds').selectAll().where('enabled', '=', 1).orderBy('id').execute() as Promise<
      FeedRow[]
    >,
  get: (tx: Tx, id: number): Promise<FeedRow | undefined> =>
    tx.selectFrom('bank_feeds').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
      FeedRow | undefined
    >,

  async insert(tx: Tx, f: NewFeed, now: string): Promise<number> {
    const { id } = await tx
      .insertInto('bank_feeds')
      .values({ ...f, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async update(tx: Tx, id: number, f: NewFeed, now: string): Promise<void> {
    await tx
      .updateTable('bank_feeds')
      .set({ ...f, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  remove: async (tx: Tx, id: number): Promise<boolean> =>
    Number((await tx.deleteFrom('bank_feeds').where('id', '=', id).executeTakeFirst()).numDeletedRows) === 1,

  markRead: async (tx: Tx, id: number, readThrough: string, refundsChecked: string | null): Promise<void> => {
    await tx
      .updateTable('bank_feeds')
      .set((eb) => ({
        read_through: readThrough,
        refunds_checked: eb.fn.coalesce(eb.val(refundsChecked), 'refunds_checked'),
      }))
      .where('id', '=', id)
      .execute();
  },

  startRun: async (
    tx: Tx,
    r: { feedId: number; trigger: string; at: string; from: string; to: string },
  ): Promise<number> =>
    (
      await tx
        .insertInto('bank_feed_runs')
        .values({ feed_id: r.feedId, trigger: r.trigger, started_at: r.at, from_at: r.from, to_at: r.to })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  finishRun: async (
    tx: Tx,
    id: number,
    r: {
      at: string;
      fetched: number;
      added: number;
      known: number;
      rejected: number;
      requests: number;
      error: ErrorInfo | null;
    },
  ): Promise<void> => {
    await tx
      .updateTable('bank_feed_runs')
      .set({
        finished_at: r.at,
        fetched: r.fetched,
        added: r.added,
        known: r.known,
        rejected: r.rejected,
        requests: r.requests,
        error_json: r.error ? JSON.stringify(r.error) : null,
      })
      .where('id', '=', id)
      .execute();
  },

  lastRun: (tx: Tx, feedId: number): Promise<FeedRunRow | undefined> =>
    tx
      .selectFrom('bank_feed_runs')
      .selectAll()
      .where('feed_id', '=', feedId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  bankAccountExists: async (tx: Tx, id: number): Promise<boolean> =>
    (await tx.selectFrom('bank_accounts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,

  /** The feed's statement of one day (one per feed and Brasília day), by its synthetic sha256. */
  statementBySha: async (tx: Tx, bankAccountId: number, sha: string): Promise<number | undefined> =>
    (
      await tx
        .selectFrom('statements')
        .select('id')
        .where('bank_account_id', '=', bankAccountId)
        .where('sha256', '=', sha)
        .executeTakeFirst()
    )?.id,

  /** Count lines a run added to its day's statement (a feed's statement grows over the day's runs). */
  addToStatement: async (
    tx: Tx,
    id: number,
    k: { credit: number; debit: number },
    known: number,
  ): Promise<void> => {
    await tx
      .updateTable('statements')
      .set((eb) => ({
        line_count: eb('line_count', '+', k.credit + k.debit),
        credit_count: eb('credit_count', '+', k.credit),
        debit_count: eb('debit_count', '+', k.debit),
        inserted_count: eb('inserted_count', '+', k.credit + k.debit),
        known_count: eb('known_count', '+', known),
      }))
      .where('id', '=', id)
      .execute();
  },

  linesInStatement: async (tx: Tx, id: number): Promise<number> =>
    Number(
      (
        await tx
          .selectFrom('statement_lines')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('statement_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    ),
};
