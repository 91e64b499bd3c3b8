/**
 * [W] What one office-server process holds with five clerks (issue 34, "Measure: requests per second the server
 * holds with 5 clerks"). A branch is made at the desk (sandbox API, sync, a 30-day CSV statement, matching), five
 * users are added, then ONE `quita server` process (as the IT runs it) serves five clerks signed in over HTTPS, all
 * at once:
 * - reads: each clerk reads Conciliar's list of the statement (`match.lines`, details off) ROUNDS times;
 * - decisions: each clerk marks a line "a revisar" and back (`review.toReview` / `review.approve` with `seen`), on
 *   lines of its own, ROUNDS times (writes: each one SQLite transaction with its audit entry);
 * - mixed: both at once (one read per decision), as a morning looks.
 * Printed: requests, wall seconds and requests per second of each phase, and the median and 95th percentile of one
 * request's time. Numbers, not assertions: `npm run bench -- server` (or `tsx bench/server/server.bench.ts`).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase } from '../../src/core/store/testing-pg';
import { openOffice } from '../../src/core/users/office';
import { startSandbox } from '../../src/sandbox';
import { ensureRendererBuilt } from '../../tests/helpers/host';
import {
  deskBranch,
  moveIntoOfficeDatabase,
  must,
  signIn,
  spawnServer,
  type ClerkSession,
} from '../../tests/helpers/office-server';
import { TEST_TODAY } from '../../tests/helpers/sandbox';
import { tempDir } from '../../tests/helpers/tmp';

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const CLERKS = ['ana', 'beto', 'caio', 'davi', 'eva'];
const password = (login: string) => `${login}-senha-do-bench`;

interface Line {
  matchId: number;
  version: number;
  state: string;
  receivables: unknown[];
}

/**
 * One sitting per storage: the branch in the server folder's SQLite file, then (when a PostgreSQL is given, as
 * `npm run bench -- server` does) the same branch moved into the office's PostgreSQL with migrate-to-server --banco,
 * the users there too, and the server started with QUITA_DATABASE_URL.
 */
async function main(storage: 'SQLite' | 'PostgreSQL') {
  ensureRendererBuilt();
  console.log(`\n[${storage}]`);
  const sandbox = await startSandbox({
    seed: 34,
    today: TEST_TODAY,
    members: 1500,
    unreconciledDays: 30,
    rateLimit: false,
  });
  const tmp = tempDir('quita-bench-server-');
  const dataDir = join(tmp.dir, 'data');
  const keyFile = join(tmp.dir, 'keys', 'master.key');
  const pg = storage === 'PostgreSQL' ? await createTestDatabase() : null;
  const deskDir = pg ? join(tmp.dir, 'desk') : dataDir;
  const deskKey = pg ? join(tmp.dir, 'desk-keys', 'master.key') : keyFile;
  const { statementId } = await deskBranch(sandbox, deskDir, deskKey);
  mkdirSync(dataDir, { recursive: true });
  const office = await openOffice(pg ? { url: pg.url } : { file: join(dataDir, 'office.sqlite') });
  for (const login of CLERKS)
    await office.addUser({ login, name: login, role: 'conferente', password: password(login) }, 'bench');
  await office.close();
  if (pg) {
    const moved = await moveIntoOfficeDatabase({
      deskDir,
      deskKey,
      serverDir: dataDir,
      serverKey: keyFile,
      url: pg.url,
    });
    if (moved.code !== 0) throw new Error(`migrate-to-server failed: ${moved.said}`);
  }

  const server = await spawnServer(dataDir, {
    ...process.env,
    QUITA_KEY_FILE: keyFile,
    ...(pg ? { QUITA_DATABASE_URL: pg.url } : {}),
  });
  try {
    const ca = readFileSync(join(dataDir, 'server-tls', 'server-cert.pem'), 'utf8');
    const clerks: ClerkSession[] = [];
    for (const login of CLERKS) clerks.push(await signIn(server, ca, login, password(login)));
    const list = async (s: ClerkSession) =>
      (await must<{ rows: Line[] }>(s, 'match.lines', { statementId, limit: 5000, details: false })).rows;
    const rows = (await list(clerks[0]!)).filter((r) => r.state === 'suggested' && r.receivables.length > 0);
    console.log(
      `statement: ${rows.length} lines with a proposal; ${ROUNDS} rounds per clerk, 5 clerks, one process`,
    );
    // Each clerk its own lines: the decisions measure the writes, not the refusals.
    const own = CLERKS.map((_, k) => rows.filter((_, i) => i % CLERKS.length === k));

    const times: number[] = [];
    const timed = async <T>(p: () => Promise<T>) => {
      const t0 = performance.now();
      const r = await p();
      times.push(performance.now() - t0);
      return r;
    };
    const decide = async (s: ClerkSession, line: Line) => {
      const to = await timed(() =>
        must<{ changed: number }>(s, 'review.toReview', {
          matchIds: [line.matchId],
          seen: [{ matchId: line.matchId, version: line.version }],
        }),
      );
      if (to.changed !== 1) throw new Error(`not decided: line ${line.matchId}`);
      line.version += 1;
      await timed(() =>
        must(s, 'review.approve', {
          matchIds: [line.matchId],
          seen: [{ matchId: line.matchId, version: line.version }],
        }),
      );
      line.version += 1;
    };
    const phase = async (name: string, work: (s: ClerkSession, k: number) => Promise<number>) => {
      times.length = 0;
      const t0 = performance.now();
      const counts = await Promise.all(clerks.map((s, k) => work(s, k)));
      const secs = (performance.now() - t0) / 1000;
      const n = counts.reduce((a, b) => a + b, 0);
      const sorted = [...times].sort((a, b) => a - b);
      const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1);
      console.log(
        `${name.padEnd(10)} ${String(n).padStart(6)} requests in ${secs.toFixed(1).padStart(5)} s → ` +
          `${(n / secs).toFixed(0).padStart(4)} req/s; one request: median ${q(0.5)} ms, p95 ${q(0.95)} ms`,
      );
    };
    await phase('reads', async (s) => {
      for (let i = 0; i < ROUNDS; i++) await timed(() => list(s));
      return ROUNDS;
    });
    await phase('decisions', async (s, k) => {
      for (let i = 0; i < ROUNDS; i++) await decide(s, own[k]![i % own[k]!.length]!);
      return ROUNDS * 2;
    });
    await phase('mixed', async (s, k) => {
      for (let i = 0; i < ROUNDS; i++) {
        await timed(() => list(s));
        await decide(s, own[k]![i % own[k]!.length]!);
      }
      return ROUNDS * 3;
    });
    for (const s of clerks) s.close();
  } finally {
    await server.stop();
    await sandbox.close();
    await pg?.drop();
    tmp.cleanup();
  }
}

await main('SQLite');
if (process.env.QUITA_TEST_PG_URL) await main('PostgreSQL');
else
  console.log(
    '\n(PostgreSQL: not run — no QUITA_TEST_PG_URL; `npm run bench -- server` starts a throwaway one)',
  );
