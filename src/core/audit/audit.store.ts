/**
 * The audit log over the Store (issue 34): the first domain that runs on SQLite and PostgreSQL alike. The chain is
 * today's, byte for byte: the same canonical JSON and hash (audit.repo.ts's own functions, imported), the same
 * numbering from 1, the same links. Every audit entry of the app is appended here (ctx.audit included); what still
 * reads audit.repo.ts synchronously is listed in docs/postgres.md.
 */
import { sql } from 'kysely';
import { dialectOf, lockAdvisory, type Tx } from '../store/store';
import { chainWalk, type ChainVerification } from './audit-verify';
import {
  nextRow,
  toEntry,
  type AuditEntry,
  type AuditInput,
  type AuditQuery,
  type AuditRow,
} from './audit.repo';

/**
 * The advisory lock of the chain. audit_log has no branch column: the whole table is one chain (one per branch's
 * database or schema), so one key covers it; lockAdvisory takes it within the schema, so two branches of one office
 * database never wait for each other's chain.
 */
export const AUDIT_LOCK = 'audit:audit_log';

/**
 * Append one entry inside the caller's write transaction, so the change it records and the entry are committed
 * together or not at all. Reading the head and inserting after it is one step under the chain's lock: two
 * PostgreSQL sessions appending at once would otherwise both link to the same head (a fork) or take the same
 * number. On SQLite the write transaction already excludes every other writer.
 */
export async function appendAudit(tx: Tx, e: AuditInput): Promise<AuditEntry> {
  await lockAdvisory(tx, AUDIT_LOCK);
  const last = await tx
    .selectFrom('audit_log')
    .select(['seq', 'hash'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const stored = nextRow(last, e);
  await tx.insertInto('audit_log').values(stored).execute();
  return toEntry(stored);
}

/**
 * Entries newest first, filtered as audit.repo.ts's queryAudit filters them (from inclusive, to exclusive, an
 * action prefix matched without regard to ASCII case, as SQLite's LIKE does), with the total before paging. The
 * prefix is matched literally (`%` and `_` included).
 */
export async function listAudit(
  tx: Tx,
  q: AuditQuery = {},
): Promise<{ entries: AuditEntry[]; total: number }> {
  const like = dialectOf(tx) === 'postgres' ? sql`ilike` : sql`like`;
  const prefix = q.action ? `${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  let base = tx.selectFrom('audit_log');
  if (q.from) base = base.where('at', '>=', q.from);
  if (q.to) base = base.where('at', '<', q.to);
  if (prefix) base = base.where(sql<boolean>`action ${like} ${prefix} escape '\\'`);
  const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('seq', 'desc')
    .limit(q.limit ?? 500)
    .offset(q.offset ?? 0)
    .execute();
  return { entries: rows.map(toEntry), total: Number(counted.n) };
}

/**
 * The stored rows written in [fromUtc, toUtc) whose action starts with `actionPrefix` (each bound optional; the
 * prefix matched literally and without regard to ASCII case, as listAudit does), oldest first: the audit-log export.
 */
export async function auditRowsBetween(
  tx: Tx,
  q: { fromUtc?: string | undefined; toUtc?: string | undefined; actionPrefix?: string | undefined },
): Promise<AuditRow[]> {
  const like = dialectOf(tx) === 'postgres' ? sql`ilike` : sql`like`;
  let query = tx.selectFrom('audit_log').selectAll();
  if (q.fromUtc) query = query.where('at', '>=', q.fromUtc);
  if (q.toUtc) query = query.where('at', '<', q.toUtc);
  if (q.actionPrefix) {
    const prefix = `${q.actionPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`action ${like} ${prefix} escape '\\'`);
  }
  return query.orderBy('seq').execute();
}

/** When the newest entry was written, if any: what the screen says the verification reached. */
export async function auditLastAt(tx: Tx): Promise<string | null> {
  const r = await tx.selectFrom('audit_log').select('at').orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return r?.at ?? null;
}

/**
 * What the branch's database calls the subject `kind:id` (a file's name, a member's, a rule's pattern), if it still
 * holds it; null otherwise, and for kinds it cannot name (audit-subject.ts).
 */
export async function subjectNameIn(tx: Tx, kind: string, id: string): Promise<string | null> {
  if (!/^\d+$/.test(id)) return null;
  const n = Number(id);
  if (!Number.isSafeInteger(n)) return null;
  const one = async (q: Promise<{ v: string | null } | undefined>) => {
    const v = (await q)?.v;
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  };
  switch (kind) {
    case 'statement':
      return one(tx.selectFrom('statements').select('file_name as v').where('id', '=', n).executeTakeFirst());
    case 'return_file':
      return one(
        tx.selectFrom('return_files').select('file_name as v').where('id', '=', n).executeTakeFirst(),
      );
    case 'acquirer_file':
      return one(
        tx.selectFrom('acquirer_files').select('file_name as v').where('id', '=', n).executeTakeFirst(),
      );
    case 'feed':
      return one(tx.selectFrom('bank_feeds').select('label as v').where('id', '=', n).executeTakeFirst());
    case 'aside_rule':
      return one(tx.selectFrom('aside_rules').select('pattern as v').where('id', '=', n).executeTakeFirst());
    case 'member':
      return one(
        tx
          .selectFrom('debtors')
          .select('name as v')
          .where('member_id', '=', n)
          .where('name', 'is not', null)
          .where(sql<boolean>`trim(name) <> ''`)
          .orderBy('row_id')
          .limit(1)
          .executeTakeFirst(),
      );
    case 'line':
      return one(
        tx.selectFrom('statement_lines').select('description as v').where('id', '=', n).executeTakeFirst(),
      );
    // [V] A branch by the office's name; an account's branch by the account's description.
    case 'branch':
      return one(tx.selectFrom('branches').select('name as v').where('id', '=', n).executeTakeFirst());
    case 'account_branch':
      return one(
        tx.selectFrom('bank_accounts').select('description as v').where('id', '=', n).executeTakeFirst(),
      );
    default:
      return null;
  }
}

export type { ChainVerification } from './audit-verify';

/** Rows read per query while verifying: the log may be long, and the walk never holds all of it. */
const PAGE = 1000;

/**
 * Walk the chain from the start with audit-verify.ts's own rule (chainWalk: the same rules and the same words, so
 * both say the same of the same log): every link and every hash must match, with no gap in the numbering. The
 * anchor kept outside the database (audit-anchor.ts) is checked by the caller, as now.
 */
export async function verifyAudit(tx: Tx): Promise<ChainVerification> {
  const walk = chainWalk();
  let after = 0;
  for (;;) {
    const page = await tx
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(PAGE)
      .execute();
    for (const r of page) {
      const broken = walk.step(r);
      if (broken) return broken;
      after = r.seq;
    }
    if (page.length < PAGE) return walk.end();
  }
}
