/**
 * bench/store ([W] 34): the cache's repositories on the Store, on SQLite (a file, as the desk keeps it) and on
 * PostgreSQL (the office server's), side by side on the same data: the sandbox's receivables (seed 7, six months,
 * 17,500 members per 100,000, as bench:compare makes them) written as a first sync writes them, one transaction per
 * page of 500, then the reads the screens make. Wall and CPU time of this process (PostgreSQL's own work is in the
 * wall time only), median of three.
 *
 * `npm run bench -- store` starts a throwaway PostgreSQL (scripts/pg-cluster.mjs) for it; alone:
 * `node scripts/pg-cluster.mjs node_modules/.bin/tsx bench/store/store.bench.ts [--receivables 100000]`.
 * Without QUITA_TEST_PG_URL only SQLite is measured, and it says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateSandboxData } from '../../src/sandbox';
import { receivableJson } from '../../src/sandbox/serialize';
import { receivableSchema, type ApiReceivable } from '../../src/core/api/schemas';
import {
  countReceivablesByStatus,
  dueDateRange,
  queryReceivables,
  upsertReceivables,
} from '../../src/core/cache/receivables.repo';
import { openSqliteStore } from '../../src/core/store/sqlite-store';
import type { Store } from '../../src/core/store/store';
import { openTestPgStore } from '../../src/core/store/testing-pg';

const { values } = parseArgs({ options: { receivables: { type: 'string', default: '100000' } } });
const wanted = Number(values.receivables);
const TODAY = '2026-11-20';
const AT = `${TODAY}T15:00:00.000Z`;
const PAGE = 500;

const data = generateSandboxData({
  seed: 7,
  members: Math.round((17_500 * wanted) / 100_000),
  months: 6,
  today: TODAY,
});
const accounts = new Map(data.bankAccounts.map((a) => [a.id, a]));
const receivables: ApiReceivable[] = data.receivables
  .slice(0, wanted)
  .map((r) => receivableSchema.parse(receivableJson(r, accounts, 'pt')));
const ids = receivables.map((r) => r.id);

interface Times {
  wall: number;
  cpu: number;
}
async function timed(fn: () => Promise<unknown>): Promise<Times> {
  const c = process.cpuUsage();
  const t = performance.now();
  await fn();
  const u = process.cpuUsage(c);
  return { wall: performance.now() - t, cpu: (u.user + u.system) / 1000 };
}
const median = (xs: Times[]): Times => {
  const by = (k: keyof Times) => [...xs].map((x) => x[k]).sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { wall: by('wall'), cpu: by('cpu') };
};

/** Each phase three times on a new database of that kind. */
async function measure(open: () => Promise<Store>): Promise<Record<string, Times>> {
  const runs: Record<string, Times[]> = {};
  const add = (k: string, t: Times) => (runs[k] ??= []).push(t);
  for (let i = 0; i < 3; i++) {
    const store = await open();
    try {
      add(
        `write ${receivables.length.toLocaleString('en')} receivables, pages of ${PAGE}`,
        await timed(async () => {
          for (let p = 0; p < receivables.length; p += PAGE)
            await store.write((tx) => upsertReceivables(tx, receivables.slice(p, p + PAGE), AT));
        }),
      );
      add(
        'rewrite them (every row an update)',
        await timed(() => store.write((tx) => upsertReceivables(tx, receivables, AT))),
      );
      add(
        'Sincronizar’s list: 20 pages of 1,000',
        await timed(async () => {
          for (let p = 0; p < 20; p++)
            await store.read((tx) =>
              queryReceivables(tx, { statuses: [1, 4], limit: 1000, offset: p * 1000 }),
            );
        }),
      );
      add('counts by status', await timed(() => store.read(countReceivablesByStatus)));
      add(
        'due dates of every id (one parameter)',
        await timed(() => store.read((tx) => dueDateRange(tx, ids))),
      );
    } finally {
      await store.close();
    }
  }
  return Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, median(v)]));
}

const dir = mkdtempSync(join(tmpdir(), 'quita-store-bench-'));
let n = 0;
try {
  const sqlite = await measure(async () => openSqliteStore(join(dir, `quita-${n++}.db`)));
  const pg = process.env.QUITA_TEST_PG_URL ? await measure(() => openTestPgStore()) : null;
  const ms = (t: Times | undefined) => (t ? `${t.wall.toFixed(0)} ms (CPU ${t.cpu.toFixed(0)})` : '—');
  console.log(
    `\nbench/store — the cache on the Store, ${receivables.length.toLocaleString('en')} receivables, median of 3 (wall, and this process's CPU)`,
  );
  console.table(
    Object.fromEntries(
      Object.keys(sqlite).map((k) => [
        k,
        {
          SQLite: ms(sqlite[k]),
          PostgreSQL: ms(pg?.[k]),
          'PG/SQLite (wall)': pg ? (pg[k]!.wall / sqlite[k]!.wall).toFixed(2) : '—',
        },
      ]),
    ),
  );
  if (!pg)
    console.log(
      'PostgreSQL not measured: QUITA_TEST_PG_URL is not set (npm run bench -- store starts one; see the header of this file).',
    );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
