/**
 * One commit's side of `npm run bench:compare` ([X] item 5). compare.ts copies this file into a worktree of the
 * commit under test and runs it there, so every phase below runs that commit's own code: it stores the shared
 * data set (receivables as a sync stores them, one statement of credit lines) and times, on a SQLite file,
 * - load: the receivables and lines as the engine reads them (the repo's own queries), CPU time;
 * - end to end: `runMatching` (load + normalise + match + persist), CPU time;
 * - match + persist: the difference;
 * and it prints one JSON line (and, given a third argument, writes the CPU profile of the timed runs there): the medians, every run, the peak RSS growth, and a digest of the result (each
 * line's zone and receivables), so two commits can be told to agree or not.
 * Only module paths and functions that exist since 2295b34 are used; the statement row is written from the
 * table's own columns, so older schemas take it too.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bankAccountSchema, receivableSchema } from '../../src/core/api/schemas';
import { replaceBankAccounts } from '../../src/core/cache/bank-accounts.repo';
import { upsertReceivables } from '../../src/core/cache/receivables.repo';
import { openDb } from '../../src/core/db/open-db';
import { matchingRepo } from '../../src/core/matching/matching.repo';
import { runMatching } from '../../src/core/matching/matching.service';
import { storeStatement } from '../shared/store-statement';

interface DataSet {
  today: string;
  primaryAccountId: number;
  bankAccounts: unknown[];
  receivables: unknown[];
  lines: { date: string; amountCents: number; description: string; payerText: string | null }[];
}

const [dataFile, runsArg, profileFile, phase, dbArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 5);

/**
 * Three processes: this one stores the data set (reading a large JSON file and writing the cache costs memory
 * of its own), then starts itself on the stored file twice: once for one run alone, whose high-water mark
 * (maxRSS) less the RSS once the file is open is the peak memory of one matching, as a clerk's import makes it;
 * then for the timed runs (a warm-up and `runs` more, one after another: their peak also holds the garbage of
 * the runs before, so it says as much about when V8 collects as about what a run needs).
 */
if (phase !== 'run' && phase !== 'once') {
  const dir = mkdtempSync(join(tmpdir(), 'quita-compare-'));
  try {
    const cacheWrite = await timeCacheWrites(dir);
    await store(join(dir, 'branch.db'));
    const child = (which: 'once' | 'run') => {
      const r = spawnSync(
        process.execPath,
        [
          ...process.execArgv,
          process.argv[1]!,
          dataFile!,
          String(runs),
          which === 'run' ? (profileFile ?? '') : '',
          which,
          join(dir, 'branch.db'),
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 },
      );
      if (r.status !== 0) throw new Error(`probe ${which} exited with ${r.status}`);
      return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    };
    const once = child('once');
    const run = child('run') as { phases: Record<string, number> };
    run.phases = { ...run.phases, cacheWrite };
    process.stdout.write(`${JSON.stringify({ ...run, ...once })}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else if (phase === 'once') {
  await oneRun(dbArg!);
} else {
  await timeRuns(dbArg!);
}

/** One matching in a fresh process: its peak memory over the RSS once the file is open. */
async function oneRun(file: string): Promise<void> {
  const db = openDb(file);
  const { statementId, at } = JSON.parse(
    (db.prepare('SELECT json FROM compare_probe').get() as { json: string }).json,
  ) as Stored;
  const rssOpen = process.memoryUsage().rss;
  await (await matchingOf(db)).run(statementId, () => new Date(at));
  db.close();
  const peak = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(`${JSON.stringify({ onePeakGrowthMb: (peak - rssOpen) / 2 ** 20 })}\n`);
}

/** What the runs need besides the file: the statement's id and dates, and the data set's day. */
interface Stored {
  statementId: number;
  from: string;
  to: string;
  at: string;
}

/**
 * Matching as the commit under test runs it: until [W] moved matching onto the Store (store.ts has `eachRow` since),
 * on the handle, synchronously; since then, through the Store over that handle.
 */
async function matchingOf(db: ReturnType<typeof openDb>) {
  const storeMod = (await import('../../src/core/store/store').catch(() => null)) as object | null;
  if (storeMod && 'eachRow' in storeMod) {
    const { storeOfDb } = await import('../../src/core/store/sqlite-store');
    const store = storeOfDb(db);
    return {
      run: (statementId: number, now: () => Date) => runMatching(store, { statementId }, { now }),
      load: (from: string, to: string, statementId: number) =>
        store.read(async (tx) => {
          await matchingRepo.receivables(tx, from, to);
          await matchingRepo.creditLines(tx, statementId);
        }),
    };
  }
  const old = matchingRepo as unknown as {
    receivables(d: typeof db, from: string, to: string): unknown;
    creditLines(d: typeof db, id: number): unknown;
  };
  return {
    run: async (statementId: number, now: () => Date) =>
      (runMatching as (...a: unknown[]) => unknown)(db, { statementId }, { now }),
    load: async (from: string, to: string, statementId: number) => {
      old.receivables(db, from, to);
      old.creditLines(db, statementId);
    },
  };
}

/**
 * The cache's writes as the commit under test makes them: until [W] moved the cache onto the Store, its repos took
 * the handle; since then, a transaction of the Store over that handle (`storeOfDb`).
 */
async function cacheWrite(db: ReturnType<typeof openDb>, write: (target: never) => unknown): Promise<void> {
  const mod = (await import('../../src/core/store/sqlite-store').catch(() => null)) as {
    storeOfDb?: (d: typeof db) => { write(fn: (tx: never) => Promise<unknown>): Promise<unknown> };
  } | null;
  if (mod?.storeOfDb) await mod.storeOfDb(db).write(async (tx) => write(tx));
  else await write(db as never);
}

/**
 * The cache's write of the data set's receivables (one transaction, as a first sync's pages add up to), CPU time,
 * median of three, each into a new file: how the commit's cache repos write (the Store's since [W]).
 */
async function timeCacheWrites(dir: string): Promise<number> {
  const data = JSON.parse(readFileSync(dataFile!, 'utf8')) as DataSet;
  const parsed = data.receivables.map((r) => receivableSchema.parse(r));
  const at = `${data.today}T15:00:00.000Z`;
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const db = openDb(join(dir, `cache-${i}.db`));
    const t = process.cpuUsage();
    await cacheWrite(db, (target) => upsertReceivables(target, parsed, at));
    const u = process.cpuUsage(t);
    times.push((u.user + u.system) / 1000);
    db.close();
  }
  return times.sort((a, b) => a - b)[1]!;
}

async function store(file: string): Promise<void> {
  const data = JSON.parse(readFileSync(dataFile!, 'utf8')) as DataSet;
  const db = openDb(file);
  const at = `${data.today}T15:00:00.000Z`;
  await cacheWrite(db, async (target) => {
    await replaceBankAccounts(
      target,
      data.bankAccounts.map((a) => bankAccountSchema.parse(a)),
      at,
    );
    await upsertReceivables(
      target,
      data.receivables.map((r) => receivableSchema.parse(r)),
      at,
    );
  });

  const from = data.lines[0]!.date;
  const to = data.lines.at(-1)!.date;
  const statementId = storeStatement(db, {
    bankAccountId: data.primaryAccountId,
    fileName: 'compare.ofx',
    at,
    lines: data.lines,
  });

  db.prepare('CREATE TABLE compare_probe (json TEXT)').run();
  db.prepare('INSERT INTO compare_probe VALUES (?)').run(
    JSON.stringify({ statementId, from, to, at } satisfies Stored),
  );
  db.close();
}

async function timeRuns(file: string): Promise<void> {
  const db = openDb(file);
  const { statementId, from, to, at } = JSON.parse(
    (db.prepare('SELECT json FROM compare_probe').get() as { json: string }).json,
  ) as Stored;
  const addDays = (iso: string, days: number) => {
    const d = new Date(`${iso}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const now = () => new Date(at);
  const matching = await matchingOf(db);
  const rssStart = process.memoryUsage().rss;
  const samples: { load: number; total: number; cpu: number }[] = [];
  // With a third argument, V8's CPU profile of the timed runs (not of storing the data) is written there.
  const profiler = profileFile ? new Session() : undefined;

  for (let k = 0; k < runs + 1; k++) {
    if (k === 1 && profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    db.prepare('DELETE FROM match_plans WHERE statement_id = ?').run(statementId);
    const l0 = process.cpuUsage();
    await matching.load(addDays(from, -40), addDays(to, 40), statementId);
    const lc = process.cpuUsage(l0);
    const load = (lc.user + lc.system) / 1000;
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    await matching.run(statementId, now);
    const total = performance.now() - w0;
    const c = process.cpuUsage(c0);
    if (k > 0) samples.push({ load, total, cpu: (c.user + c.system) / 1000 }); // the first run warms the JIT
  }
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(profileFile!, JSON.stringify(profile));
    profiler.disconnect();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  // What the run decided: each line's zone and receivables, in line order (ids are the same on both sides).
  const rows = db
    .prepare(
      `SELECT l.position AS p, m.zone AS z, (SELECT group_concat(receivable_id) FROM
       (SELECT receivable_id FROM match_items WHERE match_id = m.id ORDER BY receivable_id)) AS r
     FROM matches m JOIN statement_lines l ON l.id = m.line_id WHERE l.statement_id = ? ORDER BY l.position`,
    )
    .all(statementId) as { p: number; z: string; r: string | null }[];
  const zones: Record<string, number> = {};
  for (const row of rows) zones[row.z] = (zones[row.z] ?? 0) + 1;
  db.close();
  // maxRSS: kilobytes on Linux, the process's high-water mark since it started (opening the file included).
  const peakRssMb = process.resourceUsage().maxRSS / 1024;

  const cpu = median(samples.map((s) => s.cpu));
  const load = median(samples.map((s) => s.load));
  process.stdout.write(
    `${JSON.stringify({
      phases: { load, endToEnd: cpu, matchAndPersist: cpu - load },
      runs: samples,
      peakRssMb,
      peakRssGrowthMb: peakRssMb - rssStart / 2 ** 20,
      zones,
      pairs: rows.filter((r) => r.r).length,
      digest: createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16),
    })}\n`,
  );
}
