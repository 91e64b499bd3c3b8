import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../tests/helpers/tmp';

/**
 * Issue [R] item 2: two Quita processes on one data folder (the desktop window and a scheduled `quita` run) both
 * rewrite the secrets file: the one moving the audit anchor read the file, the other moved the profile (deleted
 * the old key, stored the new one), and the first wrote back what it had read, old key included: server B then
 * received A's key. Here two real Node processes do that hundreds of times, and two local servers record every
 * `Authorization` header: each server must only ever see its own user and key.
 */
interface Recorder {
  url: string;
  seen: string[];
  close: () => Promise<void>;
}

async function recorder(): Promise<Recorder> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const h = req.headers.authorization ?? '';
    seen.push(h.startsWith('Basic ') ? Buffer.from(h.slice(6), 'base64').toString('utf8') : h);
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end('{"message":"unauthorized"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Worker {
  /** The next line the process writes. */
  line(): Promise<string>;
  send(line: string): void;
  exited: Promise<number>;
  stderr: () => string;
}

function worker(args: Record<string, unknown>): Worker {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', join('tests', 'helpers', 'rebind-worker.ts'), JSON.stringify(args)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const out = createInterface({ input: child.stdout });
  const lines: string[] = [];
  const waiting: ((l: string) => void)[] = [];
  out.on('line', (l) => (waiting.length ? waiting.shift()!(l) : lines.push(l)));
  const exited = new Promise<number>((r) => child.on('exit', (code) => r(code ?? -1)));
  // Never left behind by a failed test.
  cleanups.push(() => {
    if (child.exitCode === null) child.kill();
  });
  // A process that dies without its line fails the test instead of hanging it.
  void exited.then(() => {
    for (const w of waiting.splice(0)) w(`exited: ${err.split('\n').slice(-5).join(' ')}`);
  });
  return {
    line: () =>
      lines.length
        ? Promise.resolve(lines.shift()!)
        : new Promise((r) => {
            waiting.push(r);
          }),
    send: (l) => child.stdin.write(`${l}\n`),
    exited,
    stderr: () => err,
  };
}

describe('two processes re-binding a profile while the other moves the audit anchor (issue [R] item 2)', () => {
  it('no key ever reaches the other server', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const a = await recorder();
    const b = await recorder();
    cleanups.push(a.close, b.close);
    const common = {
      dataDir: join(t.dir, 'data'),
      keyFile: join(t.dir, 'keys', 'master.key'),
      a: a.url,
      b: b.url,
    };
    const SWITCHES = 240;

    const rebinder = worker({ ...common, role: 'rebinder', switches: SWITCHES });
    const ready = await rebinder.line();
    expect(ready, rebinder.stderr()).toMatch(/^ready p-/);
    const user = worker({ ...common, role: 'user', switches: 0 });
    expect(await user.line(), user.stderr()).toBe('ready');
    rebinder.send('go');
    expect(await rebinder.line(), rebinder.stderr()).toBe(`done ${SWITCHES} failed 0`);
    user.send('stop');
    const stopped = await user.line();
    expect(stopped, user.stderr()).toMatch(/^stopped \d+$/);
    expect([await rebinder.exited, await user.exited]).toEqual([0, 0]);

    const rounds = Number(stopped.split(' ')[1]);
    const wrongAtA = a.seen.filter((s) => s !== 'gym-a:KEY-OF-A');
    const wrongAtB = b.seen.filter((s) => s !== 'gym-b:KEY-OF-B');
    // Both servers were used, the anchor really moved meanwhile, and nothing went where it did not belong.
    expect(a.seen.length).toBeGreaterThan(SWITCHES / 2);
    expect(b.seen.length).toBeGreaterThan(SWITCHES / 2);
    expect(rounds).toBeGreaterThan(20);
    expect({ wrongAtA, wrongAtB }).toEqual({ wrongAtA: [], wrongAtB: [] });
  }, 240_000);
});
