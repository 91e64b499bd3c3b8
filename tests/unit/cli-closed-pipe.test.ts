import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox';
import { quitaCli } from '../helpers/cli';
import { testSandbox } from '../helpers/sandbox';
import { tempDir } from '../helpers/tmp';

const tmp = tempDir();
const dataDir = join(tmp.dir, 'data');
const env = { ...process.env, QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key') };
const quita = quitaCli(dataDir, env);
let sandbox: RunningSandbox;

/**
 * Linux's default pipe capacity: at most this much can sit written but unread in the pipe when the reader goes.
 * An output longer than what the reader took plus this had to be written, in part, into the closed pipe.
 */
const PIPE_CAPACITY = 64 * 1024;

/**
 * Runs the real bin, its stdout read to the end, or by a reader that stops after the first line (what `| head -1`
 * does): the pipe's read end is closed there, so every later write of the CLI meets a closed pipe (EPIPE).
 */
function run(
  args: string[],
  opts: { closeAfterFirstLine: boolean },
): Promise<{ code: number | null; signal: string | null; received: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/quita.mjs', '--data-dir', dataDir, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let received = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (opts.closeAfterFirstLine && chunk.includes(10)) child.stdout.destroy();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (code, signal) => resolve({ code, signal, received, stderr }));
  });
}

beforeAll(async () => {
  sandbox = await testSandbox({ members: 400 });
  const connect = await quita(
    ['connect', '--base-url', sandbox.url, '--username', sandbox.username, '--key-kind', 'branch'],
    { QUITA_PASSWORD: sandbox.branchKey },
  );
  expect(connect.code, connect.stderr).toBe(0);
  expect((await quita(['sync', '--no-debtors'])).code).toBe(0);
}, 120_000);
afterAll(async () => {
  await sandbox.close();
  tmp.cleanup();
});

describe('a reader that closes the pipe early (quita … | head)', () => {
  it.each(['receivables --json', '--json receivables --status received'])(
    'quita %s | head -1: exit 0, nothing on stderr, though most of the output met a closed pipe',
    async (command) => {
      const args = command.split(' ');
      const full = await run(args, { closeAfterFirstLine: false });
      expect(full.code).toBe(0);
      const r = await run(args, { closeAfterFirstLine: true });
      expect(r.stderr).toBe('');
      expect(r.signal).toBeNull();
      expect(r.code).toBe(0);
      // Not timing luck: more was left than the pipe can hold, so the CLI did write into the closed pipe.
      expect(full.received - r.received).toBeGreaterThan(PIPE_CAPACITY);
    },
  );
});
