import type { Db } from '../db/open-db';
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
  all: (db: Db) => db.prepare('SELECT * FROM bank_feeds ORDER BY id').all() as FeedRow[],
  enabled: (db: Db) =>
    db.prepare('SELECT * FROM bank_feeds WHERE enabled = 1 ORDER BY id').all() as FeedRow[],
  get: (db: Db, id: number) =>
    db.prepare('SELECT * FROM bank_feeds WHERE id = ?').get(id) as FeedRow | undefined,

  insert(db: Db, f: NewFeed, now: string): number {
    return Number(
      db
        .prepare(
          `INSERT INTO bank_feeds (kind, label, bank_account_id, preset, token_url, base_url, client_id, scope, ca_pem,
             certificate_json, enabled, start_date, created_at, updated_at)
           VALUES (@kind, @label, @bank_account_id, @preset, @token_url, @base_url, @client_id, @scope, @ca_pem,
             @certificate_json, @enabled, @start_date, @now, @now)`,
        )
        .run({ ...f, now }).lastInsertRowid,
    );
  },

  update(db: Db, id: number, f: NewFeed, now: string): void {
    db.prepare(
      `UPDATE bank_feeds SET kind = @kind, label = @label, bank_account_id = @bank_account_id, preset = @preset,
         token_url = @token_url, base_url = @base_url, client_id = @client_id, scope = @scope, ca_pem = @ca_pem,
         certificate_json = @certificate_json, enabled = @enabled, start_date = @start_date, updated_at = @now
       WHERE id = @id`,
    ).run({ ...f, id, now });
  },

  remove: (db: Db, id: number) => db.prepare('DELETE FROM bank_feeds WHERE id = ?').run(id).changes === 1,

  markRead: (db: Db, id: number, readThrough: string, refundsChecked: string | null) =>
    db
      .prepare(
        'UPDATE bank_feeds SET read_through = ?, refunds_checked = COALESCE(?, refunds_checked) WHERE id = ?',
      )
      .run(readThrough, refundsChecked, id),

  startRun: (db: Db, r: { feedId: number; trigger: string; at: string; from: string; to: string }) =>
    Number(
      db
        .prepare(
          'INSERT INTO bank_feed_runs (feed_id, trigger, started_at, from_at, to_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(r.feedId, r.trigger, r.at, r.from, r.to).lastInsertRowid,
    ),

  finishRun: (
    db: Db,
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
  ) =>
    db
      .prepare(
        `UPDATE bank_feed_runs SET finished_at = ?, fetched = ?, added = ?, known = ?, rejected = ?, requests = ?,
           error_json = ? WHERE id = ?`,
      )
      .run(
        r.at,
        r.fetched,
        r.added,
        r.known,
        r.rejected,
        r.requests,
        r.error ? JSON.stringify(r.error) : null,
        id,
      ),

  lastRun: (db: Db, feedId: number) =>
    db.prepare('SELECT * FROM bank_feed_runs WHERE feed_id = ? ORDER BY id DESC LIMIT 1').get(feedId) as
      FeedRunRow | undefined,

  bankAccountExists: (db: Db, id: number) =>
    db.prepare('SELECT 1 FROM bank_accounts WHERE id = ?').pluck().get(id) !== undefined,

  /** The feed's statement of one day (one per feed and Brasília day), by its synthetic sha256. */
  statementBySha: (db: Db, bankAccountId: number, sha: string) =>
    db
      .prepare('SELECT id FROM statements WHERE bank_account_id = ? AND sha256 = ?')
      .pluck()
      .get(bankAccountId, sha) as number | undefined,

  /** Count lines a run added to its day's statement (a feed's statement grows over the day's runs). */
  addToStatement: (db: Db, id: number, k: { credit: number; debit: number }, known: number) =>
    db
      .prepare(
        `UPDATE statements SET line_count = line_count + ?, credit_count = credit_count + ?,
           debit_count = debit_count + ?, inserted_count = inserted_count + ?, known_count = known_count + ?
         WHERE id = ?`,
      )
      .run(k.credit + k.debit, k.credit, k.debit, k.credit + k.debit, known, id),

  linesInStatement: (db: Db, id: number) =>
    db.prepare('SELECT COUNT(*) FROM statement_lines WHERE statement_id = ?').pluck().get(id) as number,
};
