/**
 * The audit anchor (audit-anchor.ts) over the Store, on SQLite and PostgreSQL alike: the same anchor, the same
 * sealed copy in the database (table audit_anchor_copies, created on first use as audit-anchor.repo.ts does), the
 * same rules (audit-anchor.ts's own functions). Used by `quita migrate-to-server` into PostgreSQL; the app's own
 * anchor still runs on the synchronous repo until the audit writes move to the Store (docs/postgres.md).
 *
 * One difference: the secret store's read-change-write is synchronous and the Store is not, so the log's head is
 * read before the anchor's lock rather than under it. A process anchoring a later head in between cannot be moved
 * back: the anchor only moves forward here.
 */
import { sql } from 'kysely';
import { isAppError } from '../errors';
import type { SecretStore } from '../secrets/secret-store';
import { dialectOf, lockAdvisory, type Store, type Tx } from '../store/store';
import {
  anchorId,
  anchorStoreName,
  compareAnchors,
  generationAbove,
  parseAnchor,
  readAnchor,
  type AnchorCheck,
  type AuditAnchor,
} from './audit-anchor';
import type { AnchorCopyRow } from './audit-anchor.repo';
import type { AuditVerification } from './audit-verify';
import { verifyAudit } from './audit.store';

/** The copies' table, as audit-anchor.repo.ts creates it on SQLite (bigint on PostgreSQL). */
export async function ensureAnchorCopies(tx: Tx): Promise<void> {
  const integer = dialectOf(tx) === 'postgres' ? sql.raw('bigint') : sql.raw('INTEGER');
  await sql`create table if not exists audit_anchor_copies (
    store text primary key, generation ${integer} not null, sealed text not null)`.execute(tx);
}

async function copiesExist(tx: Tx): Promise<boolean> {
  const found =
    dialectOf(tx) === 'postgres'
      ? await sql<{ e: boolean }>`select to_regclass('audit_anchor_copies') is not null as e`.execute(tx)
      : await sql<{ e: number }>`select count(*) as e from sqlite_master
          where type = 'table' and name = 'audit_anchor_copies'`.execute(tx);
  return Boolean(found.rows[0]?.e);
}

async function readCopyRow(tx: Tx, store: string): Promise<AnchorCopyRow | null> {
  if (!(await copiesExist(tx))) return null;
  const r = await sql<AnchorCopyRow>`select generation, sealed from audit_anchor_copies
    where store = ${store}`.execute(tx);
  return r.rows[0] ?? null;
}

/** The log's newest entry (seq and hash), or undefined for an empty log. */
export const auditHeadIn = (tx: Tx) =>
  tx.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();

/** The database's copy for this secret store: null when none, 'forged' when not sealed by its key. */
async function readCopy(tx: Tx, secrets: SecretStore, profileId: string) {
  const row = await readCopyRow(tx, anchorStoreName(secrets));
  if (!row) return null;
  return parseAnchor(secrets.open(anchorId(profileId), row.sealed)) ?? ('forged' as const);
}

/** audit-anchor.ts's anchorProblem, over a transaction. */
async function anchorProblemIn(tx: Tx, a: Pick<AuditAnchor, 'count' | 'head'>): Promise<string | null> {
  const last = (await auditHeadIn(tx))?.seq ?? 0;
  if (last < a.count)
    return `the log ends at entry ${last}, but entry ${a.count} was written (entries were removed from the end)`;
  if (a.count === 0) return null;
  const at = await tx.selectFrom('audit_log').select('hash').where('seq', '=', a.count).executeTakeFirst();
  if (at?.hash !== a.head)
    return `entry ${a.count} is not the one anchored (the log was rewritten and re-hashed)`;
  return null;
}

async function writeCopy(store: Store, secrets: SecretStore, profileId: string, a: AuditAnchor) {
  const sealed = secrets.seal(anchorId(profileId), JSON.stringify(a));
  const name = anchorStoreName(secrets);
  await store.write(async (tx) => {
    await ensureAnchorCopies(tx);
    await lockAdvisory(tx, 'audit:anchor_copies');
    const current = await readCopyRow(tx, name);
    const there = current ? parseAnchor(secrets.open(anchorId(profileId), current.sealed)) : null;
    if (there && there.generation >= a.generation) return;
    await sql`insert into audit_anchor_copies (store, generation, sealed) values (${name}, ${a.generation}, ${sealed})
      on conflict (store) do update set generation = excluded.generation, sealed = excluded.sealed`.execute(
      tx,
    );
  });
}

/**
 * Start the anchor again at the log's head, one generation above everything seen, in the secret store and in the
 * database's copy (audit-anchor.ts's restartAnchor). Returns the anchor it replaced.
 */
export async function restartAnchorIn(
  store: Store,
  secrets: SecretStore,
  profileId: string,
  now = new Date(),
): Promise<AuditAnchor | null> {
  const seen = await store.read(async (tx) => ({
    head: await auditHeadIn(tx),
    copy: await readCopy(tx, secrets, profileId),
  }));
  const out: { before: AuditAnchor | null; next: AuditAnchor | null } = { before: null, next: null };
  secrets.update(anchorId(profileId), (raw) => {
    out.before = parseAnchor(raw);
    out.next = {
      generation: generationAbove(out.before, seen.copy),
      count: seen.head?.seq ?? 0,
      head: seen.head?.hash ?? '',
      at: now.toISOString(),
    };
    return JSON.stringify(out.next);
  });
  if (out.next) await writeCopy(store, secrets, profileId, out.next);
  return out.before;
}

/**
 * Move the anchor to the log's head, only forward and only while it is whole (audit-anchor.ts's refreshAnchor):
 * after a tampering the old anchor stays, as the evidence.
 */
export async function refreshAnchorIn(
  store: Store,
  secrets: SecretStore,
  profileId: string,
  now = new Date(),
): Promise<AuditAnchor | null> {
  const seen = await store.read(async (tx) => {
    const copy = await readCopy(tx, secrets, profileId);
    const check = compareAnchors(readAnchor(secrets, profileId), copy);
    const problem = check.problem ?? (check.anchor ? await anchorProblemIn(tx, check.anchor) : null) ?? null;
    return { head: await auditHeadIn(tx), copy, problem };
  });
  const out: { anchor: AuditAnchor | null; moved: boolean } = { anchor: null, moved: false };
  secrets.update(anchorId(profileId), (raw) => {
    const kept = parseAnchor(raw);
    out.anchor = kept;
    const h = seen.head;
    if (!h || seen.problem) return undefined;
    // Not backwards: another process may have anchored a later head since it was read.
    if (kept && kept.count >= h.seq) return undefined;
    out.anchor = {
      generation: generationAbove(kept, seen.copy),
      count: h.seq,
      head: h.hash,
      at: now.toISOString(),
    };
    out.moved = true;
    return JSON.stringify(out.anchor);
  });
  if (out.moved && out.anchor) await writeCopy(store, secrets, profileId, out.anchor);
  return out.anchor;
}

/**
 * Where the anchor stands for this secret store (audit-anchor.ts's anchorCheck, the same words): an anchor that
 * cannot be opened is a problem of the anchor, not an error of the command.
 */
export async function anchorCheckIn(tx: Tx, secrets: SecretStore, profileId: string): Promise<AnchorCheck> {
  let kept: AuditAnchor | null;
  try {
    kept = readAnchor(secrets, profileId);
  } catch (e) {
    if (!isAppError(e) || e.code === 'secrets.scheme_mismatch' || e.code === 'secrets.unavailable') throw e;
    return {
      anchor: null,
      problem: 'the anchor kept outside the database cannot be opened (it was damaged or replaced)',
    };
  }
  return compareAnchors(kept, await readCopy(tx, secrets, profileId));
}

/**
 * audit-verify.ts's verifyAudit(db, anchorCheck(…)) over a transaction, with the same fields and words (what
 * Auditoria's "Verificar" shows): the chain from the start, then the anchor whole and the anchored entry unchanged.
 */
export async function auditVerification(
  tx: Tx,
  secrets: SecretStore,
  profileId: string,
): Promise<AuditVerification> {
  const check = await anchorCheckIn(tx, secrets, profileId);
  const chain = await verifyAudit(tx);
  const anchor = check.anchor ?? null;
  if (!chain.ok) return { ...chain, anchor };
  const reasons = [check.problem ?? null, anchor ? await anchorProblemIn(tx, anchor) : null].filter(
    (r): r is string => r !== null,
  );
  return reasons.length
    ? {
        ok: false,
        entries: chain.entries,
        brokenAt: anchor ? Math.min(anchor.count, chain.entries + 1) : null,
        reason: reasons.join('; '),
        anchor,
      }
    : { ...chain, anchor };
}

/**
 * The log verified against its anchor, as audit-verify.ts's verifyAudit(db, anchorCheck(…)) does it: the chain
 * whole, the anchor whole, and the anchored entry still in the log, unchanged.
 */
export async function verifyAnchored(
  tx: Tx,
  secrets: SecretStore,
  profileId: string,
): Promise<{ ok: boolean; entries: number; reason: string | null }> {
  const chain = await verifyAudit(tx);
  if (!chain.ok) return { ok: false, entries: chain.entries, reason: chain.reason };
  const check = await anchorCheckIn(tx, secrets, profileId);
  const reasons = [check.problem, check.anchor ? await anchorProblemIn(tx, check.anchor) : null].filter(
    (r): r is string => r !== null,
  );
  return {
    ok: reasons.length === 0,
    entries: chain.entries,
    reason: reasons.length ? reasons.join('; ') : null,
  };
}
