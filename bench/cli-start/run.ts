/**
 * How fast `quita` starts ([X] item 2): wall and CPU time of `quita --version` and `quita status` (on the demo
 * branch, synced), medians of 9 runs each, for the built command (bin/quita.mjs → out/cli/quita.mjs) and, for
 * comparison, the TypeScript sources run through tsx as every call did before. The machine's load is printed
 * beside: the target (≤ 0.4 s wall) is for an idle machine.
 *   node_modules/.bin/tsx bench/cli-start/run.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = 9;
const dataDir = mkdtempSync(join(tmpdir(), 'quita-bench-cli-'));
const env = { ...process.env, QUITA_KEY_FILE: join(dataDir, 'master.key') };
const doors = {
  built: ['bin/quita.mjs'],
  'tsx (sources)': ['--import', 'tsx', 'src/cli/entry.ts'],
};

const cpuFile = join(dataDir, 'cpu.txt');
const preload = ['--import', new URL('./cpu-at-exit.mjs', import.meta.url).href];

/** One `quita` call: its wall time and its own CPU time (reported by the preloaded cpu-at-exit.mjs). */
function quita(door: string[], args: string[]): { wall: number; cpu: number } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [...preload, ...door, '--data-dir', dataDir, ...args], {
    env: { ...env, QUITA_BENCH_CPU_FILE: cpuFile },
    encoding: 'utf8',
  });
  const wall = performance.now() - t0;
  if (r.status !== 0) throw new Error(`quita ${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  return { wall, cpu: Number(readFileSync(cpuFile, 'utf8')) };
}

try {
  // The data folder: the demo branch, synced (status then reads a real database).
  quita(doors.built, ['demo', 'start']);
  quita(doors.built, ['sync']);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `quita start-up: wall and CPU time, medians of ${RUNS} (load average ${loadavg()[0]!.toFixed(2)})`,
  );
  const table: Record<string, Record<string, string>> = {};
  for (const [name, door] of Object.entries(doors)) {
    for (const args of [['--version'], ['status']]) {
      quita(door, args); // warm the file cache
      const runs = Array.from({ length: RUNS }, () => quita(door, args));
      table[`${name}: quita ${args.join(' ')}`] = {
        wall: `${(median(runs.map((r) => r.wall)) / 1000).toFixed(2)} s`,
        cpu: `${(median(runs.map((r) => r.cpu)) / 1000).toFixed(2)} s`,
      };
    }
  }
  console.table(table);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
