/**
 * bench/branches ([V] issue 33, "Measure"): a network of 20 branches × ~2,000 receivables each on one
 * multi-location ("administrador geral") key, against the sandbox's network mode, through the core's commands as
 * the app calls them (profiles.save with the admin key, sync.run, branches.update, import.commit, match.run).
 *
 * 1. Sync: HTTP requests (counted at the client's fetch, by endpoint) and time, for the first sync (the network read
 *    whole) and incremental ones (after 50 receivables changed at the server each time), with the server honouring
 *    `idBranch`, ignoring it, and with the office reconciling 5 of the 20 branches (read branch by branch with
 *    idBranch: after the network's first read, and from the start). Each with:
 *    (a) the time it WOULD take at the real API's limit (40/min, 5/s): requests × 1.5 s, and the schedule of the
 *        app's own rate limiter (sliding 1 s and 60 s windows, +25 ms margin) for that many requests on a virtual
 *        clock: bursts of 5 a second until 40 went out, then the 41st waits until the 1st is a minute old, and so
 *        on — (N−1)/40 whole minutes plus the last minute's bursts; neither counts the API's own answer time.
 *    (b) the wall and CPU time with the profile's limit raised to the most it takes (50/s, 2,000/min), so the
 *        client's own cost shows: wall, the part of it the limiter waited (50/s still binds a fast loopback),
 *        the bench process's CPU (the core alone: the sandbox runs in its own process, server.ts) and the
 *        sandbox's CPU.
 * 2. Matching "the network's day": one statement (CSV) per branch's primary account and one of the central account,
 *    of the last `--days` days of credits, imported (import.commit suggests once, not timed), then `match.run` on
 *    each, `--runs` passes; beside it ONE branch's primary-account statement of the same days on a single-branch
 *    sandbox of the same size (members = members per branch). Medians of the passes: wall and CPU
 *    (`process.cpuUsage()`) per statement and for the whole day, and the ratios network / one branch.
 *
 * Pinned to nothing: the load average is printed beside the numbers. The sync window is explicit (the app's
 * default 90 days back and 7 ahead; with an explicit dueTo the first sync does not add the card receivables due
 * later), so the receivables counted in it are exactly what the sync reads.
 *
 * Usage: node_modules/.bin/tsx bench/branches/run.ts [--quick] [--members N] [--runs N] [--days N]
 *   full: 675 members per branch (~2,000 receivables per branch in the window), 5 passes; --quick: 170 and 3.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRateLimiter, DEFAULT_RATE_LIMITS } from '../../src/core/api/rate-limiter';
import type { SandboxOptions } from '../../src/sandbox';
import { addDays, todayInBrasilia } from '../../src/shared/dates';
import { commandCaller, testCore } from '../../tests/helpers/core';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    members: { type: 'string' },
    runs: { type: 'string' },
    days: { type: 'string', default: '1' },
  },
});
const BRANCHES = 20;
const CHOSEN = 5;
const M = Number(values.members ?? (values.quick ? 170 : 675));
const RUNS = Number(values.runs ?? (values.quick ? 3 : 5));
const DAYS = Number(values.days);
const CHANGED = 50;
const RAISED = { perSecond: 50, perMinute: 2000 };
const today = todayInBrasilia();
const WINDOW = { dueFrom: addDays(today, -90), dueTo: addDays(today, 7) };
const here = dirname(fileURLToPath(import.meta.url));
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const log = (s: string) => process.stderr.write(`${s}\n`);

// ---- requests, counted at the client's fetch (the core's API client calls the global fetch) ----
type Kind = 'accounts' | 'receivables' | 'debtors' | 'other';
const sent: Record<Kind, number> & { idBranch: number } = {
  accounts: 0,
  receivables: 0,
  debtors: 0,
  other: 0,
  idBranch: 0,
};
const realFetch = globalThis.fetch;
globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const p = url.pathname;
  const kind: Kind = p.endsWith('/bank-accounts')
    ? 'accounts'
    : p.endsWith('/receivables')
      ? 'receivables'
      : p.endsWith('/receivables/debtors')
        ? 'debtors'
        : 'other';
  sent[kind]++;
  if (url.searchParams.has('idBranch')) sent.idBranch++;
  return realFetch(input, init);
};
const snapshot = () => ({ ...sent });

// ---- the sandbox, in its own process (server.ts) ----
interface Server {
  url: string;
  username: string;
  adminKey: string;
  branchKey: string;
  accounts: { id: number; role: string; branchId: number | null }[];
  receivables: { total: number; inWindow: number; perBranch: Record<string, number> };
  ask<T>(req: Record<string, unknown>): Promise<T>;
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}
async function startServer(opts: SandboxOptions): Promise<Server> {
  const child = spawn(
    join('node_modules', '.bin', 'tsx'),
    [
      join(here, 'server.ts'),
      JSON.stringify({ ...opts, window: { from: WINDOW.dueFrom, to: WINDOW.dueTo } }),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async <T>(): Promise<T> => {
    const r = await lines.next();
    if (r.done) throw new Error('the sandbox process ended');
    return JSON.parse(r.value) as T;
  };
  const info = await next<Omit<Server, 'ask' | 'cpuMs' | 'close'>>();
  const ask = async <T>(req: Record<string, unknown>) => {
    child.stdin.write(`${JSON.stringify(req)}\n`);
    return next<T>();
  };
  return {
    ...info,
    ask,
    cpuMs: async () => {
      const c = await ask<{ user: number; system: number }>({ op: 'cpu' });
      return (c.user + c.system) / 1000;
    },
    close: async () => {
      const exited = once(child, 'exit');
      await ask({ op: 'close' });
      await exited;
    },
  };
}
const sandboxOptions = (network: SandboxOptions['network'] | undefined): SandboxOptions => ({
  seed: 11,
  today,
  members: M,
  unreconciledDays: 14,
  rateLimit: false,
  ...(network ? { network } : {}),
});

type Call = ReturnType<typeof commandCaller>;

// ---- (a) the time a number of requests takes at the real limit: the app's limiter on a virtual clock ----
async function scheduleMs(requests: number): Promise<number> {
  let now = 0;
  const limiter = createRateLimiter(DEFAULT_RATE_LIMITS, {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  });
  for (let i = 0; i < requests; i++) await limiter.acquire();
  return now;
}

interface SyncRow {
  scenario: string;
  sync: string;
  read: string;
  fetched: number;
  requests: number;
  accounts: number;
  receivables: number;
  debtors: number;
  idBranch: number;
  at40PerMin: number;
  schedule: number;
  wall: number;
  waited: number;
  cpu: number;
  serverCpu: number;
  resuggested: number;
  load: string;
}
const syncRows: SyncRow[] = [];
interface SyncSummary {
  requests: number;
  waitedMs: number;
  receivables: { fetched: number; mode: string };
  network: { read: string; branchesRead: number } | null;
  suggestionsRefreshed: number;
}
async function timedSync(server: Server, call: Call, scenario: string, sync: string): Promise<SyncSummary> {
  const before = snapshot();
  const serverBefore = await server.cpuMs();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const s = await call<SyncSummary>('sync.run', WINDOW);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const serverCpu = (await server.cpuMs()) - serverBefore;
  const d = (k: keyof typeof sent) => sent[k] - before[k];
  const requests = d('accounts') + d('receivables') + d('debtors') + d('other');
  if (requests !== s.requests)
    log(`  (the summary says ${s.requests} requests, the client's fetch saw ${requests})`);
  syncRows.push({
    scenario,
    sync,
    read: s.network
      ? `${s.network.read}${s.network.read === 'branches' ? ` (${s.network.branchesRead})` : ''}`
      : 'branch key',
    fetched: s.receivables.fetched,
    requests,
    accounts: d('accounts'),
    receivables: d('receivables'),
    debtors: d('debtors'),
    idBranch: d('idBranch'),
    at40PerMin: requests * 1.5,
    schedule: (await scheduleMs(requests)) / 1000,
    wall: wall / 1000,
    waited: s.waitedMs / 1000,
    cpu: (cpu.user + cpu.system) / 1e6,
    serverCpu: serverCpu / 1000,
    resuggested: s.suggestionsRefreshed,
    load: load(),
  });
  log(`  ${scenario}, ${sync}: ${requests} requests, ${(wall / 1000).toFixed(1)} s`);
  return s;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Imports one statement per account (import.commit suggests once), then `runs` passes of match.run on each. */
async function timeMatching(server: Server, call: Call, accountIds: number[]) {
  const from = addDays(today, -DAYS);
  const to = addDays(today, -1);
  const statements: { accountId: number; statementId: number; lines: number }[] = [];
  const t = testCoreUploads.get(call)!;
  for (const accountId of accountIds) {
    const st = await server.ask<{ fileName: string; base64: string }>({
      op: 'statement',
      bankAccountId: accountId,
      from,
      to,
      format: 'csv',
    });
    const { uploadId } = t.stage(st.fileName, Buffer.from(st.base64, 'base64'));
    const { statementId } = await call<{ statementId: number }>('import.commit', {
      uploadId,
      bankAccountId: accountId,
    });
    statements.push({ accountId, statementId, lines: 0 });
  }
  // What the matcher reads for a statement of these days (matching.repo.ts, receivables(): every open or overdue
  // receivable not conciliated, and the received ones of the statement's days ±40), before any branch is looked at.
  const read = Number(
    coreDbs.get(call)!()
      .prepare(
        `SELECT count(*) FROM receivables WHERE (status_id IN (1, 4) AND coalesce(conciliated, 0) = 0)
           OR (status_id = 2 AND (receiving_date BETWEEN ? AND ? OR due_date BETWEEN ? AND ?))`,
      )
      .pluck()
      .get(addDays(from, -40), addDays(to, 40), addDays(from, -40), addDays(to, 40)),
  );
  const per = statements.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  const totals = { wall: [] as number[], cpu: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    let wallSum = 0;
    let cpuSum = 0;
    for (const [k, s] of statements.entries()) {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await call<{ lines: number }>('match.run', { statementId: s.statementId });
      const wall = performance.now() - t0;
      const c = process.cpuUsage(cpu0);
      const cpu = (c.user + c.system) / 1000;
      s.lines = r.lines;
      per[k]!.wall.push(wall);
      per[k]!.cpu.push(cpu);
      wallSum += wall;
      cpuSum += cpu;
    }
    totals.wall.push(wallSum);
    totals.cpu.push(cpuSum);
  }
  return {
    statements: statements.map((s, k) => ({
      ...s,
      wall: median(per[k]!.wall),
      cpu: median(per[k]!.cpu),
    })),
    wall: median(totals.wall),
    cpu: median(totals.cpu),
    read,
    from,
    to,
  };
}
/** A core connected with the profile's limit raised; its uploads area kept for import.commit. */
const testCoreUploads = new Map<Call, { stage(fileName: string, bytes: Uint8Array): { uploadId: string } }>();
const coreDbs = new Map<
  Call,
  () => { prepare(sql: string): { pluck(): { get(...a: unknown[]): unknown } } }
>();
async function connect(server: Server, key: 'admin' | 'branch') {
  const t = testCore('cli');
  const call = commandCaller(t.core);
  await call('profiles.save', {
    name: key === 'admin' ? 'Rede (bench)' : 'Unidade (bench)',
    baseUrl: server.url,
    username: server.username,
    password: key === 'admin' ? server.adminKey : server.branchKey,
    keyKind: key,
    rateLimit: RAISED,
  });
  testCoreUploads.set(call, t.core.ctx.uploads);
  coreDbs.set(call, () => t.core.ctx.db());
  return {
    call,
    close: async () => {
      await t.core.close();
      t.cleanup();
    },
  };
}

// =====================================================================================================
log(
  `bench/branches: ${BRANCHES} branches × ${M} members, window ${WINDOW.dueFrom}..${WINDOW.dueTo}, load ${load()}`,
);

// ---- honoured: the network read whole, then incrementals, then 5 of 20 chosen ----
const honoured = await startServer(sandboxOptions({ branches: BRANCHES, membersPerBranch: M }));
const perBranch = Object.values(honoured.receivables.perBranch);
const a = await connect(honoured, 'admin');
await timedSync(honoured, a.call, 'idBranch honoured, all 20 chosen', 'first');
await honoured.ask({ op: 'change', n: CHANGED });
await timedSync(honoured, a.call, 'idBranch honoured, all 20 chosen', `2nd (${CHANGED} changed)`);
await honoured.ask({ op: 'change', n: CHANGED });
await timedSync(honoured, a.call, 'idBranch honoured, all 20 chosen', `3rd (${CHANGED} changed)`);

// The office now reconciles 5 of the 20: the others unchosen, each chosen branch read on its own with idBranch.
for (let id = CHOSEN + 1; id <= BRANCHES; id++) await a.call('branches.update', { id, chosen: false });
await honoured.ask({ op: 'change', n: CHANGED });
await timedSync(
  honoured,
  a.call,
  `idBranch honoured, ${CHOSEN} of 20 chosen after`,
  `4th (${CHANGED} changed)`,
);

// ---- matching the network's day on this core (matching does not read which branches are chosen) ----
log('  matching the network’s day…');
const central = honoured.accounts.find((x) => x.role === 'central');
const primaries = honoured.accounts
  .filter((x) => x.role === 'primary')
  .sort((x, y) => (x.branchId ?? 0) - (y.branchId ?? 0));
const networkDay = await timeMatching(honoured, a.call, [
  ...(central ? [central.id] : []),
  ...primaries.map((x) => x.id),
]);
const networkLoad = load();
// A sync that brings receivables suggests again for every statement with undecided lines: the day's are in now.
await honoured.ask({ op: 'change', n: CHANGED });
await timedSync(
  honoured,
  a.call,
  `idBranch honoured, ${CHOSEN} of 20 chosen after`,
  `5th (${CHANGED} changed; the day's statements in)`,
);
await a.close();

// ---- honoured, 5 of 20 chosen from the start (the 20 added by their numbers, 15 unchosen) ----
const c = await connect(honoured, 'admin');
for (let id = 1; id <= BRANCHES; id++) await c.call('branches.add', { id });
for (let id = CHOSEN + 1; id <= BRANCHES; id++) await c.call('branches.update', { id, chosen: false });
await timedSync(honoured, c.call, `idBranch honoured, ${CHOSEN} of 20 from the start`, 'first');
await honoured.ask({ op: 'change', n: CHANGED });
await timedSync(
  honoured,
  c.call,
  `idBranch honoured, ${CHOSEN} of 20 from the start`,
  `2nd (${CHANGED} changed)`,
);
await c.close();
await honoured.close();

// ---- ignored: the server answers every branch whatever idBranch says ----
const ignored = await startServer(
  sandboxOptions({ branches: BRANCHES, membersPerBranch: M, idBranch: 'ignored' }),
);
const b = await connect(ignored, 'admin');
await timedSync(ignored, b.call, 'idBranch ignored, all 20 chosen', 'first');
await ignored.ask({ op: 'change', n: CHANGED });
await timedSync(ignored, b.call, 'idBranch ignored, all 20 chosen', `2nd (${CHANGED} changed)`);
await ignored.ask({ op: 'change', n: CHANGED });
await timedSync(ignored, b.call, 'idBranch ignored, all 20 chosen', `3rd (${CHANGED} changed)`);
for (let id = CHOSEN + 1; id <= BRANCHES; id++) await b.call('branches.update', { id, chosen: false });
await ignored.ask({ op: 'change', n: CHANGED });
await timedSync(
  ignored,
  b.call,
  `idBranch ignored, ${CHOSEN} of 20 chosen after`,
  `4th (${CHANGED} changed)`,
);
await b.close();
await ignored.close();

// ---- one branch of the same size: its sync, and its day's matching ----
const single = await startServer(sandboxOptions(undefined));
const s = await connect(single, 'branch');
await timedSync(single, s.call, `one branch (${M} members), branch key`, 'first');
await single.ask({ op: 'change', n: CHANGED });
await timedSync(single, s.call, `one branch (${M} members), branch key`, `2nd (${CHANGED} changed)`);
log('  matching one branch’s day…');
const singlePrimary = single.accounts.find((x) => x.role === 'primary')!;
const branchDay = await timeMatching(single, s.call, [singlePrimary.id]);
const branchLoad = load();
await s.close();
await single.close();

// =====================================================================================================
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const mmss = (sec: number) => `${Math.floor(sec / 60)}:${String(Math.round(sec % 60)).padStart(2, '0')}`;
console.log(
  `\nbench/branches — ${BRANCHES} branches × ${M} members per branch (seed 11, today ${today}); receivables in the sync window ${WINDOW.dueFrom}..${WINDOW.dueTo} (open, received, overdue): ${honoured.receivables.inWindow} on the network, per branch ${Math.min(...perBranch)}–${Math.max(...perBranch)} (median ${median(perBranch)}); one-branch sandbox: ${single.receivables.inWindow}`,
);
console.log(
  `\nSync (sync.run, the app's default window, debtors included; ${CHANGED} receivables marked received at the server before each later sync)`,
);
console.log(
  `(a) at the real limit: requests × 1.5 s, and the app's limiter schedule at 5/s + 40/min (no answer time counted)`,
);
console.log(
  `(b) limit raised to ${RAISED.perSecond}/s, ${RAISED.perMinute}/min: wall (of it waited for the limiter), the core's CPU, the sandbox's CPU (its own process)`,
);
const head = [
  'scenario',
  'sync',
  'read',
  'fetched',
  'requests (acc/rec/debt; idBranch)',
  '× 1.5 s',
  'limiter at 40/min',
  'wall s (waited)',
  'core CPU s',
  'sandbox CPU s',
  'statements re-suggested',
  'load',
];
console.log(`\n| ${head.join(' | ')} |\n|${head.map(() => ' --- ').join('|')}|`);
for (const r of syncRows)
  console.log(
    `| ${[
      r.scenario,
      r.sync,
      r.read,
      r.fetched,
      `${r.requests} (${r.accounts}/${r.receivables}/${r.debtors}; ${r.idBranch})`,
      mmss(r.at40PerMin),
      mmss(r.schedule),
      `${f1(r.wall)} (${f1(r.waited)})`,
      f2(r.cpu),
      f1(r.serverCpu),
      r.resuggested,
      r.load,
    ].join(' | ')} |`,
  );
const first = syncRows.find((r) => r.scenario.startsWith('idBranch honoured, all') && r.sync === 'first')!;
const one = syncRows.find((r) => r.scenario.startsWith('one branch') && r.sync === 'first')!;
console.log(
  `\nfirst sync, network / one branch: requests ${f1(first.requests / one.requests)}×, core CPU ${f1(first.cpu / one.cpu)}×, wall ${f1(first.wall / one.wall)}×`,
);

console.log(
  `\nMatching the day (statements of ${networkDay.from}${DAYS > 1 ? `..${networkDay.to}` : ''}, match.run after the import's own suggestion; medians of ${RUNS} passes, ms)`,
);
const mhead = ['statement', 'credit lines', 'wall ms', 'CPU ms'];
console.log(`\n| ${mhead.join(' | ')} |\n|${mhead.map(() => ' --- ').join('|')}|`);
const branchName = (id: number) => {
  const acc = honoured.accounts.find((x) => x.id === id);
  return acc?.role === 'central' ? 'network: central account' : `network: branch ${acc?.branchId} primary`;
};
for (const st of networkDay.statements)
  console.log(`| ${branchName(st.accountId)} | ${st.lines} | ${f1(st.wall)} | ${f1(st.cpu)} |`);
const [sb] = branchDay.statements;
console.log(`| one branch: primary | ${sb!.lines} | ${f1(sb!.wall)} | ${f1(sb!.cpu)} |`);

const branchStatements = networkDay.statements.filter(
  (x) => branchName(x.accountId) !== 'network: central account',
);
const perStatement = {
  wall: median(branchStatements.map((x) => x.wall)),
  cpu: median(branchStatements.map((x) => x.cpu)),
};
const centralSt = networkDay.statements.find((x) => branchName(x.accountId) === 'network: central account');
const lines = networkDay.statements.reduce((n, x) => n + x.lines, 0);
console.log(
  `\n| matching | statements | credit lines | wall ms | CPU ms | load |\n| --- | --- | --- | --- | --- | --- |`,
);
console.log(
  `| the network's day (all statements, one pass) | ${networkDay.statements.length} | ${lines} | ${f1(networkDay.wall)} | ${f1(networkDay.cpu)} | ${networkLoad} |`,
);
console.log(
  `| one branch's statement in the network (median of the ${branchStatements.length}) | 1 | ${median(branchStatements.map((x) => x.lines))} | ${f1(perStatement.wall)} | ${f1(perStatement.cpu)} | ${networkLoad} |`,
);
if (centralSt)
  console.log(
    `| the central account's statement | 1 | ${centralSt.lines} | ${f1(centralSt.wall)} | ${f1(centralSt.cpu)} | ${networkLoad} |`,
  );
console.log(
  `| one branch's day on a single-branch sandbox | 1 | ${sb!.lines} | ${f1(branchDay.wall)} | ${f1(branchDay.cpu)} | ${branchLoad} |`,
);
console.log(
  `\nopen or overdue receivables in the cache (the network's all; a branch statement reads its branch's and, for the credits left that name a payer, the others' near their amounts): network ${networkDay.read}, one branch ${branchDay.read}`,
);
console.log(
  `\nratio network / one branch: per branch statement wall ${f2(perStatement.wall / sb!.wall)}×, CPU ${f2(perStatement.cpu / sb!.cpu)}×; the whole day wall ${f2(networkDay.wall / branchDay.wall)}×, CPU ${f2(networkDay.cpu / branchDay.cpu)}× (${networkDay.statements.length} statements, ${lines} credit lines against ${sb!.lines})`,
);
process.exit(0);
