import { createHash } from 'node:crypto';
import type { Db } from '../db/open-db';

export interface AuditInput {
  actor: string;
  profileId: string;
  action: string;
  subject?: string | null;
  before?: unknown;
  after?: unknown;
  /** Defaults to now; tests pass a fixed time. */
  at?: string;
}

export interface AuditEntry {
  seq: number;
  at: string;
  actor: string;
  profileId: string;
  action: string;
  subject: string | null;
  before: unknown;
  after: unknown;
  hash: string;
}

/** The previous hash of the first entry. */
export const GENESIS = '0'.repeat(64);

/** JSON with sorted keys, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
    .join(',')}}`;
}

/** A stored row of `audit_log` (column names). */
export interface AuditRow {
  seq: number;
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

/** The hash of a row: SHA-256 of the previous hash and the row's canonical content (public, as any chain's). */
export function hashOf(r: Omit<AuditRow, 'hash'>): string {
  const body = canonicalJson([
    r.seq,
    r.at,
    r.actor,
    r.profile_id,
    r.action,
    r.subject,
    r.before_json,
    r.after_json,
  ]);
  return createHash('sha256').update(r.prev_hash).update('\n').update(body).digest('hex');
}

/**
 * Append one entry. Call it inside the same better-sqlite3 transaction as the change it records, so the
 * change and its audit entry are written together or not at all. Called outside one, it takes its own IMMEDIATE
 * transaction: reading the head and writing after it must be one step, or two processes appending at once (the
 * desktop app and a `quita` run) both take the same number and one of them fails.
 */
export function appendAudit(db: Db, e: AuditInput): AuditEntry {
  if (!db.inTransaction) return db.transaction(() => appendAudit(db, e)).immediate();
  const last = db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as
    { seq: number; hash: string } | undefined;
  const stored = nextRow(last, e);
  db.prepare(
    `INSERT INTO audit_log (seq, at, actor, profile_id, action, subject, before_json, after_json, prev_hash, hash)
     VALUES (@seq, @at, @actor, @profile_id, @action, @subject, @before_json, @after_json, @prev_hash, @hash)`,
  ).run(stored);
  return toEntry(stored);
}

/**
 * The row that follows `last` (the head; undefined for the first entry): the next number, the canonical JSON of
 * before/after, the link to the head and the hash over it all. Every writer of the chain makes its rows here.
 */
export function nextRow(last: { seq: number; hash: string } | undefined, e: AuditInput): AuditRow {
  const row: Omit<AuditRow, 'hash'> = {
    seq: (last?.seq ?? 0) + 1,
    at: e.at ?? new Date().toISOString(),
    actor: e.actor,
    profile_id: e.profileId,
    action: e.action,
    subject: e.subject ?? null,
    before_json: e.before === undefined ? null : canonicalJson(e.before),
    after_json: e.after === undefined ? null : canonicalJson(e.after),
    prev_hash: last?.hash ?? GENESIS,
  };
  return { ...row, hash: hashOf(row) };
}

export function toEntry(r: AuditRow): AuditEntry {
  return {
    seq: r.seq,
    at: r.at,
    actor: r.actor,
    profileId: r.profile_id,
    action: r.action,
    subject: r.subject,
    before: r.before_json === null ? null : (JSON.parse(r.before_json) as unknown),
    after: r.after_json === null ? null : (JSON.parse(r.after_json) as unknown),
    hash: r.hash,
  };
}

/** Every stored row, oldest first, one at a time (the log may be long): what a verification walks. */
export function auditRowsInOrder(db: Db): IterableIterator<AuditRow> {
  return db.prepare('SELECT * FROM audit_log ORDER BY seq').iterate() as IterableIterator<AuditRow>;
}

export interface AuditQuery {
  from?: string | undefined;
  to?: string | undefined;
  action?: string | undefined;
  limit?: number;
  offset?: number;
}

export function queryAudit(db: Db, q: AuditQuery = {}): { entries: AuditEntry[]; total: number } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (q.from) {
    where.push('at >= ?');
    params.push(q.from);
  }
  if (q.to) {
    where.push('at < ?');
    params.push(q.to);
  }
  if (q.action) {
    where.push('action LIKE ?');
    params.push(`${q.action}%`);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = db
    .prepare(`SELECT count(*) FROM audit_log ${clause}`)
    .pluck()
    .get(...params) as number;
  const rows = db
    .prepare(`SELECT * FROM audit_log ${clause} ORDER BY seq DESC LIMIT ? OFFSET ?`)
    .all(...params, q.limit ?? 500, q.offset ?? 0) as AuditRow[];
  return { entries: rows.map(toEntry), total };
}

/** The newest entry of the log (its number and hash), if any: what an anchor is moved to. */
export function auditHead(db: Db): { seq: number; hash: string } | undefined {
  return db.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as
    { seq: number; hash: string } | undefined;
}

/** The hash of entry `seq`, if the log holds it. */
export function auditHashAt(db: Db, seq: number): string | undefined {
  return db.prepare('SELECT hash FROM audit_log WHERE seq = ?').pluck().get(seq) as string | undefined;
}
