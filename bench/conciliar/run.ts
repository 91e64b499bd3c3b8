/**
 * bench/conciliar ([X] item 4): the cost of opening Conciliar on one statement of 10,000 credit lines, already
 * matched, in the real browser host and Chromium (1366×768, headless). For each of N openings (Início →
 * Conciliar), after a warm-up opening:
 * - renderer CPU: the page's main-thread task time (CDP `Performance.getMetrics` TaskDuration, and its
 *   ScriptDuration part) from the click until the screen is settled (its lines drawn and the focused line's
 *   panel filled, then a quiet second);
 * - open → drawn: wall time from the click (the event's time stamp) to the frame after the first line row of the
 *   virtualized list is in the DOM (a MutationObserver in the page, then requestAnimationFrame + a task);
 * - host CPU: the host process's user + system time over the same span (/proc), i.e. the `match.lines` pages and
 *   the other commands the screen asks for;
 * - received: the bytes of the answers the page got (CDP Network), mostly the `match.lines` pages.
 * Medians are printed, with the machine's load average (a shared machine: CPU time is the number to compare).
 *
 * Usage: node_modules/.bin/tsx bench/conciliar/run.ts [--runs 7] [--lines 10000] [--against <commit>]
 *        [--profile <file.cpuprofile>] [--trace <file.json>] [--lighter]
 * - without --against: this checkout (its renderer built in place, as the e2e tests build it);
 * - --against <commit>: that commit too, in a detached worktree under /work/wt-conc-<sha> (node_modules
 *   symlinked, seed.ts copied in, its renderer built there, removed afterwards), on the same data set; both
 *   hosts and pages are open at once and the openings taken in turns (A, B, A, B…), so both see the same load
 *   on a shared machine, and printed side by side (the median, and the least CPU of the openings);
 * - --profile: a V8 CPU profile of one more opening of this checkout (CDP Profiler; the renderer built with
 *   source maps, bench/conciliar/profile.config.ts, so functions are named by their source) and its fifteen
 *   functions with the most self time;
 * - --trace: a Chrome trace of one more opening and the main thread's self time by event (JSON parsing, text
 *   decoding, GC, layout are not JavaScript functions: the CPU profile lumps them as "(program)");
 * - --lighter (what-if, this checkout only): `match.lines` answered without `cardSales` and without the reasons'
 *   sentences (rewritten by Playwright before the page reads them), to size what a lighter list would save the
 *   renderer; its open → drawn includes the rewriting and is not comparable.
 *
 * The data set is made once, by this checkout's sandbox (seed 7, 12,000 members, 6 months, the clerk's last
 * reconciliation 60 days ago, so the receivables of those days are still open): the credit lines of every
 * active account's last 59 days (about 11,000), cut to --lines, all in one statement of the primary account, and the
 * receivables a first sync keeps around them. Each side stores it and matches it with its own code (seed.ts).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { generateSandboxData } from '../../src/sandbox';
import { bankAccountJson, receivableJson } from '../../src/sandbox/serialize';
import { addDays, statementLines, type TruthLine } from '../matching/dataset';
// @ts-expect-error -- plain ESM helper shared with the test runner, no type declarations
import { findChromium } from '../../scripts/find-chromium.mjs';
import { addWorktree, shortSha } from '../shared/worktree';
import { profileTop } from './profile-top';
import { traceTop } from './trace-top';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    lines: { type: 'string', default: '10000' },
    against: { type: 'string' },
    profile: { type: 'string' },
    trace: { type: 'string' },
    lighter: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const N = Number(values.lines);
const TODAY = '2026-07-15';
const work = mkdtempSync(join(tmpdir(), 'quita-bench-conciliar-'));

/** The shared data set, written to a file each side's seed.ts reads. */
function makeDataSet(): string {
  const data = generateSandboxData({
    seed: 7,
    members: 12_000,
    months: 6,
    today: TODAY,
    unreconciledDays: 60,
  });
  const accounts = new Map(data.bankAccounts.map((a) => [a.id, a]));
  let lines: TruthLine[] = [];
  for (const a of data.bankAccounts.filter((x) => !x.inactive))
    lines.push(...statementLines(data, a.id, addDays(TODAY, -59), 'ofx', 'default').lines);
  lines = lines.sort((x, y) => x.line.date.localeCompare(y.line.date) || x.line.id - y.line.id).slice(0, N);
  if (lines.length < N) throw new Error(`the sandbox gave ${lines.length} credit lines, fewer than ${N}`);
  const from = addDays(lines[0]!.line.date, -40);
  const to = addDays(lines.at(-1)!.line.date, 10);
  const receivables = data.receivables
    .filter((r) => r.dueDate.slice(0, 10) >= from && r.dueDate.slice(0, 10) <= to)
    .map((r) => receivableJson(r, accounts, 'pt'));
  const file = join(work, 'data.json');
  writeFileSync(
    file,
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
  return file;
}

interface Opening {
  taskMs: number;
  scriptMs: number;
  drawnMs: number;
  /** Of open → drawn: click → the first match.lines request, its pages' answers (first request → last byte). */
  beforeLinesMs: number;
  linesMs: number;
  hostMs: number;
  /** Bytes the page received over the opening (the commands' answers, as sent). */
  bytes: number;
}
type Top = { totalMs: number; entries: { where: string; ms: number; share: number }[] };
interface Side {
  label: string;
  seeded: { statementId: number; lines: number; zones: Record<string, number> };
  openings: Opening[];
  rows: number;
  domNodes: number;
  profile?: Top;
  trace?: Top;
}

/** The host process's CPU time so far (user + system, ms), from /proc; 0 where there is no /proc. */
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

async function startHost(tree: string, dataDir: string, keyFile: string) {
  const host = spawn(process.execPath, ['--import', 'tsx', 'src/host/main.ts', '--data-dir', dataDir], {
    cwd: tree,
    env: { ...process.env, QUITA_KEY_FILE: keyFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`the host did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[1]!);
      }
    };
    host.stdout.on('data', onData);
    host.stderr.on('data', onData);
    host.on('exit', (code) => fail(new Error(`the host exited with ${code}:\n${out}`)));
  });
  return { host, url };
}

const metrics = async (cdp: CDPSession) => {
  const { metrics: m } = await cdp.send('Performance.getMetrics');
  const get = (name: string) => (m.find((x) => x.name === name)?.value ?? 0) * 1000;
  return { task: get('TaskDuration'), script: get('ScriptDuration') };
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Installed in the page before each opening (as text: this file is type-checked without the DOM's types). The
// click's time stamp, then the first line row of Conciliar's list, then the frame after it (rAF + a task).
const ARM = `(() => {
  const w = window;
  w.__conc = { click: 0, drawn: 0 };
  performance.clearResourceTimings();
  document.addEventListener('click', (e) => { if (!w.__conc.click) w.__conc.click = e.timeStamp; }, { capture: true, once: true });
  const seen = () => document.querySelector('.reconcile-grid .vlist-row');
  const obs = new MutationObserver(() => {
    if (!seen()) return;
    obs.disconnect();
    requestAnimationFrame(() => setTimeout(() => { w.__conc.drawn = performance.now(); }, 0));
  });
  obs.observe(document.body, { childList: true, subtree: true });
})()`;

/** The screen is settled: its lines drawn and the focused line's panel past its loading state. */
async function settled(page: Page) {
  await page.waitForFunction(
    () => ((globalThis as unknown as { __conc?: { drawn: number } }).__conc?.drawn ?? 0) > 0,
    null,
    { timeout: 60_000, polling: 50 },
  );
  // The focused line's candidates are asked for 120 ms after the focus settles; give them and their render time.
  await pause(1500);
}

function build(tree: string, sourcemap: boolean) {
  execFileSync(
    process.execPath,
    [
      'node_modules/electron-vite/bin/electron-vite.js',
      'build',
      ...(sourcemap ? ['-c', join('bench', 'conciliar', 'profile.config.ts')] : []),
    ],
    { cwd: tree, stdio: 'ignore' },
  );
}

/** One side, ready to be measured: its data folder seeded, its renderer built, its host and a page open on it. */
async function openSide(
  tree: string,
  label: string,
  dataFile: string,
  { sourcemap = false, lighter = false } = {},
) {
  const dir = mkdtempSync(join(work, 'side-'));
  const dataDir = join(dir, 'data');
  const keyFile = join(dir, 'master.key');
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(tree, 'bench', 'conciliar', 'seed.ts'), dataFile, dataDir, keyFile],
    { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  if (seed.status !== 0) throw new Error(`${label}: seeding failed\n${seed.stderr}`);
  const seeded = JSON.parse(seed.stdout.trim().split('\n').at(-1)!) as Side['seeded'];
  build(tree, sourcemap);
  const { host, url } = await startHost(tree, dataDir, keyFile);
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
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'pt-BR' });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await cdp.send('Network.enable');
  /** What the page has received so far (CDP Network.loadingFinished). */
  const received = { bytes: 0 };
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    received.bytes += e.encodedDataLength;
  });
  if (lighter)
    // What-if: match.lines's answers without the card sales and the reasons' sentences, rewritten in this
    // process before the page reads them (so the open → drawn time is not comparable; the renderer's CPU is).
    await page.route('**/api/commands/match.lines', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { value: { rows: { cardSales?: unknown; reasons: object[] }[] } };
      for (const r of body.value.rows) {
        delete r.cardSales;
        r.reasons = r.reasons.map((x) => ({ ...x, text: '' }));
      }
      await route.fulfill({ response: res, json: body });
    });
  await page.goto(url);
  const nav = page.getByRole('navigation');
  await nav.getByRole('button', { name: 'Conciliar' }).waitFor();
  const side: Side = { label, seeded, openings: [], rows: 0, domNodes: 0 };

  /** Início, settled, then Conciliar until settled, with `start`/`stop` around the opening. */
  const open = async (start: () => Promise<unknown>, stop: () => Promise<void>) => {
    await nav.getByRole('button', { name: 'Início' }).click();
    await pause(1500); // Início's own loading, not counted
    await page.evaluate(ARM);
    await start();
    await nav.getByRole('button', { name: 'Conciliar' }).click();
    await settled(page);
    await stop();
  };
  /** One measured opening. */
  const once = async (): Promise<Opening> => {
    let m0 = { task: 0, script: 0 };
    let m1 = m0;
    let h0 = 0;
    let h1 = 0;
    let b0 = 0;
    await open(
      async () => {
        m0 = await metrics(cdp);
        h0 = processCpuMs(host.pid!);
        b0 = received.bytes;
      },
      async () => {
        m1 = await metrics(cdp);
        h1 = processCpuMs(host.pid!);
      },
    );
    const t = await page.evaluate<{ click: number; drawn: number }>('window.__conc');
    // The match.lines pages of this opening, from the page's resource timing.
    const pages = (
      await page.evaluate<{ name: string; startTime: number; responseEnd: number }[]>(
        `performance.getEntriesByType('resource').map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd }))`,
      )
    ).filter((e) => e.name.endsWith('/match.lines') && e.startTime >= t.click);
    const linesStart = Math.min(...pages.map((e) => e.startTime));
    const linesEnd = Math.max(...pages.map((e) => e.responseEnd));
    return {
      taskMs: m1.task - m0.task,
      scriptMs: m1.script - m0.script,
      drawnMs: t.drawn - t.click,
      beforeLinesMs: linesStart - t.click,
      linesMs: linesEnd - linesStart,
      hostMs: h1 - h0,
      bytes: received.bytes - b0,
    };
  };
  /** A CPU profile and a trace of one more opening each, as asked. */
  const recordings = async (opts: { profile?: string | undefined; trace?: string | undefined }) => {
    if (opts.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await open(
        () => cdp.send('Profiler.start'),
        async () => {
          const { profile } = await cdp.send('Profiler.stop');
          writeFileSync(opts.profile!, JSON.stringify(profile));
        },
      );
      const assets = join(tree, 'out', 'renderer', 'assets');
      const maps = readdirSync(assets).filter((f) => f.endsWith('.js.map'));
      side.profile = profileTop(
        opts.profile,
        maps.map((f) => join(assets, f)),
        15,
      );
    }
    if (opts.trace) {
      await open(
        () =>
          browser.startTracing(page, {
            categories: [
              'devtools.timeline',
              'v8',
              'v8.execute',
              'blink',
              'disabled-by-default-devtools.timeline',
            ],
          }),
        async () => {
          writeFileSync(opts.trace!, await browser.stopTracing());
        },
      );
      side.trace = traceTop(readFileSync(opts.trace, 'utf8'), 15);
    }
  };
  const close = async () => {
    side.rows = await page.locator('.reconcile-grid .vlist-row').count();
    side.domNodes = await page.evaluate<number>('document.getElementsByTagName("*").length');
    await browser.close();
    const exited = new Promise((r) => host.once('exit', r));
    host.kill('SIGTERM');
    await exited;
  };
  return { side, once, recordings, close };
}

/** A detached worktree of `rev` under /work/wt-conc-<sha>, node_modules shared, this seed.ts copied in. */
function worktree(rev: string): { tree: string; sha: string; remove: () => void } {
  const sha = shortSha(rev);
  return {
    sha,
    ...addWorktree(sha, `/work/wt-conc-${sha}`, ['conciliar/seed.ts', 'shared/store-statement.ts']),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

try {
  const loadBefore = load();
  const dataFile = makeDataSet();
  const head = shortSha('HEAD');
  const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], {
    cwd: root,
    encoding: 'utf8',
  }).trim().length
    ? '+changes'
    : '';
  // Both sides open at once and measured in turns (A, B, A, B…): on a shared machine both see the same load.
  const wt = values.against ? worktree(values.against) : undefined;
  const opened: Awaited<ReturnType<typeof openSide>>[] = [];
  try {
    if (wt) opened.push(await openSide(wt.tree, wt.sha, dataFile));
    opened.push(
      await openSide(root, `${head}${dirty}${values.lighter ? ' (lighter)' : ''}`, dataFile, {
        sourcemap: values.profile !== undefined,
        lighter: values.lighter,
      }),
    );
    for (const o of opened) await o.once(); // warm-up: the JIT, the host's first queries
    for (let r = 0; r < RUNS; r++) for (const o of opened) o.side.openings.push(await o.once());
    await opened.at(-1)!.recordings({ profile: values.profile, trace: values.trace });
  } finally {
    for (const o of opened) await o.close();
    wt?.remove();
  }
  const sides = opened.map((o) => o.side);
  console.log(
    `\nbench/conciliar — opening Conciliar on one statement of ${N.toLocaleString('en')} matched credit lines, browser host, Chromium headless 1366×768; median of ${RUNS} openings after a warm-up${sides.length > 1 ? ', the sides in turns' : ''}`,
  );
  console.log(`load average (1, 5, 15 min): before ${loadBefore}, after ${load()} — 2-core machine shared`);
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.table(
    Object.fromEntries(
      sides.map((s) => [
        s.label,
        {
          'renderer CPU (task)': ms(median(s.openings.map((o) => o.taskMs))),
          'of it script': ms(median(s.openings.map((o) => o.scriptMs))),
          'renderer CPU (least)': ms(Math.min(...s.openings.map((o) => o.taskMs))),
          'open → drawn': ms(median(s.openings.map((o) => o.drawnMs))),
          '…of it match.lines': ms(median(s.openings.map((o) => o.linesMs))),
          'host CPU': ms(median(s.openings.map((o) => o.hostMs))),
          received: `${(median(s.openings.map((o) => o.bytes)) / 1e6).toFixed(1)} MB`,
          'rows in DOM': s.rows,
          'DOM elements': s.domNodes,
        },
      ]),
    ),
  );
  for (const s of sides) {
    console.log(
      `${s.label}: zones ${JSON.stringify(s.seeded.zones)}; renderer CPU per opening ${s.openings.map((o) => o.taskMs.toFixed(0)).join(', ')} ms; open → drawn ${s.openings.map((o) => o.drawnMs.toFixed(0)).join(', ')} ms = click → first match.lines request ${median(s.openings.map((o) => o.beforeLinesMs)).toFixed(0)} ms + its pages answered ${median(s.openings.map((o) => o.linesMs)).toFixed(0)} ms + the rest (medians)`,
    );
    const tops: [string, Top | undefined][] = [
      ['CPU profile (V8, self time by function)', s.profile],
      ['trace (main thread, self time by event)', s.trace],
    ];
    for (const [what, top] of tops) {
      if (!top) continue;
      console.log(`\n${s.label}: one more opening, ${what}: ${top.totalMs.toFixed(0)} ms in all`);
      for (const e of top.entries)
        console.log(
          `${e.ms.toFixed(1).padStart(8)} ms ${(e.share * 100).toFixed(1).padStart(5)} %  ${e.where}`,
        );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
