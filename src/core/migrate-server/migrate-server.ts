import { existsSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { anchorCheck, refreshAnchor } from '../audit/audit-anchor';
import { auditHead } from '../audit/audit.repo';
import { appendAudit } from '../audit/audit.store';
import { verifyAudit, type AuditVerification } from '../audit/audit-verify';
import { storedKey } from '../connection/api-access';
import { openedProblem } from '../db/db-health';
import { openDb, type Db } from '../db/open-db';
import { profileDbPath } from '../db/profile-dbs';
import { AppError, isAppError } from '../errors';
import { defaultKeyFile } from '../paths';
import { fileSecretStore } from '../secrets/file-secret-store';
import { openConfStore } from '../settings/conf-store';
import { createSettingsService } from '../settings/settings.service';
import {
  copyDemoState,
  sqliteFolderDestination,
  type AuditSide,
  type DataPlace,
  type MigrationDestination,
  type ReceivedDatabase,
} from './destination';
import { tableCounts, tableDigests } from './migrate-server.repo';
import { pgDestination } from './pg-destination';
import { storeOfDb } from '../store/sqlite-store';

export type { AuditSide, DataPlace } from './destination';

export interface MigrateOptions {
  /** The desk's data folder (the source). */
  sourceDir: string;
  /** The office server's data folder (the destination). */
  destDir: string;
  /** The branch to move; default: the source's active one. */
  profileId?: string | undefined;
  /** The destination's key file; default: QUITA_KEY_FILE or ~/.quita/master.key, as `quita server` finds it. */
  destKeyFile?: string | undefined;
  env: NodeJS.ProcessEnv;
  now?: () => Date;
  /**
   * The office's PostgreSQL database (`postgres://…`): the branch's data goes into its own schema there, the rest
   * into destDir. Without it, the data goes into destDir as a SQLite file.
   */
  databaseUrl?: string | undefined;
  /** The server's storage; default: as databaseUrl says. */
  destination?: MigrationDestination;
}

export type MigrationDifference =
  | { kind: 'table'; table: string; source: number | null; destination: number | null }
  /** Same count, other rows: a value changed, or rows traded places, on the way. */
  | { kind: 'rows'; table: string }
  | { kind: 'audit'; source: AuditSide; destination: AuditSide }
  | { kind: 'anchor'; reason: string }
  /** The desk wrote while the copy was made (its app open and working): counts before and after differ. */
  | { kind: 'source_changed'; table: string; before: number | null; after: number | null }
  /** The desk changed rows of a table while the copy was made, without changing its count. */
  | { kind: 'source_rows_changed'; table: string };

export interface MigrationResult {
  ok: boolean;
  profileId: string;
  profileName: string;
  from: string;
  to: string;
  /** Where the branch's data now is: the SQLite file, or the PostgreSQL server and schema. */
  database: DataPlace | null;
  tables: { table: string; source: number; destination: number | null }[];
  audit: { source: AuditSide; destination: AuditSide | null; anchorOk: boolean };
  /** Whether the branch's EVO key was found in the source's secret store and sealed again in the destination's. */
  keyMoved: boolean;
  differences: MigrationDifference[];
}

/** A refusal before anything was written to the destination; `code` is `migrate.<reason>`, params for the words. */
const refuse = (reason: string, message: string, params: Record<string, string | number> = {}) =>
  new AppError(reason === 'source_no_profile' ? 'not_found' : 'conflict', message, {
    code: `migrate.${reason}`,
    params,
  });

const side = (v: AuditVerification, db: Db): AuditSide => ({
  ok: v.ok,
  entries: v.entries,
  head: auditHead(db)?.hash ?? null,
});

function actor(): string {
  try {
    return `${userInfo().username} (cli)`;
  } catch {
    return `${process.env.USER ?? process.env.USERNAME ?? 'unknown'} (cli)`;
  }
}

/**
 * `quita migrate-to-server`: one branch of a desk's data folder moved into the office server's storage, whole and
 * verified, or not at all.
 *
 * 1. Refusals first, before anything is written: the destination (missing, not a server's folder, the branch
 *    already there, the server running on it), then the source (damaged, or its audit log not verifying against
 *    the source's own anchor: a log changed behind the app is never carried over as if it were whole).
 * 2. The copy: the database — into the server's folder with SQLite's VACUUM INTO (backups.ts: a consistent copy
 *    while the desk's app may be open), or into the branch's schema of the office's PostgreSQL database from one
 *    read snapshot (pg-destination.ts) — the settings entry under the same id, the EVO key read through the
 *    source's secret store and set through the destination's (in memory only, never printed or written in clear).
 * 3. The anchor on the destination starts again (restartAnchor), at the copied log's head — not refreshAnchor:
 *    the destination's secret store never anchored this log, and the copy carries the source store's sealed anchor
 *    copy, which the destination's key either cannot open ("forged") or sees without its kept half ("missing"), so
 *    refreshAnchor would refuse to move and the log would never verify there. Restarting is safe here for the same
 *    reason as after a restore: the head it anchors is the one just verified equal to the source's, whose chain and
 *    anchor verified before the copy.
 * 4. Verification: every table's row count and rows (a digest per table, table-digest.ts) equal on both sides,
 *    and unchanged at the source across the copy; the audit chain equal (ok, entries, head hash), and the
 *    destination verifying against its new anchor. Any difference: everything received is removed and the result
 *    says what differed (ok: false).
 * 5. On success, an entry in each log: "profile.migrated" in the destination's, "profile.moved_to_server" in the
 *    source's (whose copy stays as it was and goes on working on the desk).
 */
export async function migrateToServer(o: MigrateOptions): Promise<MigrationResult> {
  const passphrase = o.env.QUITA_PASSPHRASE || undefined;
  const folder = { dir: o.destDir, keyFile: o.destKeyFile ?? defaultKeyFile(o.env), passphrase };
  const destination: MigrationDestination =
    o.destination ??
    (o.databaseUrl ? pgDestination({ ...folder, url: o.databaseUrl }) : sqliteFolderDestination(folder));
  try {
    return await migrateInto(destination, o, passphrase);
  } finally {
    await destination.close();
  }
}

/** Count or digest differences, table by table: [table, source, destination] where they are not equal. */
const unequal = <T>(a: Record<string, T>, b: Record<string, T>) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .sort()
    .filter((t) => a[t] !== b[t])
    .map((t) => [t, a[t] ?? null, b[t] ?? null] as [string, T | null, T | null]);

async function migrateInto(
  destination: MigrationDestination,
  o: MigrateOptions,
  passphrase: string | undefined,
): Promise<MigrationResult> {
  const now = o.now ?? (() => new Date());
  const sourceSettings = createSettingsService(openConfStore(o.sourceDir));
  const profileId = o.profileId ?? sourceSettings.get().activeProfileId;
  const profile = profileId ? sourceSettings.profile(profileId) : undefined;
  if (!profileId || !profile || !existsSync(profileDbPath(o.sourceDir, profileId)))
    throw refuse('source_no_profile', `There is no branch ${profileId ?? ''} with data in ${o.sourceDir}.`, {
      profile: profileId ?? '',
      path: o.sourceDir,
    });

  const refusal = await destination.refusal(profileId);
  if (refusal)
    throw refuse(
      refusal.reason,
      `The destination ${o.destDir} does not take the branch ${profileId}: ${refusal.reason}.`,
      { path: o.destDir, profile: profileId, ...refusal.params },
    );

  const sourceSecrets = fileSecretStore({
    file: `${o.sourceDir}/secrets.local.json`,
    keyFile: defaultKeyFile(o.env),
    passphrase,
  });
  const damagedSource = (reason: string) =>
    refuse('source_damaged', `The branch's database is damaged (${reason}); nothing was copied.`, { reason });
  let source: Db;
  try {
    source = openDb(profileDbPath(o.sourceDir, profileId), { profileId });
  } catch (e) {
    // openDb refuses a damaged file itself (db-health.ts); here that is the move's refusal, worded as the others.
    if (isAppError(e) && e.code === 'db.damaged')
      throw damagedSource(typeof e.params?.reason === 'string' ? e.params.reason : e.message);
    throw e;
  }
  let received: ReceivedDatabase | null = null;
  // Set once the destination may hold anything of this branch: only then is a failure undone there (a refusal
  // before it leaves the destination exactly as it was, the branch already there included).
  let started = false;
  let demoState: string | null = null;
  const undo = async () => {
    started = false;
    const r = received;
    received = null;
    await r?.close();
    try {
      await destination.remove(profileId);
    } finally {
      if (demoState) rmSync(demoState, { force: true });
    }
  };
  try {
    const damage = openedProblem(source);
    if (damage) throw damagedSource(damage);
    const before = verifyAudit(source, anchorCheck(source, sourceSecrets, profileId));
    if (!before.ok)
      throw refuse(
        'source_audit_broken',
        `The branch's audit log does not verify (${before.reason ?? 'broken'}); nothing was copied.`,
        { reason: before.reason ?? '', brokenAt: before.brokenAt ?? 0 },
      );
    const sourceAudit = side(before, source);
    const countsBefore = tableCounts(source);
    const digestsBefore = tableDigests(source);
    // Read before anything is written, so a key that cannot be opened stops the move while nothing was made.
    const key = storedKey(sourceSecrets, profile);

    started = true;
    received = await destination.receiveDatabase(source, profileId);
    const countsAfter = tableCounts(source);
    const digestsAfter = tableDigests(source);
    destination.receiveProfile(profile, key);
    if (profile.demo) demoState = copyDemoState(o.sourceDir, o.destDir);

    const countsThere = await received.counts();
    const digestsThere = await received.digests();
    const destAudit = await received.audit();
    await received.restartAnchor(now());
    const anchoredThere = await received.anchored();

    const countsMoved = new Set(unequal(countsBefore, countsAfter).map(([t]) => t));
    const countsDiffer = new Set(unequal(countsBefore, countsThere).map(([t]) => t));
    const differences: MigrationDifference[] = [
      ...unequal(countsBefore, countsAfter).map(([table, b, a]) => ({
        kind: 'source_changed' as const,
        table,
        before: b,
        after: a,
      })),
      // Rows changed at the desk under an unchanged count: the copy may hold either version.
      ...unequal(digestsBefore, digestsAfter)
        .filter(([t]) => !countsMoved.has(t))
        .map(([table]) => ({ kind: 'source_rows_changed' as const, table })),
      ...unequal(countsBefore, countsThere).map(([table, s, d]) => ({
        kind: 'table' as const,
        table,
        source: s,
        destination: d,
      })),
      // The same number of rows, but not the same rows: named apart from a count that differs.
      ...unequal(digestsBefore, digestsThere)
        .filter(([t]) => !countsDiffer.has(t))
        .map(([table]) => ({ kind: 'rows' as const, table })),
    ];
    if (
      sourceAudit.ok !== destAudit.ok ||
      sourceAudit.entries !== destAudit.entries ||
      sourceAudit.head !== destAudit.head
    )
      differences.push({ kind: 'audit', source: sourceAudit, destination: destAudit });
    if (!anchoredThere.ok) differences.push({ kind: 'anchor', reason: anchoredThere.reason ?? '' });

    const result: MigrationResult = {
      ok: differences.length === 0,
      profileId,
      profileName: profile.name,
      from: o.sourceDir,
      to: destination.location,
      database: received.place,
      tables: Object.entries(countsBefore).map(([table, n]) => ({
        table,
        source: n,
        destination: countsThere[table] ?? null,
      })),
      audit: { source: sourceAudit, destination: destAudit, anchorOk: anchoredThere.ok },
      keyMoved: key !== null,
      differences,
    };
    if (!result.ok) {
      await undo();
      return { ...result, database: null };
    }

    const counts = Object.fromEntries(result.tables.map((t) => [t.table, t.source]));
    const who = actor();
    await received.record(
      {
        actor: who,
        profileId,
        action: 'profile.migrated',
        subject: `profile:${profileId}`,
        after: { from: o.sourceDir, entries: sourceAudit.entries, head: sourceAudit.head, counts },
      },
      now(),
    );
    started = false; // moved and verified: from here on, nothing undoes it
    await storeOfDb(source).write((tx) =>
      appendAudit(tx, {
        actor: who,
        profileId,
        action: 'profile.moved_to_server',
        subject: `profile:${profileId}`,
        after: {
          to: destination.location,
          entries: sourceAudit.entries,
          head: sourceAudit.head,
          stays: true,
        },
      }),
    );
    refreshAnchor(source, sourceSecrets, profileId, now());
    return result;
  } catch (e) {
    if (started) await undo();
    throw e;
  } finally {
    await received?.close();
    source.close();
  }
}
