import type { Generated } from 'kysely';

/**
 * The tables the Store's typed queries know, by column (Kysely's database interface). A table joins when its
 * domain is converted (docs/postgres.md has the order), so a renamed column fails the typecheck on both
 * databases. Column types are as both databases return them: integers as `number` (the PostgreSQL store parses
 * bigint into a safe integer, pg-store.ts), text as `string`.
 */
export interface Schema {
  audit_log: AuditLogTable;
}

export interface AuditLogTable {
  /** Given by the writer (the chain's next number), never by the database. */
  seq: Generated<number>;
  at: string;
  actor: string;
  profile_id: string;
  action: string;
  subject: string | null;
  before_json: string | null;
  after_json: string | null;
  prev_hash: string;
  hash: string;
}
