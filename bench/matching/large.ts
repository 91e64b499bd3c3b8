/**
 * The scale run: one plan for 20,000 credit lines against 100,000 receivables, on one core.
 * Made by scaling the generator, not by copying: a branch of 17,500 members over 6 months gives a little
 * over 100,000 receivables (all statuses, the whole window, cut to the first 100,000 by id); statements of
 * every account for the last 80 days, written as OFX and parsed by the real parser, give the lines (the
 * first 20,000 credits by date). The time measured is matchStatement alone (after a small warm-up, three
 * runs: first and median reported); parsing and normalizing are reported beside it. run.ts starts this file
 * as its own process, pinned to one CPU (taskset) with V8's background threads off (--single-threaded), so
 * "one core" holds for garbage collection and compilation too.
 */
import { DEFAULT_MATCH_SETTINGS } from '../../src/core/matching/settings';
import type { MatchInput, MatchPlan } from '../../src/core/matching/types';
import { generateSandboxData } from '../../src/sandbox';
import { addDays, cacheReceivables, statementLines, type TruthLine } from './dataset';
import { score } from './metrics';

const TODAY = '2026-07-15';

export function largeRun(match: (i: MatchInput) => MatchPlan): { ms: number; summary: string } {
  const t0 = performance.now();
  const data = generateSandboxData({ seed: 7, members: 17_500, months: 6, today: TODAY });
  const genMs = performance.now() - t0;
  const t1 = performance.now();
  const receivables = cacheReceivables(data, true)
    .sort((a, b) => a.id - b.id)
    .slice(0, 100_000);
  const normMs = performance.now() - t1;
  let lines: TruthLine[] = [];
  let parseMs = 0;
  for (const a of data.bankAccounts.filter((x) => !x.inactive)) {
    const s = statementLines(data, a.id, addDays(TODAY, -80), 'ofx', 'default');
    lines.push(...s.lines);
    parseMs += s.parseMs;
  }
  lines = lines
    .sort((x, y) => x.line.date.localeCompare(y.line.date) || x.line.id - y.line.id)
    .slice(0, 20_000);
  const input: MatchInput = {
    lines: lines.map((t) => t.line),
    receivables,
    aliases: [],
    settings: DEFAULT_MATCH_SETTINGS,
  };
  match({ ...input, lines: input.lines.slice(0, 200) }); // warm-up (JIT), not counted
  const times: number[] = [];
  const cpu: number[] = [];
  let plan: MatchPlan | undefined;
  for (let k = 0; k < 3; k++) {
    const c0 = process.cpuUsage();
    const t2 = performance.now();
    plan = match(input);
    times.push(performance.now() - t2);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
  // With V8's background threads off, the process's CPU time is the time on one core, whatever else the
  // machine is running; the wall time is shown too (it includes waiting for a shared CPU).
  const ms = median(cpu);
  const wall = median(times);
  const open = new Set(receivables.filter((r) => r.statusId === 1 || r.statusId === 4).map((r) => r.id));
  const got = plan!.results.map((r) => ({
    lineId: r.lineId,
    receivableIds: r.items.map((i) => i.receivableId),
    zone: r.zone,
  }));
  const c = score(lines, got, open, ms);
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '—');
  return {
    ms,
    summary: [
      `${lines.length} lines, ${receivables.length} receivables (${open.size} open/overdue): ${ms.toFixed(0)} ms of CPU time (median of 3 runs: ${cpu.map((x) => x.toFixed(0)).join(', ')} ms); wall time ${wall.toFixed(0)} ms (runs ${times.map((x) => x.toFixed(0)).join(', ')} ms)`,
      `  (generating the branch ${(genMs / 1000).toFixed(1)} s, normalizing ${normMs.toFixed(0)} ms, parsing the OFX files ${parseMs.toFixed(0)} ms; not counted)`,
      `  quality on this set: green precision ${pct(c.greenOk, c.green)} (${c.greenOk}/${c.green}), recall of all suggestions ${pct(c.allOk, c.eligible)} (${c.allOk}/${c.eligible})`,
    ].join('\n'),
  };
}

/** Entry point of the child process: prints {ms, summary} as JSON. */
if (process.argv[1]?.endsWith('large.ts')) {
  const { matchStatement } = await import('../../src/core/matching/engine');
  process.stdout.write(JSON.stringify(largeRun(matchStatement)));
}
