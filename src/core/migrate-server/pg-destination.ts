import {
  ensureAnchorCopies,
  refreshAnchorIn,
  restartAnchorIn,
  verifyAnchored,
} from '../audit/audit-anchor.store';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { appendAudit } from '../audit/audit.store';
import { inOfficeDatabaseFile } from '../db/profile-dbs';
import { OFFICE_PG_SCHEMA } from '../users/users.repo';
import type { Db } from '../db/open-db';
import { applyPgSchema } from '../store/pg-schema';
import { branchSchema, openPgStore, pgServerName } from '../store/pg-store';
import { serverRunningOn } from '../store/server-running';
import { lockAdvisory, type Store } from '../store/store';
import { AppError } from '../errors';
import { serverFolder, type MigrationDestination, type SqliteFolderOptions } from './destination';
import {
  autoincrementMarks,
  inSnapshot,
  sourceTables,
  tableRows,
  type SourceTable,
} from './migrate-server.repo';
import {
  batchSize,
  createBranchSchema,
  dropBranchSchema,
  insertRows,
  pgTableCounts,
  pgTableDigests,
  officeInDatabase,
  probeBranchSchema,
  receivedAudit,
  schemaHasData,
  setIdentity,
} from './pg-copy.store';

export interface PgDestinationOptions extends SqliteFolderOptions {
  /** The office's database, `postgres://…` (QUITA_DATABASE_URL); it may hold a password, never printed. */
  url: string;
}

// Where an office's PostgreSQL is, for people to read (in the Store's module: users/office.ts names it too).
export { pgServerName } from '../store/pg-store';

/** A failure to reach the server or to log in, as opposed to a failure of a statement. */
function connectionFailure(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') return /^E[A-Z]+$/.test(code) || /^(08|28|3D)/.test(code) || code === '57P03';
  return e instanceof Error && /connect|timeout|terminated/i.test(e.message);
}

/** Parents before children, so every foreign key finds its row (ids are kept). */
export function foreignKeyOrder(tables: SourceTable[]): SourceTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const out: SourceTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: SourceTable) => {
    if (state.get(t.name) === 'done') return;
    if (state.get(t.name) === 'visiting')
      throw new Error(`The foreign keys of ${t.name} form a cycle: no order copies them.`);
    state.set(t.name, 'visiting');
    for (const p of t.parents) {
      const parent = byName.get(p);
      if (parent) visit(parent);
    }
    state.set(t.name, 'done');
    out.push(t);
  };
  for (const t of tables) visit(t);
  return out;
}

/**
 * The office server on PostgreSQL: the branch's data in its own schema of the office's database (branchSchema,
 * one URL and one pg_dump for the whole office), its settings entry, key and anchor in the server's data folder
 * as for the SQLite destination. The copy is one PostgreSQL transaction over one read snapshot of the desk's file:
 * the schema (applyPgSchema, in the branch's schema through the connection's search_path), then every table in
 * foreign-key order with its ids, in multi-row INSERTs, then each identity sequence set past the highest id.
 */
export function pgDestination(o: PgDestinationOptions): MigrationDestination {
  const folder = serverFolder(o);
  const server = pgServerName(o.url);
  let opened: { schema: string; store: Store } | null = null;
  // Whether this run made the branch's schema or filled it: only then does undoing drop it. A second run for the
  // same branch at the same moment finds the first one's rows (below) and must not drop them.
  let ours = false;
  const storeFor = (schema: string): Store => {
    if (opened?.schema !== schema)
      opened = { schema, store: openPgStore(o.url, { schema, max: 2, connectTimeoutMs: 15_000 }) };
    return opened.store;
  };
  const place = (schema: string) => ({ kind: 'postgres' as const, server: server ?? '', schema });

  return {
    location: o.dir,
    secrets: folder.secrets,
    async refusal(profileId) {
      if (!server) return { reason: 'database_url' };
      // The office's users may live in this same database (quita_office) instead of the folder's office.sqlite.
      let inFolder;
      try {
        inFolder = await folder.refusal(profileId, {
          officeElsewhere: () => officeInDatabase(storeFor(branchSchema(profileId)), OFFICE_PG_SCHEMA),
        });
      } catch (e) {
        if (connectionFailure(e)) return { reason: 'database_unreachable', params: { server } };
        throw e;
      }
      if (inFolder) return inFolder;
      const schema = branchSchema(profileId);
      let probe;
      try {
        // A server on this database (wherever its folder is) would serve the branch while it is being copied.
        if (await serverRunningOn(storeFor(schema)))
          return { reason: 'server_running_database', params: { server } };
        probe = await probeBranchSchema(storeFor(schema), schema);
      } catch (e) {
        if (connectionFailure(e)) return { reason: 'database_unreachable', params: { server } };
        throw e;
      }
      if (probe.hasData) return { reason: 'schema_exists', params: { server, schema } };
      if (!probe.canCreate) return { reason: 'database_rights', params: { server, schema } };
      return null;
    },

    async receiveDatabase(source: Db, profileId) {
      const schema = branchSchema(profileId);
      const store = storeFor(schema);
      ours = await createBranchSchema(store, schema);
      await applyPgSchema(store);
      const tables = await inSnapshot(source, async () => {
        const found = sourceTables(source);
        const marks = autoincrementMarks(source);
        await store.write(async (tx) => {
          // Another run copying the same branch now: one at a time, and the second finds the first one's rows.
          await lockAdvisory(tx, `migrate:${schema}`);
          if (await schemaHasData(tx, schema)) {
            ours = false; // the rows are the other run's: undoing here must leave them
            throw new AppError('conflict', `The schema ${schema} holds data already.`, {
              code: 'migrate.schema_exists',
              params: { server: server ?? '', schema, profile: profileId, path: o.dir },
            });
          }
          // Not one of the migrations' tables (audit-anchor.repo.ts makes it on first use): made here the same way.
          if (found.some((t) => t.name === 'audit_anchor_copies')) await ensureAnchorCopies(tx);
          for (const t of foreignKeyOrder(found)) {
            const size = batchSize(t);
            let batch: unknown[][] = [];
            for (const row of tableRows(source, t)) {
              batch.push(row);
              if (batch.length === size) {
                await insertRows(tx, t, batch);
                batch = [];
              }
            }
            if (batch.length) await insertRows(tx, t, batch);
            await setIdentity(tx, t, marks[t.name] ?? 0);
          }
        });
        ours = true; // committed: from here on, undoing drops what this run wrote
        return found;
      });
      const secrets = folder.secrets;
      return {
        place: place(schema),
        counts: () => pgTableCounts(store),
        digests: () => pgTableDigests(store, tables),
        audit: () => receivedAudit(store),
        restartAnchor: async (now) => {
          await restartAnchorIn(store, secrets, profileId, now);
        },
        anchored: () => store.read((tx) => verifyAnchored(tx, secrets, profileId)),
        record: async (entry, now) => {
          await store.write(async (tx) => {
            await appendAudit(tx, entry);
          });
          await refreshAnchorIn(store, secrets, profileId, now);
        },
        close: () => Promise.resolve(),
      };
    },

    receiveProfile(profile, key) {
      folder.receiveProfile(profile, key);
      // The folder says where the branch's data went, so that nothing but a server on that database opens it there.
      const marker = inOfficeDatabaseFile(o.dir, profile.id);
      mkdirSync(dirname(marker), { recursive: true });
      writeFileSync(
        marker,
        `${JSON.stringify({ server: server ?? '', schema: branchSchema(profile.id) })}\n`,
      );
    },

    async remove(profileId) {
      const schema = branchSchema(profileId);
      try {
        if (ours) await dropBranchSchema(storeFor(schema), schema);
        ours = false;
      } finally {
        folder.removeProfile(profileId);
        // The branch's folder held only the note (the refusals made sure it did not exist before): gone with it, so
        // the move can be tried again.
        rmSync(dirname(inOfficeDatabaseFile(o.dir, profileId)), { recursive: true, force: true });
      }
    },

    async close() {
      const s = opened;
      opened = null;
      await s?.store.close();
    },
  };
}
