/**
 * `npx tsx bench/matching/growth.ts [--runs 5]` ([X] item 1: growth per doubling ≤ ×2.05 up to 40k × 200k): the
 * engine alone, pass by pass, on bench:compare's data grown by members (17,500 members per 100,000 receivables
 * over six months, lines of the last 80 days) at 20k × 100k and 40k × 200k, each in a process of its own pinned to
 * one CPU with V8's background threads off (--single-threaded: garbage collection counted on the one core).
 * Printed per pass: the median CPU ms of its candidates (`entries`) and of its assignment (`run`) at both sizes and
 * the growth; and a digest of the plan (each line's zone and receivables) to tell two commits' decisions apart.
 * bench:compare times the whole run (load, match, persist); this says which pass grows when that grows.
 * A collection pause is counted in the pass it falls in: a pass's number moves by tens of ms from run to run, so
 * compare passes over several runs (`--runs`), and small passes not at all.
 *
 * The pass order is engine.ts's (matchStatement), copied: change it there, change it here.
 *
 * Measured at 6a3dc50 (before) and 95f8fa4 (after) in one sitting on the shared 2-core machine, see README.md.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Assignment, type PassEntry } from '../../src/core/matching/assign';
import { acquirerFileEntries } from '../../src/core/matching/acquirer-files';
import { matchStatement } from '../../src/core/matching/engine';
import { boletoLumpEntries, cardEntries, leftoverEntries } from '../../src/core/matching/lumps';
import { keyEntries, namedEntries, namelessEntries, othersSameAmount } from '../../src/core/matching/passes';
import { prepare } from '../../src/core/matching/prepare';
import { returnFileEntries } from '../../src/core/matching/return-files';
import { DEFAULT_MATCH_SETTINGS } from '../../src/core/matching/settings';
import type { MatchInput } from '../../src/core/matching/types';
import { generateSandboxData } from '../../src/sandbox';
import { addDays, cacheReceivables, statementLines, type TruthLine } from './dataset';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    size: { type: 'string' },
  },
});
const runs = Number(values.runs);

type Times = Record<string, number>;

/** One size in this process: the input made once, then a warm-up and `runs` timed runs. */
function measure(f: number): { times: Times; digest: string; lines: number; receivables: number } {
  const TODAY = '2026-07-15';
  const data = generateSandboxData({ seed: 7, members: Math.round(17_500 * f), months: 6, today: TODAY });
  const receivables = cacheReceivables(data, true)
    .sort((a, b) => a.id - b.id)
    .slice(0, 100_000 * f);
  let lines: TruthLine[] = [];
  for (const a of data.bankAccounts.filter((x) => !x.inactive))
    lines.push(...statementLines(data, a.id, addDays(TODAY, -80), 'ofx', 'default').lines);
  lines = lines
    .sort((x, y) => x.line.date.localeCompare(y.line.date) || x.line.id - y.line.id)
    .slice(0, 20_000 * f);
  const input: MatchInput = {
    lines: lines.map((t) => t.line),
    receivables,
    aliases: [],
    settings: DEFAULT_MATCH_SETTINGS,
  };
  const s = input.settings;
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const samples: Times[] = [];
  for (let k = 0; k <= runs; k++) {
    const t: Times = {};
    let c = cpu();
    const lap = (name: string) => {
      const n = cpu();
      t[name] = n - c;
      c = n;
    };
    const prep = prepare(input);
    lap('prepare');
    const a = new Assignment(prep, s, new Map());
    const others = othersSameAmount.bind(null, prep);
    const pass = (name: string, make: () => PassEntry[], run: (e: PassEntry[]) => void) => {
      const e = make();
      lap(`${name} entries`);
      run(e);
      lap(`${name} run`);
    };
    pass(
      'return files',
      () => returnFileEntries(prep, a, s, []),
      (e) => a.runPass(e),
    );
    pass(
      'acquirer files',
      () => acquirerFileEntries(prep, a, s, []),
      (e) => a.runPass(e),
    );
    pass(
      'keys',
      () => keyEntries(prep, a, s),
      (e) => a.runPass(e, others),
    );
    pass(
      'cards',
      () => cardEntries(prep, a, s, input.cardFees),
      (e) => a.runPass(e),
    );
    pass(
      'named',
      () => namedEntries(prep, a, s, []),
      (e) => a.runPass(e, others),
    );
    pass(
      'leftover',
      () => leftoverEntries(prep, a, s, []),
      (e) => a.runPass(e),
    );
    pass(
      'nameless',
      () => namelessEntries(prep, a, s),
      (e) => a.runOptimalPass(e, others),
    );
    pass(
      'boleto lumps',
      () => boletoLumpEntries(prep, a, s),
      (e) => a.runPass(e),
    );
    t['prepare + passes'] = Object.values(t).reduce((x, y) => x + y, 0);
    c = cpu();
    matchStatement(input);
    lap('matchStatement');
    if (k > 0) samples.push(t); // the first run warms the JIT
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const times: Times = {};
  for (const name of Object.keys(samples[0]!)) times[name] = median(samples.map((x) => x[name]!));
  const plan = matchStatement(input);
  const digest = createHash('sha256')
    .update(JSON.stringify(plan.results.map((r) => [r.lineId, r.zone, r.items.map((i) => i.receivableId)])))
    .digest('hex')
    .slice(0, 16);
  return { times, digest, lines: input.lines.length, receivables: receivables.length };
}

if (values.size) {
  process.stdout.write(`${JSON.stringify(measure(Number(values.size)))}\n`);
} else {
  const pin = spawnSync('taskset', ['--version']).status === 0 ? ['taskset', '-c', '0'] : [];
  const child = (f: number) => {
    const [cmd, ...args] = [
      ...pin,
      process.execPath,
      '--single-threaded',
      ...process.execArgv,
      process.argv[1]!,
      '--size',
      String(f),
      '--runs',
      String(runs),
    ];
    const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (r.status !== 0) throw new Error(`size ${f}: ${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as ReturnType<typeof measure>;
  };
  const one = child(1);
  const two = child(2);
  console.log(
    `engine alone, CPU ms, median of ${runs} (after a warm-up)${pin.length ? ', pinned to CPU 0' : ''}, single-threaded V8`,
  );
  console.table(
    Object.fromEntries(
      Object.keys(one.times).map((k) => [
        k,
        {
          [`${one.lines / 1000}k × ${one.receivables / 1000}k`]: one.times[k]!.toFixed(0),
          [`${two.lines / 1000}k × ${two.receivables / 1000}k`]: two.times[k]!.toFixed(0),
          growth: one.times[k]! >= 5 ? (two.times[k]! / one.times[k]!).toFixed(2) : '—',
        },
      ]),
    ),
  );
  console.log(`plan digests: ${one.digest} (1×), ${two.digest} (2×)`);
}
