/**
 * bench/reconcile: opens the Conciliar screen with 10,000 statement lines in real Chromium through the browser
 * host, and prints the time from opening the screen to the lines being drawn (performance marks set by the
 * screen), the size of the DOM (virtualized: it must not grow with the lines), and frame times while scrolling
 * the whole list. Usage: node_modules/.bin/tsx bench/reconcile/run.ts [--lines 10000]
 */
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { createCore } from '../../src/core/bootstrap';
// @ts-expect-error -- plain ESM helper shared with the test runner, no type declarations
import { findChromium } from '../../scripts/find-chromium.mjs';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '10000' } } });
const N = Number(values.lines);
const root = mkdtempSync(join(tmpdir(), 'quita-bench-reconcile-'));
const dataDir = join(root, 'data');
const env = { ...process.env, QUITA_KEY_FILE: join(root, 'master.key') };

// A branch with one statement of N credit lines, each proposed a receivable, written straight into its database.
const core = createCore({ mode: 'cli', version: 'bench', dataDir, env });
await core.dispatch('profiles.save', {
  name: 'Bench',
  baseUrl: 'https://evo.example.com',
  username: 'bench',
  password: 'k',
  keyKind: 'branch',
});
const db = core.ctx.db();
db.transaction(() => {
  const now = new Date().toISOString();
  const st = Number(
    db
      .prepare(
        `INSERT INTO statements (bank_account_id, file_name, sha256, byte_size, format, mapping_json, mapping_source, imported_at,
           period_from, period_to, line_count, credit_count, debit_count, balance_count, inserted_count, known_count, rejected_count)
         VALUES (1, 'bench.ofx', 'x', 1, 'ofx', '{}', 'detected', ?, '2026-10-01', '2026-11-20', ?, ?, 0, 0, ?, 0, 0)`,
      )
      .run(now, N, N, N).lastInsertRowid,
  );
  const plan = Number(
    db
      .prepare(
        `INSERT INTO match_plans (statement_id, created_at, engine_version, settings_json) VALUES (?, ?, 'bench', '{}')`,
      )
      .run(st, now).lastInsertRowid,
  );
  const line = db.prepare(
    `INSERT INTO statement_lines (statement_id, bank_account_id, position, date, amount_cents, kind, description, payer_text, raw_json, fingerprint)
     VALUES (?, 1, ?, ?, ?, 'credit', ?, ?, '{}', ?)`,
  );
  const rec = db.prepare(
    `INSERT INTO receivables (id, description, amount_cents, due_date, status_id, payment_type_id, payer_name, member_id, raw_json, fetched_at)
     VALUES (?, 'Plano Mensal', ?, ?, 1, 18, ?, ?, '{}', ?)`,
  );
  const match = db.prepare(
    `INSERT INTO matches (plan_id, line_id, score, zone, reasons_json, state, updated_at) VALUES (?, ?, ?, ?, ?, 'suggested', ?)`,
  );
  const item = db.prepare(
    'INSERT INTO match_items (match_id, plan_id, receivable_id, amount_cents) VALUES (?, ?, ?, ?)',
  );
  for (let i = 0; i < N; i++) {
    const date = `2026-${i % 2 ? '10' : '11'}-${String((i % 28) + 1).padStart(2, '0')}`;
    const cents = 8990 + (i % 7) * 1000;
    const name = `ALUNO ${i} DA SILVA`;
    const lineId = Number(
      line.run(st, i + 1, date, cents, `PIX RECEBIDO - ${name}`, name, `fp-${i}`).lastInsertRowid,
    );
    rec.run(100_000 + i, cents, date, `Aluno ${i} da Silva`, 5000 + i, now);
    const zone = i % 10 === 0 ? 'yellow' : 'green';
    const m = Number(
      match.run(
        plan,
        lineId,
        zone === 'green' ? 92 : 70,
        zone,
        JSON.stringify([{ code: 'amount_equal' }, { code: 'name_similarity', params: { percent: 95 } }]),
        now,
      ).lastInsertRowid,
    );
    item.run(m, plan, 100_000 + i, cents);
  }
})();
await core.close();

execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
  stdio: 'ignore',
});
const host = spawn(process.execPath, ['--import', 'tsx', 'src/host/main.ts', '--data-dir', dataDir], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve) => {
  let out = '';
  host.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
    if (m) resolve(m[1]!);
  });
});
const executablePath = (findChromium as () => string | null)();
if (!executablePath)
  throw new Error('No Chromium: install one (apt-get install chromium) or set QUITA_CHROMIUM.');
const browser = await chromium.launch({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url);
  await page.getByRole('navigation').getByRole('button', { name: 'Conciliar' }).waitFor();
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    await page.getByRole('navigation').getByRole('button', { name: 'Início' }).click();
    await page.evaluate(() => performance.clearMarks());
    await page.getByRole('navigation').getByRole('button', { name: 'Conciliar' }).click();
    await page.waitForFunction(() => performance.getEntriesByName('quita:reconcile:ready').length > 0, null, {
      timeout: 30_000,
    });
    runs.push(
      await page.evaluate(
        () => performance.measure('open', 'quita:reconcile:open', 'quita:reconcile:ready').duration,
      ),
    );
  }
  const rows = await page.locator('.vlist-row').count();
  // Browser-side code is passed as text: this file is type-checked for Node, without the DOM's types.
  const domNodes = await page.evaluate<number>('document.getElementsByTagName("*").length');
  // Scroll the whole list in steps, one per frame, and collect the frame times.
  const frames = await page.evaluate<number[]>(`(async () => {
    const list = document.querySelector('.reconcile-grid .vlist');
    const times = [];
    let last = performance.now();
    for (let y = 0; y < list.scrollHeight; y += 900) {
      list.scrollTop = y;
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    return times.sort((a, b) => a - b);
  })()`);
  const median = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  const p95 = frames[Math.floor(frames.length * 0.95)] ?? 0;
  console.log(`bench/reconcile — Conciliar with ${N} lines, browser host, Chromium (headless)`);
  console.log(
    `open → lines drawn: median ${median.toFixed(0)} ms (runs: ${runs.map((x) => x.toFixed(0)).join(', ')}) — target < 1000 ms: ${median < 1000 ? 'met' : 'NOT met'}`,
  );
  console.log(`rows in the DOM: ${rows} of ${N} (virtualized); DOM elements on the page: ${domNodes}`);
  console.log(
    `scrolling the whole list: ${frames.length} frames, median ${frames[Math.floor(frames.length / 2)]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
  );
} finally {
  await browser.close();
  host.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
}
