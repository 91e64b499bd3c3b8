/**
 * `npm run bench:compare -- <commit A> <commit B> [--lines 20000] [--receivables 100000] [--runs 5] [--rounds 1]
 *  [--grow members] [--profile]`
 * ([X] item 5): two commits on the same data, phase by phase, so a regression is seen the day it lands.
 * `--profile` also prints each commit's ten functions with the most self time in the timed runs (V8's CPU
 * profiler; the timings are then the profiled ones, a little slower).
 *
 * The data set is made once, here, with this checkout's sandbox (seed 7, six months, 17,500 members per 100,000
 * receivables; the first N receivables by id as the API returns them, the first M credit lines by date of every
 * active account's last 80 days), and written to a file. Each commit gets a detached worktree (sharing this
 * checkout's node_modules) with probe.ts and bench/shared/store-statement.ts copied in, and stores and matches
 * that file through its own code, pinned to one CPU when `taskset` exists. Printed: each phase's median CPU
 * milliseconds for A and B and the ratio B/A, the peak memory of one run in a fresh process (maxRSS over the RSS
 * once the file is open), the peak RSS of the process of the timed runs and its growth, and whether both
 * commits decided the same (zones and the receivables of every line). `--rounds N` measures A, B, A, B… N times
 * each (`runs` timed runs per probe) and prints the medians of the rounds: a machine whose speed drifts over
 * minutes (the shared 2-core machines did, by up to a third between sittings) then slows both sides alike, where
 * one block of A's runs then one of B's would charge the drift to one commit. For the growth per doubling, run
 * 10000/50000, 20000/100000 and 40000/200000 (and `--grow`: see below).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateSandboxData } from '../../src/sandbox';
import { bankAccountJson, receivableJson } from '../../src/sandbox/serialize';
import { addDays, statementLines, type TruthLine } from '../matching/dataset';
import { addWorktree, shortSha } from '../shared/worktree';
import { profileTop, type ProfileEntry } from './profile-top';

const { values, positionals } = parseArgs({
  options: {
    lines: { type: 'string', default: '20000' },
    receivables: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
    grow: { type: 'string', default: 'members' },
  },
  allowPositionals: true,
});
const [revA, revB] = positionals;
if (!revA || !revB || !['members', 'span'].includes(values.grow)) {
  console.error(
    'usage: npm run bench:compare -- <commit A> <commit B> [--lines N] [--receivables N] [--runs N] [--rounds N] [--grow members|span] [--profile]',
  );
  process.exit(2);
}
const TODAY = '2026-07-15';
const nLines = Number(values.lines);
const nReceivables = Number(values.receivables);

const work = mkdtempSync(join(tmpdir(), 'quita-bench-compare-'));
const dataFile = join(work, 'data.json');
{
  // 17,500 members over six months, lines of the last 80 days, make the 20k × 100k set. Other sizes scale it
  // by receivables / 100,000: `--grow members` (the default) a bigger branch over the same days (35,000
  // members for 40k × 200k: twice as many receivables and credits per day), `--grow span` the same branch
  // over a longer time (twelve months, lines of 160 days: as many per day).
  const f = nReceivables / 100_000;
  const span = values.grow === 'span';
  const members = span ? 17_500 : Math.round(17_500 * f);
  const months = span ? Math.round(6 * f) : 6;
  const days = span ? Math.round(80 * f) : 80;
  const data = generateSandboxData({ seed: 7, members, months, today: TODAY });
  const accounts = new Map(data.bankAccounts.map((a) => [a.id, a]));
  const receivables = data.receivables
    .slice()
    .sort((a, b) => a.idReceivable - b.idReceivable)
    .slice(0, nReceivables)
    .map((r) => receivableJson(r, accounts, 'pt'));
  let lines: TruthLine[] = [];
  for (const a of data.bankAccounts.filter((x) => !x.inactive))
    lines.push(...statementLines(data, a.id, addDays(TODAY, -days), 'ofx', 'default').lines);
  lines = lines
    .sort((x, y) => x.line.date.localeCompare(y.line.date) || x.line.id - y.line.id)
    .slice(0, nLines);
  if (receivables.length < nReceivables || lines.length < nLines)
    console.warn(
      `the data set has ${receivables.length} receivables and ${lines.length} lines (asked ${nReceivables} and ${nLines})`,
    );
  writeFileSync(
    dataFile,
    JSON.stringify({
      today: TODAY,
      primaryAccountId: data.bankAccounts.find((a) => a.role === 'primary')!.id,
      bankAccounts: data.bankAccounts.map((a) => bankAccountJson(a)),
      receivables,
      lines: lines.map((t) => ({
        date: t.line.date,
        amountCents: t.line.amountCents,
        description: t.line.description,
        payerText: t.line.payerText,
      })),
    }),
  );
}

interface ProbeResult {
  phases: Record<string, number>;
  runs: { load: number; total: number; cpu: number }[];
  peakRssMb: number;
  peakRssGrowthMb: number;
  onePeakGrowthMb: number;
  zones: Record<string, number>;
  pairs: number;
  digest: string;
}

const pin = spawnSync('taskset', ['--version']).status === 0 ? ['taskset', '-c', '0'] : [];
const rounds = Math.max(1, Number(values.rounds));
type Probed = ProbeResult & { sha: string; profiles?: string[]; top?: ProfileEntry[]; rounds?: number[] };
/** One probe of a commit's worktree: `runs` timed runs in a fresh process (and its profile, asked for). */
function probeIn(sha: string, tree: string, round: number): Probed {
  // Named by the worktree (side and commit): comparing a commit with itself must not write one file twice.
  const profile = join(work, `${basename(tree)}-${round}.cpuprofile`);
  const [cmd, ...args]: string[] = [
    ...pin,
    process.execPath,
    '--import',
    'tsx',
    join(tree, 'bench', 'compare', 'probe.ts'),
    dataFile,
    String(values.runs),
    ...(values.profile ? [profile] : []),
  ];
  const r = spawnSync(cmd!, args, { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${sha}: the probe failed\n${r.stderr}`);
  const result = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as ProbeResult;
  return { sha, ...result, ...(values.profile ? { profiles: [profile] } : {}) };
}
const middle = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
/** The rounds of one commit as one result: each phase's and memory's median over the rounds. */
function combine(list: Probed[]): Probed {
  const first = list[0]!;
  const digests = new Set(list.map((p) => p.digest));
  if (digests.size > 1) throw new Error(`${first.sha} decided differently from one round to another`);
  return {
    ...first,
    phases: Object.fromEntries(
      Object.keys(first.phases).map((k) => [k, middle(list.map((p) => p.phases[k]!))]),
    ),
    runs: list.flatMap((p) => p.runs),
    rounds: list.map((p) => p.phases.endToEnd!),
    // Every round's profile, self times averaged per round (not the first round's alone).
    ...(values.profile ? { top: profileTop(list.flatMap((p) => p.profiles ?? [])) } : {}),
    peakRssMb: middle(list.map((p) => p.peakRssMb)),
    peakRssGrowthMb: middle(list.map((p) => p.peakRssGrowthMb)),
    onePeakGrowthMb: middle(list.map((p) => p.onePeakGrowthMb)),
  };
}
/** Both commits, A then B in each round. */
function probeBoth(): [Probed, Probed] {
  const shas = [shortSha(revA!), shortSha(revB!)] as const;
  const trees = shas.map((sha, i) =>
    addWorktree(sha, join(work, `${i}-${sha}`), ['compare/probe.ts', 'shared/store-statement.ts']),
  );
  try {
    const seen: [Probed[], Probed[]] = [[], []];
    for (let round = 0; round < rounds; round++)
      for (const i of [0, 1] as const) seen[i].push(probeIn(shas[i], trees[i]!.tree, round));
    return [combine(seen[0]), combine(seen[1])];
  } finally {
    for (const t of trees) t.remove();
  }
}

try {
  const [a, b] = probeBoth();
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(
    `\n${nLines.toLocaleString('en')} lines × ${nReceivables.toLocaleString('en')} receivables (grown by ${values.grow}), CPU time, median of ${values.runs} (after a warm-up)${rounds > 1 ? `, median of ${rounds} rounds A, B, A, B…` : ''}${pin.length ? ', pinned to CPU 0' : ''}`,
  );
  console.table(
    Object.fromEntries([
      ...Object.keys(a.phases).map((p) => [
        p,
        {
          [`A ${a.sha}`]: ms(a.phases[p]!),
          [`B ${b.sha}`]: ms(b.phases[p]!),
          ['B/A']: (b.phases[p]! / a.phases[p]!).toFixed(2),
        },
      ]),
      [
        'peak memory, one run',
        {
          [`A ${a.sha}`]: `${a.onePeakGrowthMb.toFixed(0)} MB`,
          [`B ${b.sha}`]: `${b.onePeakGrowthMb.toFixed(0)} MB`,
          ['B/A']: (b.onePeakGrowthMb / a.onePeakGrowthMb).toFixed(2),
        },
      ],
      [
        'peak RSS (runs)',
        {
          [`A ${a.sha}`]: `${a.peakRssMb.toFixed(0)} MB`,
          [`B ${b.sha}`]: `${b.peakRssMb.toFixed(0)} MB`,
          ['B/A']: (b.peakRssMb / a.peakRssMb).toFixed(2),
        },
      ],
      [
        'peak RSS growth',
        {
          [`A ${a.sha}`]: `${a.peakRssGrowthMb.toFixed(0)} MB`,
          [`B ${b.sha}`]: `${b.peakRssGrowthMb.toFixed(0)} MB`,
          ['B/A']: (b.peakRssGrowthMb / a.peakRssGrowthMb).toFixed(2),
        },
      ],
    ]),
  );
  if (rounds > 1)
    console.log(
      `end to end per round (ms), A ${a.sha}: ${a.rounds!.map((x) => x.toFixed(0)).join(', ')}; B ${b.sha}: ${b.rounds!.map((x) => x.toFixed(0)).join(', ')}`,
    );
  const same = a.digest === b.digest;
  console.log(
    same
      ? `same decisions: ${JSON.stringify(a.zones)}, ${a.pairs} lines with receivables (digest ${a.digest})`
      : `DIFFERENT decisions: ${a.sha} ${JSON.stringify(a.zones)} (${a.pairs} with receivables) vs ${b.sha} ${JSON.stringify(b.zones)} (${b.pairs})`,
  );
  for (const side of [a, b]) {
    if (!side.top) continue;
    console.log(
      `\n${side.sha}: the ten functions with the most self time (profiled runs${rounds > 1 ? `, mean of ${rounds} rounds` : ''})`,
    );
    for (const e of side.top)
      console.log(
        `${e.ms.toFixed(0).padStart(7)} ms ${(e.share * 100).toFixed(1).padStart(5)} %  ${e.where}`,
      );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
