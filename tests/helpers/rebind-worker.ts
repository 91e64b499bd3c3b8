/**
 * One Quita process of the two-process re-binding race (src/core/connection/connection.key-race.test.ts), run with
 * `node --import tsx`. It opens the real core on the shared data folder, with the file secret store, and talks to
 * the test over stdin/stdout one line at a time (no sleeps: each side waits for the other's line).
 *
 * - `rebinder`: creates the profile on server A, says `ready <id>`, waits for `go`, then moves the profile between
 *   A (user gym-a, KEY-OF-A) and B (user gym-b, KEY-OF-B) `switches` times, testing the connection after each
 *   move, and says `done <switches> failed <saves that failed>`.
 * - `user`: says `ready`, then until `stop` moves the audit anchor (an audit entry, then the anchor refresh every
 *   command ends with: a rewrite of secrets.local.json) and tests the connection with the stored key; says
 *   `stopped <rounds>`.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createCore } from '../../src/core/bootstrap';

interface Args {
  role: 'rebinder' | 'user';
  dataDir: string;
  keyFile: string;
  a: string;
  b: string;
  switches: number;
}

const args = JSON.parse(process.argv[2]!) as Args;
const core = createCore({
  mode: 'cli',
  version: '0.0.0-test',
  dataDir: args.dataDir,
  env: { QUITA_KEY_FILE: args.keyFile },
});
const lines = createInterface({ input: process.stdin });
const waiting: ((line: string) => void)[] = [];
const said: string[] = [];
lines.on('line', (l) => {
  const w = waiting.shift();
  if (w) w(l);
  else said.push(l);
});
const next = () =>
  new Promise<string>((resolve) => {
    const l = said.shift();
    if (l !== undefined) resolve(l);
    else waiting.push(resolve);
  });
const say = (l: string) => process.stdout.write(`${l}\n`);
const SERVERS = [
  { baseUrl: args.a, username: 'gym-a', password: 'KEY-OF-A' },
  { baseUrl: args.b, username: 'gym-b', password: 'KEY-OF-B' },
];

async function rebinder() {
  const created = await core.dispatch('profiles.save', { name: 'Centro', keyKind: 'branch', ...SERVERS[0] });
  if (!created.ok) throw new Error(created.error.message);
  const id = (created.value as { id: string }).id;
  say(`ready ${id}`);
  if ((await next()) !== 'go') return;
  let failed = 0;
  for (let i = 1; i <= args.switches; i++) {
    const to = SERVERS[i % 2]!;
    const saved = await core.dispatch('profiles.save', { id, name: 'Centro', keyKind: 'branch', ...to });
    if (!saved.ok) failed++;
    await core.dispatch('profiles.test', { id });
  }
  say(`done ${args.switches} failed ${failed}`);
}

async function user() {
  let stop = false;
  void next().then(() => (stop = true));
  say('ready');
  let rounds = 0;
  while (!stop) {
    const id = core.ctx.settings.get().activeProfileId;
    if (id) {
      await core.ctx.audit('test.tick', null, { after: { round: rounds } });
      core.ctx.anchorAudit(id);
      await core.dispatch('profiles.test', { id });
    }
    rounds++;
    // Let the `stop` line in (a turn of the event loop, not a wait).
    await new Promise((r) => setImmediate(r));
  }
  say(`stopped ${rounds}`);
}

try {
  await (args.role === 'rebinder' ? rebinder() : user());
} catch (e) {
  // The core logs an unexpected error's details in its log file and answers one sentence: show both.
  process.stderr.write(
    `${String(e)}\n${readFileSync(core.logFile, 'utf8').split('\n').slice(-30).join('\n')}\n`,
  );
  process.exitCode = 1;
} finally {
  await core.close();
  lines.close();
  process.stdin.destroy();
}
