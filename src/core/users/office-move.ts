import { existsSync, renameSync } from 'node:fs';
import { AppError } from '../errors';
import {
  autoincrementMarks,
  heldOpenElsewhere,
  sourceTables,
  tableDigests,
  tableRows,
  type SourceTable,
} from '../migrate-server/migrate-server.repo';
import {
  batchSize,
  insertRows,
  pgTableCounts,
  pgTableDigests,
  setIdentity,
} from '../migrate-server/pg-copy.store';
import { serverRunningOn } from '../store/server-running';
import { pgServerName } from '../store/pg-store';
import { officeFile } from './office';
import { officeTx, openOfficeDb, openOfficePgStore, usersRepo } from './users.repo';

/**
 * What moves, parents first: the users (with their password hashes: nobody types a password again), their
 * tokens (hashes: a script's token keeps working) and the office's audit of user changes. Sessions and the
 * failed-login counters are left: they are minutes old by nature, and everyone logs in once more.
 */
const MOVED = ['users', 'api_tokens', 'office_audit'] as const;

export interface OfficeMoved {
  users: number;
  tokens: number;
  auditEntries: number;
  /** The database's server (host:port/database), never its address with the user or password. */
  database: string;
  /** Where office.sqlite was kept, renamed so that nothing reads its users by mistake. */
  keptAs: string;
}

const refuse = (code: string, message: string, params?: Record<string, string | number>) =>
  new AppError('validation', message, { code: `users.${code}`, ...(params ? { params } : {}) });

/**
 * `quita usuarios mover --banco postgres://…` ([W], docs/server.md "The office's users in PostgreSQL"): the users
 * of `<dataDir>/office.sqlite` moved into the office database's `quita_office` schema, as they are. Refused, with
 * nothing written, when there is no office.sqlite, when a `quita server` runs (on the folder: it holds the file
 * open; or on the database: its running mark), or when the database already has users (two offices are never
 * merged). The copy is one transaction, then read back (each table's digest, as migrate-to-server checks a
 * branch); a difference takes the copy out again. Only then is office.sqlite renamed, and the move entered in the
 * office's audit.
 */
export async function moveOfficeToDatabase(
  dataDir: string,
  url: string,
  by: string,
  now: Date = new Date(),
): Promise<OfficeMoved> {
  const database = pgServerName(url);
  if (database === null) throw refuse('bad_database', 'The office database is a postgres://… address.');
  const file = officeFile(dataDir);
  if (!existsSync(file))
    throw refuse('move_no_file', `There is no office.sqlite in ${dataDir}: nothing to move.`, { dataDir });
  if (heldOpenElsewhere(file))
    throw refuse('move_server_running', 'A quita server is running on this folder: stop it first.');

  const store = await openOfficePgStore(url);
  try {
    if (await serverRunningOn(store))
      throw refuse('move_server_running', 'A quita server is running on the office database: stop it first.');
    const already = await store.read((tx) => usersRepo.count(officeTx(tx)));
    if (already > 0)
      throw refuse(
        'move_database_has_users',
        `The office database on ${database} already has ${already} users: nothing was moved.`,
        { database, count: already },
      );

    const db = openOfficeDb(file);
    let tables: SourceTable[];
    let expected: Record<string, string>;
    try {
      const all = sourceTables(db);
      tables = MOVED.map((name) => all.find((t) => t.name === name)!);
      const marks = autoincrementMarks(db);
      expected = tableDigests(db);
      await store.write(async (tx) => {
        for (const t of tables) {
          let batch: unknown[][] = [];
          for (const row of tableRows(db, t)) {
            batch.push(row);
            if (batch.length === batchSize(t)) {
              await insertRows(tx, t, batch);
              batch = [];
            }
          }
          if (batch.length) await insertRows(tx, t, batch);
          await setIdentity(tx, t, marks[t.name] ?? 0);
        }
      });
    } finally {
      db.close();
    }

    // Read back: the same rows, column by column, as migrate-to-server checks a branch it moved.
    const got = await pgTableDigests(store, tables);
    const differs = tables.filter((t) => got[t.name] !== expected[t.name]).map((t) => t.name);
    if (differs.length) {
      await store.write((tx) => usersRepo.removeMoved(officeTx(tx)));
      throw refuse(
        'move_verify_failed',
        `The copy read back differently (${differs.join(', ')}): it was taken out; office.sqlite is unchanged.`,
        { tables: differs.join(', ') },
      );
    }

    const keptAs = freeName(`${file}.levado-para-postgresql`);
    renameSync(file, keptAs);
    const all = await pgTableCounts(store);
    const counts = {
      users: all.users ?? 0,
      tokens: all.api_tokens ?? 0,
      auditEntries: all.office_audit ?? 0,
    };
    await store.write((tx) =>
      usersRepo.appendAudit(officeTx(tx), {
        at: now.toISOString(),
        who: by,
        action: 'office.moved_to_database',
        subject: null,
        after: { ...counts, database, keptAs },
      }),
    );
    return { ...counts, database, keptAs };
  } finally {
    await store.close();
  }
}

/** `base`, or `base-2`, `base-3`… when a file of that name is already there (an earlier move's). */
function freeName(base: string): string {
  if (!existsSync(base)) return base;
  for (let i = 2; ; i++) if (!existsSync(`${base}-${i}`)) return `${base}-${i}`;
}
