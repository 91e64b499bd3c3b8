// `npm test`: typecheck, lint, unit tests (vitest, with a throwaway PostgreSQL: scripts/pg-cluster.mjs) and
// end-to-end tests (Playwright + Chromium through the browser host), then one closing line "N passed, N failed"
// summing all suites. Exit code 1 if anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './find-chromium.mjs';
import { startPgCluster } from './pg-cluster.mjs';

const bin = (name) => join('node_modules', '.bin', name);
const work = mkdtempSync(join(tmpdir(), 'quita-test-run-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}
function record(label, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(
    `${label.padEnd(10)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
}
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/**
 * Commands that need nothing from each other, run at once (on two cores the four static checks take about
 * half the time they take one after the other); each one's output is printed whole when all are done, in
 * this order, under its label.
 */
async function runTogether(tasks) {
  const results = await Promise.all(
    tasks.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('error', (e) => resolve({ label, ok: false, out: `${out}${e.message}\n` }));
          child.on('close', (code) => resolve({ label, ok: code === 0, out }));
        }),
    ),
  );
  for (const r of results) {
    console.log(`\n=== ${r.label} ===`);
    process.stdout.write(r.out);
  }
  return Object.fromEntries(results.map((r) => [r.label, r.ok]));
}

// Static checks count as one check each.
const ok = await runTogether([
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']],
  ['typecheck (web)', bin('tsc'), ['-p', 'tsconfig.web.json', '--noEmit']],
  ['lint', bin('eslint'), ['.']],
  ['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
]);
const typecheck = ok['typecheck'] && ok['typecheck (web)'];
record('typecheck', typecheck ? 1 : 0, typecheck ? 0 : 1);
const eslint = ok['lint'];
const prettier = ok['format'];
record('lint', (eslint ? 1 : 0) + (prettier ? 1 : 0), (eslint ? 0 : 1) + (prettier ? 0 : 1));

// Unit and service tests. Many start the `quita` command: build it once here rather than in the first
// few processes that find it missing (bin/quita.mjs would, each of them).
const cliBuilt = run('build the command line', process.execPath, ['scripts/build-cli.mjs']);
if (!cliBuilt) record('build', 0, 1);

// PostgreSQL for the tests that run on both databases (src/core/store): a throwaway cluster, unless
// QUITA_TEST_PG_URL names one already. Without one those tests fail, and this says why in one sentence.
let pgUrl = process.env.QUITA_TEST_PG_URL;
let pgCluster = null;
if (!pgUrl) {
  console.log('\n=== PostgreSQL for the tests ===');
  try {
    pgCluster = await startPgCluster({ log: console.log });
    pgUrl = pgCluster.url;
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    record('postgres', 0, 1);
  }
}

const vitestJson = join(work, 'vitest.json');
const vitestOk = run(
  'unit tests (vitest)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  pgUrl ? { QUITA_TEST_PG_URL: pgUrl } : {},
);
pgCluster?.stop();
const v = readJson(vitestJson);
if (v)
  record(
    'unit',
    v.numPassedTests,
    v.numFailedTests + (vitestOk || v.numFailedTests ? 0 : 1),
    v.numPendingTests + v.numTodoTests,
  );
else record('unit', 0, 1);

// End-to-end journeys in a real Chromium.
console.log('\n=== end-to-end tests (Playwright) ===');
const chromium = ensureChromium();
if (!chromium.path) {
  console.error(chromium.why);
  record('e2e', 0, 1);
} else {
  const pwJson = join(work, 'playwright.json');
  const pwOk = run('e2e', bin('playwright'), ['test'], {
    QUITA_CHROMIUM: chromium.path,
    QUITA_PW_JSON: pwJson,
  });
  const p = readJson(pwJson);
  if (p)
    record(
      'e2e',
      p.stats.expected + p.stats.flaky,
      p.stats.unexpected + (pwOk || p.stats.unexpected ? 0 : 1),
      p.stats.skipped,
    );
  else record('e2e', 0, 1);
}

rmSync(work, { recursive: true, force: true });
console.log('\n=== summary ===');
for (const l of lines) console.log(l);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed === 0 ? 0 : 1);
