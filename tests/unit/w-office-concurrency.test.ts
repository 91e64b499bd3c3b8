/**
 * [W] Issue 34, must-show 2 — five clerks, two office-server processes, the same 500 lines.
 *
 * Five people of the office (3 conferentes, 2 supervisores), each signed in through the login page with their own
 * HTTPS session, work at once on the same 500 credit lines of one statement: clerks 1, 3 and 5 on server process A,
 * 2 and 4 on process B, both `quita server` processes on ONE data folder. Each clerk reads Conciliar's list
 * (`match.lines`, with each match's version), then decides batches of random lines — approve, reject, "a revisar",
 * undo the suggestion, approve again — always sending `seen` with the versions it last read, and reading again after
 * a refusal. A seeded PRNG drives a fixed number of rounds (no clock, no "for a minute"). Then both supervisors press
 * "Marcar como pagos" at the same moment, one on each process, and the outbox is run until it is settled.
 *
 * What must hold: every line has exactly one match in the current plan, in one state, and it is the state the last
 * audited decision about it says (nothing lost, nothing decided twice); every refusal names one of the five and the
 * instant of the audit entry that changed the line after the clerk read it; the sandbox EVO was asked to mark each
 * receivable at most once, and every approved pair exactly once; the audit chain verifies through each process; a
 * conferente's send is refused at the door.
 *
 * Storage: run twice. On SQLite the two processes share the branch's database and office.sqlite (WAL, busy_timeout;
 * each decision one IMMEDIATE transaction; the outbox's cross-process sender lease). On PostgreSQL (with the test
 * cluster, QUITA_TEST_PG_URL) the branch is made at a desk and moved into the office's database with
 * `quita migrate-to-server --banco`, and both processes are started with QUITA_DATABASE_URL: the branch's data and the
 * office's users are read and written there only (row locks, advisory locks: docs/concurrency.md). Everything is
 * reached through the servers' HTTPS doors, except the final look at the current plan (`planRows`), read from the
 * branch's SQLite file or its PostgreSQL schema.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/core/db/open-db';
import { branchSchema, openPgStore } from '../../src/core/store/pg-store';
import { createTestDatabase } from '../../src/core/store/testing-pg';
import { loginOf } from '../../src/core/review/review-conflicts';
import { openOffice } from '../../src/core/users/office';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import { createRng, type Rng } from '../../src/sandbox/prng';
import { MATCH_STATES } from '../../src/shared/contract/matching';
import type { ReviewConflict } from '../../src/shared/contract/review';
import type { Role } from '../../src/shared/roles';
import { ensureRendererBuilt } from '../helpers/host';
import {
  deskBranch,
  moveIntoOfficeDatabase,
  must,
  signIn,
  spawnServer,
  type ClerkSession,
  type MatchRow,
  type ServerProcess,
} from '../helpers/office-server';
import { TEST_TODAY } from '../helpers/sandbox';
import { tempDir } from '../helpers/tmp';
import { outboxOn } from '../../src/core/outbox/testing';

const SEED = 34;
/** The lines every clerk works on. */
const WORKED = 500;
/** Decisions each clerk makes (a fixed number: the test never runs "for a while"). */
const ROUNDS = 100;

/** Clerk n talks to process A when n is odd (1, 3, 5), to B when even (2, 4); one supervisor on each. */
const CLERKS: { login: string; name: string; role: Role; server: 'A' | 'B' }[] = [
  { login: 'sara', name: 'Sara Nunes', role: 'supervisor', server: 'A' },
  { login: 'beto', name: 'Beto Ramos', role: 'supervisor', server: 'B' },
  { login: 'ana', name: 'Ana Souza', role: 'conferente', server: 'A' },
  { login: 'davi', name: 'Davi Lopes', role: 'conferente', server: 'B' },
  { login: 'eva', name: 'Eva Prado', role: 'conferente', server: 'A' },
];
const LOGINS = new Set(CLERKS.map((c) => c.login));
// Made up for this run only; never printed.
const passwordOf = (login: string) => `${login}-senha-do-teste-${SEED}`;

type Action = 'approve' | 'reject' | 'toReview' | 'unmatch';
/** What the state of a line should become for each decision (review.service.ts TARGET). */
const AUDITED: Record<string, string> = {
  'match.approved': 'approved',
  'match.rejected': 'rejected',
  'match.to_review': 'to_review',
  'match.unmatched': 'to_review',
};

type Line = MatchRow;
interface AuditEntry {
  seq: number;
  at: string;
  actor: string;
  action: string;
  subject: string | null;
  after: unknown;
}
interface Summary {
  sent: number;
  confirmed: number;
  needsReview: number;
  waiting: number;
  busy: boolean;
}
type Counts = Record<'queued' | 'sending' | 'sent' | 'unknown' | 'confirmed' | 'needs_review', number>;

let sandbox: RunningSandbox;
let tmp: { dir: string; cleanup: () => void };
let dataDir: string;
let dbFile: string;
let statementId: number;
let worked: number[];
let servers: Record<'A' | 'B', ServerProcess>;
let sessions: Map<string, ClerkSession>;

/** What a clerk has on screen: the list as last read, and the newest audit entry before reading it. */
interface View {
  lines: Map<number, Line>;
  /** Any change the list did not show is audited after this entry. */
  seq: number;
}
async function read(s: ClerkSession): Promise<View> {
  const newest = await must<{ entries: AuditEntry[] }>(s, 'audit.list', { limit: 1 });
  const { rows } = await must<{ rows: Line[] }>(s, 'match.lines', {
    statementId,
    limit: 5000,
    details: false,
  });
  return { lines: new Map(rows.map((r) => [r.lineId, r])), seq: newest.entries[0]?.seq ?? 0 };
}

interface Refusal {
  clerk: string;
  conflict: ReviewConflict;
  /** The newest audit entry before the clerk's read: the change refused against came after it. */
  readSeq: number;
}
interface ClerkTally {
  decisions: number;
  changed: number;
  skipped: number;
  refusals: Refusal[];
}

/** One clerk's morning: read, decide a batch, keep deciding on what it saw, read again after a refusal. */
async function clerk(s: ClerkSession, rng: Rng): Promise<ClerkTally> {
  const tally: ClerkTally = { decisions: 0, changed: 0, skipped: 0, refusals: [] };
  let view = await read(s);
  for (let round = 0; round < ROUNDS; round++) {
    const picked = new Set<number>();
    const size = rng.int(1, 6);
    while (picked.size < size) picked.add(rng.pick(worked));
    const action = rng.weighted<Action>([
      ['approve', 5],
      ['reject', 2],
      ['toReview', 2],
      ['unmatch', 1],
    ]);
    const lines = [...picked].map((id) => view.lines.get(id)!);
    const r = await must<{
      changed: number;
      skipped: { matchId: number }[];
      conflicts: ReviewConflict[];
    }>(s, `review.${action}`, {
      matchIds: lines.map((l) => l.matchId),
      seen: lines.map((l) => ({ matchId: l.matchId, version: l.version, lineId: l.lineId })),
    });
    tally.decisions++;
    tally.changed += r.changed;
    tally.skipped += r.skipped.length;
    for (const conflict of r.conflicts) tally.refusals.push({ clerk: s.login, conflict, readSeq: view.seq });
    if (r.conflicts.length) {
      view = await read(s);
      continue;
    }
    // The clerk's own decisions went through as seen: on its list those lines are one version on (no re-read).
    const untouched = new Set(r.skipped.map((x) => x.matchId));
    for (const l of lines) if (!untouched.has(l.matchId)) l.version++;
  }
  return tally;
}

/** Where the branch is kept: the server folder's SQLite file, or — with a test cluster — the office's PostgreSQL. */
const STORAGES = ['SQLite', ...(process.env.QUITA_TEST_PG_URL ? ['PostgreSQL' as const] : [])] as const;
/** PostgreSQL: the office's database and the branch's schema in it. */
let pgPlace: { url: string; schema: string; drop: () => Promise<void> } | null = null;

describe.each(STORAGES)(
  'five clerks, two office-server processes, the same 500 lines ([W] must-show 2, on %s)',
  (storage) => {
    beforeAll(async () => {
      ensureRendererBuilt();
      // Every payment of the last 30 days still open in the API, so the statement's lines have proposals to decide.
      // 1,800 members leave well over 500 of them on any day (1,500 left 476 pinned to Tiradentes 2027-04-21, when
      // a holiday and Good Friday fall in the 30 days).
      sandbox = await startSandbox({
        seed: SEED,
        today: TEST_TODAY,
        members: 1800,
        unreconciledDays: 30,
        rateLimit: false,
      });
      tmp = tempDir('quita-w5-');
      dataDir = join(tmp.dir, 'data');
      const keyFile = join(tmp.dir, 'keys', 'master.key');

      // The branch, made at the desk before the office server exists: connect, sync, import, match. On PostgreSQL it is
      // made at a desk of its own and moved into the office's database (quita migrate-to-server --banco), as an office
      // would bring it; the server folder then keeps its settings entry and key, the database its data.
      const deskDir = storage === 'SQLite' ? dataDir : join(tmp.dir, 'desk');
      const deskKey = storage === 'SQLite' ? keyFile : join(tmp.dir, 'desk-keys', 'master.key');
      const desk = await deskBranch(sandbox, deskDir, deskKey);
      ({ statementId, dbFile } = desk);
      pgPlace = null;
      worked = desk.rows
        .filter((r) => r.state === 'suggested' && r.receivables.length > 0)
        .map((r) => r.lineId)
        .sort((a, b) => a - b)
        .slice(0, WORKED);
      expect(worked).toHaveLength(WORKED);

      const database = storage === 'PostgreSQL' ? await createTestDatabase() : null;
      // The office's users: in its file (what migrate-to-server looks for in a server folder) and, on PostgreSQL, in the
      // office's database, where the servers read them.
      for (const place of [
        { file: join(dataDir, 'office.sqlite') },
        ...(database ? [{ url: database.url }] : []),
      ]) {
        const office = await openOffice(place);
        try {
          for (const c of CLERKS)
            await office.addUser(
              { login: c.login, name: c.name, role: c.role, password: passwordOf(c.login) },
              'test',
            );
        } finally {
          await office.close();
        }
      }
      if (database) {
        const moved = await moveIntoOfficeDatabase({
          deskDir,
          deskKey,
          serverDir: dataDir,
          serverKey: keyFile,
          url: database.url,
        });
        expect(moved.code, moved.said).toBe(0);
        pgPlace = { url: database.url, schema: branchSchema(basename(dirname(dbFile))), drop: database.drop };
      }

      // Two processes on the one data folder, one after the other: the first makes the certificate, the second reuses it.
      const env = {
        ...process.env,
        QUITA_KEY_FILE: keyFile,
        QUITA_SETTLE_AFTER_MS: '200',
        ...(pgPlace ? { QUITA_DATABASE_URL: pgPlace.url } : {}),
      };
      const a = await spawnServer(dataDir, env);
      const b = await spawnServer(dataDir, env).catch(async (e: unknown) => {
        await a.stop();
        throw e;
      });
      servers = { A: a, B: b };
      const ca = readFileSync(join(dataDir, 'server-tls', 'server-cert.pem'), 'utf8');
      sessions = new Map();
      for (const c of CLERKS)
        sessions.set(c.login, await signIn(servers[c.server], ca, c.login, passwordOf(c.login)));
    }, 180_000);

    afterAll(async () => {
      for (const s of sessions?.values() ?? []) s.close();
      await Promise.all([servers?.A.stop(), servers?.B.stop()]);
      await sandbox?.close();
      await pgPlace?.drop();
      tmp?.cleanup();
    });

    it('one decision per line, refusals naming who got there first, nothing sent twice, the audit chain whole', async () => {
      const s = (login: string) => sessions.get(login)!;
      const requestsBefore = (server: 'A' | 'B') =>
        CLERKS.filter((c) => c.server === server).reduce((n, c) => n + s(c.login).requests(), 0);
      const before = { A: requestsBefore('A'), B: requestsBefore('B') };

      // 1. Five clerks at once.
      const t0 = performance.now();
      const tallies = await Promise.all(CLERKS.map((c, i) => clerk(s(c.login), createRng(SEED, 'clerk', i))));
      const seconds = (performance.now() - t0) / 1000;
      const served = { A: requestsBefore('A') - before.A, B: requestsBefore('B') - before.B };
      const refusals = tallies.flatMap((t) => t.refusals);
      const changed = tallies.reduce((n, t) => n + t.changed, 0);

      // 2. A conferente may not send: refused at the door, before anything is queued.
      const refused = await s('ana').command('send.confirm', { wait: false });
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.error.code).toBe('access.forbidden');
      const untouched = await must<{ counts: Counts }>(s('ana'), 'send.batches', {});
      expect(Object.values(untouched.counts).every((n) => n === 0)).toBe(true);

      // 3. Both supervisors press "Marcar como pagos" at once, one on each process; then the outbox is run until it
      // is settled (each send.run answers once its process's run ended, or at once when the other process sends).
      const confirms = await Promise.all([
        must<{ batchIds: number[]; skipped: number[] }>(s('sara'), 'send.confirm', {
          chunkSize: 25,
          wait: false,
        }),
        must<{ batchIds: number[]; skipped: number[] }>(s('beto'), 'send.confirm', {
          chunkSize: 25,
          wait: false,
        }),
      ]);
      let counts: Counts | undefined;
      let batches: { id: number; receivableIds: number[] }[] = [];
      for (let i = 0; i < 20; i++) {
        const runs = await Promise.all([
          must<Summary>(s('sara'), 'send.run', {}),
          must<Summary>(s('beto'), 'send.run', {}),
        ]);
        ({ counts, batches } = await must<{ counts: Counts; batches: typeof batches }>(
          s('sara'),
          'send.batches',
          { limit: 2000 },
        ));
        if (
          runs.every((r) => r.waiting === 0) &&
          counts.queued + counts.sending + counts.sent + counts.unknown === 0
        )
          break;
      }
      expect(counts).toMatchObject({ queued: 0, sending: 0, sent: 0, unknown: 0, needs_review: 0 });

      // 4. The lines as they stand, and the whole audit log (newest first), read through process B.
      const { rows } = await must<{ rows: Line[] }>(s('beto'), 'match.lines', { statementId, limit: 5000 });
      const audit: AuditEntry[] = [];
      for (let total = Infinity; audit.length < total;) {
        const page = await must<{ entries: AuditEntry[]; total: number }>(s('beto'), 'audit.list', {
          limit: 5000,
          offset: audit.length,
        });
        total = page.total;
        if (!page.entries.length) break;
        audit.push(...page.entries);
      }

      // Every line of the statement has exactly one match in the current plan, in one known state; nothing lost.
      const plan = await planRows();
      expect(plan.lines).toBe(plan.matches);
      expect(plan.linesWithTwo).toBe(0);
      expect(rows).toHaveLength(plan.lines);
      const byLine = new Map(rows.map((r) => [r.lineId, r]));
      const workedRows = worked.map((id) => byLine.get(id));
      expect(workedRows.every((r) => r && (MATCH_STATES as readonly string[]).includes(r.state))).toBe(true);
      expect(new Set(workedRows.map((r) => r!.matchId)).size).toBe(WORKED);
      // ...and the state each worked line is in is the one its last audited decision gave it.
      const lastDecision = new Map<number, AuditEntry>();
      for (const e of audit) {
        const m = /^line:(\d+)$/.exec(e.subject ?? '');
        if (m && e.action in AUDITED && !lastDecision.has(Number(m[1]))) lastDecision.set(Number(m[1]), e);
      }
      let decided = 0;
      for (const id of worked) {
        const last = lastDecision.get(id);
        if (!last) {
          expect(byLine.get(id)!.state, `line ${id}, never decided`).toBe('suggested');
          continue;
        }
        decided++;
        expect(byLine.get(id)!.state, `line ${id}`).toBe(AUDITED[last.action]);
        expect(LOGINS.has(loginOf(last.actor)), last.actor).toBe(true);
      }
      // Each applied decision is one audit entry of one of the five.
      const clerkDecisions = audit.filter((e) => e.action in AUDITED);
      expect(clerkDecisions).toHaveLength(changed);

      // Every refusal names one of the five, and the instant of the audit entry that changed the line after the
      // clerk read it.
      expect(refusals.length).toBeGreaterThan(0);
      for (const r of refusals) {
        expect(LOGINS.has(r.conflict.by), `refusal to ${r.clerk}: by '${r.conflict.by}'`).toBe(true);
        const entry = audit.find(
          (e) => e.subject === `line:${r.conflict.lineId}` && e.at === r.conflict.at && e.seq > r.readSeq,
        );
        expect(entry, `refusal to ${r.clerk} on line ${r.conflict.lineId} at ${r.conflict.at}`).toBeDefined();
        expect(loginOf(entry!.actor)).toBe(r.conflict.by);
        expect(entry!.actor).toBe(`${r.conflict.by} (server)`);
      }

      // Nothing marked twice at the EVO, and every approved pair marked exactly once.
      const marked = new Map<number, number>();
      for (const j of sandbox.markReceivedJournal)
        if (j.outcome === 'applied') for (const id of j.ids) marked.set(id, (marked.get(id) ?? 0) + 1);
      const twice = [...marked].filter(([, n]) => n > 1);
      expect(twice).toEqual([]);
      const approved = rows.filter((r) => r.state === 'approved');
      const approvedIds = approved.flatMap((r) => r.receivables.map((x) => x.id)).sort((x, y) => x - y);
      expect(approved.length).toBeGreaterThan(0);
      expect([...marked.keys()].sort((x, y) => x - y)).toEqual(approvedIds);
      expect(approved.every((r) => r.sendState === 'confirmed')).toBe(true);
      // Both supervisors' presses together queued each approved receivable once, in the batches they answered.
      const queued = confirms.reduce((n, c) => n + c.batchIds.length, 0);
      expect(batches.map((b) => b.id).sort((x, y) => x - y)).toEqual(
        confirms.flatMap((c) => c.batchIds).sort((x, y) => x - y),
      );
      expect(batches.flatMap((b) => b.receivableIds).sort((x, y) => x - y)).toEqual(approvedIds);

      // The audit chain verifies, asked through each process.
      for (const login of ['sara', 'beto']) {
        const v = await must<{ ok: boolean; brokenAt: number | null; reason: string | null }>(
          s(login),
          'audit.verify',
          {},
        );
        expect(v, `audit.verify through ${login}'s process`).toMatchObject({ ok: true, brokenAt: null });
      }

      console.log(
        [
          `[w5] ${CLERKS.length} clerks × ${ROUNDS} decisions on ${WORKED} lines (2 processes, ${storage}):`,
          `  decisions applied: ${changed} (${decided} lines decided at least once; ${tallies.reduce((n, t) => n + t.skipped, 0)} not possible from the line's state)`,
          `  refusals (conflicts): ${refusals.length}, by ${[...new Set(refusals.map((r) => r.conflict.by))].sort().join(', ')}`,
          `  requests: A ${served.A}, B ${served.B} in ${seconds.toFixed(1)} s → A ${(served.A / seconds).toFixed(1)}/s, B ${(served.B / seconds).toFixed(1)}/s`,
          `  sent: ${approvedIds.length} receivables of ${approved.length} approved lines, in ${queued} batches (${confirms.map((c) => c.batchIds.length).join(' + ')} by the two presses, ${confirms.map((c) => c.skipped.length).join(' + ')} skipped as already queued); mark-received requests: ${sandbox.markReceivedJournal.length}`,
        ].join('\n'),
      );
    }, 240_000);
  },
);

describe('two supervisors pressing "Marcar como pagos" at the same moment on one branch database', () => {
  /**
   * Found by the test above (one run in three): the second press failed with "database is locked" instead of
   * waiting its turn. Made certain here: the other process's press is made to land between the first one's check
   * of what is already queued and its first insert (the first read of the actor's name comes right there).
   */
  it('the second waits for the first (its queuing is one IMMEDIATE transaction) and then skips what is queued', async () => {
    const t = tempDir('quita-w5-queue-');
    const first = openDb(join(t.dir, 'quita.db'));
    const second = openDb(join(t.dir, 'quita.db'));
    try {
      // The other process, asked not to wait: did it get in between?
      second.pragma('busy_timeout = 0');
      const pair = (receivableId: number) => ({
        receivableId,
        bankAccountId: 1,
        amountCents: 100 * receivableId,
      });
      const beto = { actor: 'beto (server)', profileId: 'p1' };
      let between: 'committed' | 'kept out' | undefined;
      const sara = {
        profileId: 'p1',
        get actor() {
          if (between === undefined) {
            // Read inside the first press's transaction, between its check and its inserts: could the other
            // process start a write of its own right now?
            try {
              second.exec('BEGIN IMMEDIATE');
              second.exec('ROLLBACK');
              between = 'committed';
            } catch (e) {
              if (!/locked|busy/i.test(String(e))) throw e;
              between = 'kept out';
            }
          }
          return 'sara (server)';
        },
      };
      const r = await outboxOn(first).enqueuePairs([pair(1), pair(2)], sara);
      expect(between).toBe('kept out');
      expect(r).toMatchObject({ batchIds: [1], skipped: [] });
      // Beto's press, once Sara's is committed: what she queued is skipped, never queued twice.
      second.pragma('busy_timeout = 5000');
      expect(await outboxOn(second).enqueuePairs([pair(1), pair(2), pair(3)], beto)).toMatchObject({
        batchIds: [2],
        skipped: [1, 2],
      });
    } finally {
      first.close();
      second.close();
      t.cleanup();
    }
  });
});

/** The current plan, looked at in the branch's database: its lines and matches, and lines with more than one match. */
async function planRows(): Promise<{ lines: number; matches: number; linesWithTwo: number }> {
  if (pgPlace) {
    // The same three counts, from the branch's schema in the office's PostgreSQL.
    const store = openPgStore(pgPlace.url, { schema: pgPlace.schema });
    try {
      return await store.read(async (tx) => {
        const plan = await tx
          .selectFrom('match_plans')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('statement_id', '=', statementId)
          .executeTakeFirstOrThrow();
        const count = async (q: Promise<{ n: unknown } | undefined>) => Number((await q)?.n ?? 0);
        const lines = await count(
          tx
            .selectFrom('statement_lines')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('statement_id', '=', statementId)
            .where('kind', '=', 'credit')
            .executeTakeFirst(),
        );
        const matches = await count(
          tx
            .selectFrom('matches')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('plan_id', '=', Number(plan.id))
            .executeTakeFirst(),
        );
        const linesWithTwo = await count(
          tx
            .selectFrom(
              tx
                .selectFrom('matches')
                .select('line_id')
                .where('plan_id', '=', Number(plan.id))
                .groupBy('line_id')
                .having((eb) => eb.fn.countAll(), '>', 1)
                .as('t'),
            )
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        );
        return { lines, matches, linesWithTwo };
      });
    } finally {
      await store.close();
    }
  }
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const plan = db
      .prepare('SELECT max(id) FROM match_plans WHERE statement_id = ?')
      .pluck()
      .get(statementId) as number;
    const lines = db
      .prepare(`SELECT count(*) FROM statement_lines WHERE statement_id = ? AND kind = 'credit'`)
      .pluck()
      .get(statementId) as number;
    const matches = db.prepare('SELECT count(*) FROM matches WHERE plan_id = ?').pluck().get(plan) as number;
    const linesWithTwo = db
      .prepare(
        'SELECT count(*) FROM (SELECT line_id FROM matches WHERE plan_id = ? GROUP BY line_id HAVING count(*) > 1)',
      )
      .pluck()
      .get(plan) as number;
    return { lines, matches, linesWithTwo };
  } finally {
    db.close();
  }
}
