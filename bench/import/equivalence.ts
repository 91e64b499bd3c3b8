/**
 * Equivalence harness for the import parse: the full results of parseStatement (lines with every field, raw
 * rows, fingerprints, rejected and skipped rows, notices, refusals) read by a base commit and by this checkout,
 * on every file under tests/fixtures, the import bench's 100,000-line CSV, XLSX and OFX, and every input the
 * import tests give parseStatement (recorded once by running them with capture.setup.ts). Prints one digest per
 * side and every input whose result differs; exits 1 when any does.
 *   node_modules/.bin/tsx bench/import/equivalence.ts [base commit, default 2c8fc57] [--recapture]
 * The base runs in a detached worktree (bench/shared/worktree.ts) with this checkout's digest script.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addWorktree, shortSha } from '../shared/worktree';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const base = args.find((a) => !a.startsWith('--')) ?? '2c8fc57';
const capture = join(tmpdir(), 'quita-import-capture');

if (args.includes('--recapture') || !existsSync(capture) || readdirSync(capture).length === 0) {
  rmSync(capture, { recursive: true, force: true });
  console.log('recording the import tests’ inputs (vitest with capture.setup.ts)…');
  const r = spawnSync(
    'npx',
    ['vitest', 'run', '--config', 'bench/import/equivalence/capture.vitest.config.ts'],
    { cwd: root, env: { ...process.env, QUITA_CAPTURE: capture }, encoding: 'utf8' },
  );
  if (r.status !== 0) console.log('(some tests failed while recording; their inputs are still replayed)');
}

const digest = (tree: string): Map<string, string> => {
  const out = execFileSync(
    join(root, 'node_modules/.bin/tsx'),
    ['bench/import/equivalence/digest.ts', join(root, 'tests/fixtures'), capture],
    { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  return new Map(
    out
      .trim()
      .split('\n')
      .map((l) => l.split(' ') as [string, string]),
  );
};
const total = (m: Map<string, string>) => {
  const h = createHash('sha256');
  for (const [k, v] of [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1))) h.update(`${k} ${v}\n`);
  return h.digest('hex');
};

const wt = addWorktree(base, join(tmpdir(), 'quita-equivalence-base'), [
  'import/generate.ts',
  'import/equivalence/digest.ts',
]);
try {
  const before = digest(wt.tree);
  const after = digest(root);
  const differ = [...new Set([...before.keys(), ...after.keys()])].filter(
    (k) => before.get(k) !== after.get(k),
  );
  console.log(`inputs: ${after.size} (fixtures, bench files, test inputs)`);
  console.log(`base ${shortSha(base)}: ${total(before)}`);
  console.log(`this checkout: ${total(after)}`);
  for (const k of differ.slice(0, 40)) console.log(`DIFFERS ${k}: ${before.get(k)} → ${after.get(k)}`);
  console.log(differ.length === 0 ? 'identical' : `${differ.length} inputs differ`);
  process.exitCode = differ.length === 0 ? 0 : 1;
} finally {
  wt.remove();
}
