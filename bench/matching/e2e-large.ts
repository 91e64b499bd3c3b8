/**
 * The scale run END TO END ([J] item 5 of the closing note): 20,000 statement lines against 100,000 cached
 * receivables, timed the way the clerk waits for it — `runMatching` on a real SQLite file: loading the
 * receivables and lines from the database, normalising them (the engine's prepare), matching, and persisting
 * the plan (match_plans, matches, match_items) in one transaction. large.ts times `matchStatement` alone.
 *
 * Same data as large.ts (17,500 members, 6 months, cut to the first 100,000 receivables by id; OFX statements
 * of every account for the last 80 days, parsed, the first 20,000 credits by date), stored once (not timed):
 * the receivables as a sync stores them (API schema → cache), the lines as one imported statement of the
 * primary account. Each timed run starts from a statement without a plan (the previous plan is deleted), on a
 * file database in the OS temp folder, WAL as the app opens it. Three runs after a warm-up; the median is
 * reported, with the load / match / persist split measured inside the run.
 * Usage: node --import tsx bench/matching/e2e-large.ts (run.ts starts it pinned to one CPU).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { receivableSchema } from '../../src/core/api/schemas';
import { replaceBankAccounts } from '../../src/core/cache/bank-accounts.repo';
import { upsertReceivables } from '../../src/core/cache/receivables.repo';
import { bankAccountSchema } from '../../src/core/api/schemas';
import { openDb } from '../../src/core/db/open-db';
import { storeOfDb } from '../../src/core/store/sqlite-store';
import type { Store } from '../../src/core/store/store';
import { openTestPgStore } from '../../src/core/store/testing-pg';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { matchingRepo } from '../../src/core/matching/matching.repo';
import { runMatching } from '../../src/core/matching/matching.service';
import { generateSandboxData } from '../../src/sandbox';
import { bankAccountJson, receivableJson } from '../../src/sandbox/serialize';
import { addDays, statementLines, type TruthLine } from './dataset';

const TODAY = '2026-07-15';

export async function e2eLargeRun(): Promise<{ ms: number; summary: string }> {
  const t0 = performance.now();
  const data = generateSandboxData({ seed: 7, members: 17_500, months: 6, today: TODAY });
  const accounts = new Map(data.bankAccounts.map((a) => [a.id, a]));
  const api = data.receivables
    .slice()
    .sort((a, b) => a.idReceivable - b.idReceivable)
    .slice(0, 100_000)
    .map((r) => receivableSchema.parse(receivableJson(r, accounts, 'pt')));
  let lines: TruthLine[] = [];
  for (const a of data.bankAccounts.filter((x) => !x.inactive))
    lines.push(...statementLines(data, a.id, addDays(TODAY, -80), 'ofx', 'default').lines);
  lines = lines
    .sort((x, y) => x.line.date.localeCompare(y.line.date) || x.line.id - y.line.id)
    .slice(0, 20_000);
  const genMs = performance.now() - t0;

  const dir = mkdtempSync(join(tmpdir(), 'quita-e2e-'));
  const db = openDb(join(dir, 'branch.db'));
  const at = `${TODAY}T15:00:00.000Z`;
  const primary = data.bankAccounts.find((a) => a.role === 'primary')!.id;
  const accountsApi = data.bankAccounts.map((a) => bankAccountSchema.parse(bankAccountJson(a)));
  const seed = (store: Store) =>
    seedBranch(store, { accounts: accountsApi, receivables: api, lines, primary, at });

  const t1 = performance.now();
  const sqlite = storeOfDb(db);
  const statementId = await seed(sqlite);
  const storeMs = performance.now() - t1;
  const s = await timeRuns(sqlite, statementId, at, lines);
  db.close();
  rmSync(dir, { recursive: true, force: true });
  const out = [
    `end to end (runMatching on a SQLite file: load + normalise + match + persist): ${s.med.cpu.toFixed(0)} ms of CPU time, median of 3 (runs ${s.timed.map((r) => r.cpu.toFixed(0)).join(', ')} ms); wall ${s.med.total.toFixed(0)} ms (runs ${s.timed.map((r) => r.total.toFixed(0)).join(', ')} ms)`,
    `  of which reading the receivables and lines from SQLite alone: ${s.med.load.toFixed(0)} ms wall; ${s.med.summary}; ${s.matches} matches persisted (decisions digest ${s.digest})`,
    `  (generating the branch and parsing its OFX ${(genMs / 1000).toFixed(1)} s, storing the cache and the statement ${(storeMs / 1000).toFixed(1)} s; not counted)`,
  ];
  // [W] The same data and the same runs on PostgreSQL, when a server is given (npm run bench starts a throwaway one):
  // wall time (the server's work is in another process), and this process's CPU beside it.
  if (process.env.QUITA_TEST_PG_URL) {
    const pg = await openTestPgStore();
    try {
      const p0 = performance.now();
      const pgStatement = await seed(pg);
      const pgStoreMs = performance.now() - p0;
      const p = await timeRuns(pg, pgStatement, at, lines);
      out.push(
        `the same on PostgreSQL ${await serverVersion(pg)} (a server on this machine, one connection): ${p.med.total.toFixed(0)} ms wall, median of 3 (runs ${p.timed.map((r) => r.total.toFixed(0)).join(', ')} ms); Quita's own CPU ${p.med.cpu.toFixed(0)} ms`,
        `  of which reading the receivables and lines alone: ${p.med.load.toFixed(0)} ms wall; ${p.med.summary}; ${p.matches} matches persisted; same decisions as SQLite: ${p.digest === s.digest ? 'yes' : `NO (digest ${p.digest})`}`,
        `  (storing the cache and the statement in PostgreSQL ${(pgStoreMs / 1000).toFixed(1)} s; not counted)`,
      );
    } finally {
      await pg.close();
    }
  } else
    out.push(
      '(PostgreSQL: not run — no QUITA_TEST_PG_URL; `npm run bench -- matching` starts a throwaway server)',
    );
  return { ms: s.med.cpu, summary: out.join('\n') };
}

/** The bank accounts, the receivables as a sync stores them, and the lines as one statement of the primary account. */
async function seedBranch(
  store: Store,
  d: {
    accounts: ReturnType<typeof bankAccountSchema.parse>[];
    receivables: ReturnType<typeof receivableSchema.parse>[];
    lines: TruthLine[];
    primary: number;
    at: string;
  },
): Promise<number> {
  await store.write(async (tx) => {
    await replaceBankAccounts(tx, d.accounts, d.at);
    await upsertReceivables(tx, d.receivables, d.at);
  });
  return store.write(async (tx) => {
    const { id } = await tx
      .insertInto('statements')
      .values({
        bank_account_id: d.primary,
        file_name: 'scale.ofx',
        sha256: 'scale',
        byte_size: 1,
        format: 'ofx',
        mapping_json: '{}',
        mapping_source: 'detected',
        imported_at: d.at,
        period_from: d.lines[0]!.line.date,
        period_to: d.lines.at(-1)!.line.date,
        line_count: d.lines.length,
        credit_count: d.lines.length,
        debit_count: 0,
        balance_count: 0,
        inserted_count: d.lines.length,
        known_count: 0,
        rejected_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let k = 0; k < d.lines.length; k += 500)
      await tx
        .insertInto('statement_lines')
        .values(
          d.lines.slice(k, k + 500).map((t, j) => ({
            statement_id: id,
            bank_account_id: d.primary,
            position: k + j + 1,
            date: t.line.date,
            amount_cents: t.line.amountCents,
            kind: 'credit',
            description: t.line.description,
            payer_text: t.line.payerText,
            raw_json: '{}',
            fingerprint: `s${k + j}`,
          })),
        )
        .execute();
    return id;
  });
}

/** Four runs from a statement without a plan (the first warms the JIT); the median of the last three by CPU. */
async function timeRuns(store: Store, statementId: number, at: string, lines: TruthLine[]) {
  const now = () => new Date(at);
  const from = lines[0]!.line.date;
  const to = lines.at(-1)!.line.date;
  const runs: { total: number; cpu: number; load: number; summary: string }[] = [];
  for (let k = 0; k < 4; k++) {
    await store.write((tx) => tx.deleteFrom('match_plans').where('statement_id', '=', statementId).execute());
    // The database read alone (the same queries runMatching starts with), then the whole run.
    const l0 = performance.now();
    const loaded = (
      await store.read((tx) => matchingRepo.receivables(tx, addDays(from, -40), addDays(to, 40)))
    ).length;
    await store.read((tx) => matchingRepo.creditLines(tx, statementId));
    const load = performance.now() - l0;
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    const s = await runMatching(store, { statementId }, { now });
    const total = performance.now() - w0;
    const c = process.cpuUsage(c0);
    runs.push({
      total,
      cpu: (c.user + c.system) / 1000,
      load,
      summary: `${s.lines} lines (${loaded} receivables loaded): ${s.green} green, ${s.yellow} yellow, ${s.red} red, ${s.recorded} already recorded, ${s.unmatched} unmatched`,
    });
  }
  const timed = runs.slice(1);
  const med = [...timed].sort((a, b) => a.cpu - b.cpu)[1]!;
  // What was decided, line by line (file position, state, zone, receivables), as one digest to compare databases.
  const rows = await store.read(async (tx) => {
    const { rows: r } = await sql<{
      position: number;
      state: string;
      zone: string;
      receivables: string | null;
    }>`
      SELECT l.position, m.state, m.zone,
        (SELECT ${sql.raw(store.dialect === 'sqlite' ? 'group_concat(i.receivable_id)' : "string_agg(i.receivable_id::text, ',' ORDER BY i.receivable_id)")}
           FROM (SELECT receivable_id, match_id FROM match_items ORDER BY receivable_id) i WHERE i.match_id = m.id) AS receivables
      FROM matches m JOIN statement_lines l ON l.id = m.line_id ORDER BY l.position`.execute(tx);
    return r;
  });
  const digest = createHash('sha256')
    .update(rows.map((r) => `${r.position}|${r.state}|${r.zone}|${r.receivables ?? ''}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return { timed, med, matches: rows.length, digest };
}

async function serverVersion(store: Store): Promise<string> {
  return store.read(async (tx) => {
    const { rows } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(tx);
    return rows[0]?.v.split(' ')[0] ?? '';
  });
}

if (process.argv[1]?.endsWith('e2e-large.ts')) process.stdout.write(JSON.stringify(await e2eLargeRun()));
