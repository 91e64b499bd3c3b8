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
  const t1 = performance.now();
  await storeOfDb(db).write(async (tx) => {
    await replaceBankAccounts(
      tx,
      data.bankAccounts.map((a) => bankAccountSchema.parse(bankAccountJson(a))),
      at,
    );
    await upsertReceivables(tx, api, at);
  });
  const primary = data.bankAccounts.find((a) => a.role === 'primary')!.id;
  const from = lines[0]!.line.date;
  const to = lines.at(-1)!.line.date;
  const statementId = Number(
    db
      .prepare(
        `INSERT INTO statements (bank_account_id, file_name, sha256, byte_size, format, mapping_json, mapping_source,
           imported_at, period_from, period_to, line_count, credit_count, debit_count, balance_count, inserted_count,
           known_count, rejected_count)
         VALUES (?, 'scale.ofx', 'scale', 1, 'ofx', '{}', 'detected', ?, ?, ?, ?, ?, 0, 0, ?, 0, 0)`,
      )
      .run(primary, at, from, to, lines.length, lines.length, lines.length).lastInsertRowid,
  );
  const ins = db.prepare(
    `INSERT INTO statement_lines (statement_id, bank_account_id, position, date, amount_cents, kind, description,
       payer_text, raw_json, fingerprint) VALUES (?, ?, ?, ?, ?, 'credit', ?, ?, '{}', ?)`,
  );
  db.transaction(() => {
    lines.forEach((t, k) =>
      ins.run(
        statementId,
        primary,
        k + 1,
        t.line.date,
        t.line.amountCents,
        t.line.description,
        t.line.payerText,
        `s${k}`,
      ),
    );
  })();
  const storeMs = performance.now() - t1;

  const now = () => new Date(at);
  const runs: {
    total: number;
    cpu: number;
    load: number;
    summary: string;
  }[] = [];
  for (let k = 0; k < 4; k++) {
    db.prepare('DELETE FROM match_plans WHERE statement_id = ?').run(statementId);
    // The database read alone (the same queries runMatching starts with), then the whole run.
    const l0 = performance.now();
    const loaded = (
      await storeOfDb(db).read((tx) => matchingRepo.receivables(tx, addDays(from, -40), addDays(to, 40)))
    ).length;
    await storeOfDb(db).read((tx) => matchingRepo.creditLines(tx, statementId));
    const load = performance.now() - l0;
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    const s = await runMatching(storeOfDb(db), { statementId }, { now });
    const total = performance.now() - w0;
    const c = process.cpuUsage(c0);
    runs.push({
      total,
      cpu: (c.user + c.system) / 1000,
      load,
      summary: `${s.lines} lines (${loaded} receivables loaded): ${s.green} green, ${s.yellow} yellow, ${s.red} red, ${s.recorded} already recorded, ${s.unmatched} unmatched`,
    });
  }
  const timed = runs.slice(1); // the first run warms the JIT
  const byCpu = [...timed].sort((a, b) => a.cpu - b.cpu);
  const med = byCpu[1]!;
  const plans = db.prepare('SELECT count(*) FROM matches').pluck().get() as number;
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    ms: med.cpu,
    summary: [
      `end to end (runMatching on a SQLite file: load + normalise + match + persist): ${med.cpu.toFixed(0)} ms of CPU time, median of 3 (runs ${timed.map((r) => r.cpu.toFixed(0)).join(', ')} ms); wall ${med.total.toFixed(0)} ms (runs ${timed.map((r) => r.total.toFixed(0)).join(', ')} ms)`,
      `  of which reading the receivables and lines from SQLite alone: ${med.load.toFixed(0)} ms wall; ${med.summary}; ${plans} matches persisted`,
      `  (generating the branch and parsing its OFX ${(genMs / 1000).toFixed(1)} s, storing the cache and the statement ${(storeMs / 1000).toFixed(1)} s; not counted)`,
    ].join('\n'),
  };
}

if (process.argv[1]?.endsWith('e2e-large.ts')) process.stdout.write(JSON.stringify(await e2eLargeRun()));
