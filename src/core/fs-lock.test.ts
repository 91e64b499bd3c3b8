import { spawn } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { threadId } from 'node:worker_threads';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../tests/helpers/tmp';
import { withFileLock } from './fs-lock';

let cleanup = () => {};
afterEach(() => cleanup());

const run = (file: string, times: number) =>
  new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join('tests', 'helpers', 'lock-worker.ts'), file, String(times)],
      { stdio: 'inherit' },
    );
    child.on('exit', (code) => resolve(code ?? -1));
  });

/** A pid that ran on this machine and has ended. */
const deadPid = () =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('exit', () => resolve(child.pid!));
  });

describe('withFileLock: one read-change-write at a time across processes', () => {
  it('two processes adding 1 to one file 300 times each end at 600: no change is lost', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const file = join(t.dir, 'counter');
    expect(await Promise.all([run(file, 300), run(file, 300)])).toEqual([0, 0]);
    expect(readFileSync(file, 'utf8')).toBe('600');
    expect(existsSync(`${file}.lock`)).toBe(false);
  }, 120_000);

  it('takes over a lock left by a process that died, and one too old to be held', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const file = join(t.dir, 'secrets.json');
    writeFileSync(
      `${file}.lock`,
      JSON.stringify({ pid: await deadPid(), host: hostname(), nonce: 'x', at: Date.now() }),
    );
    expect(withFileLock(file, () => 'ran', { timeoutMs: 2000 })).toBe('ran');
    expect(existsSync(`${file}.lock`)).toBe(false);
    // A live pid (ours, as another machine's would look) but taken long ago by its own clock: taken over by age.
    writeFileSync(
      `${file}.lock`,
      JSON.stringify({ pid: process.pid, host: 'elsewhere', nonce: 'y', at: Date.now() - 60_000 }),
    );
    expect(withFileLock(file, () => 'ran again', { timeoutMs: 2000 })).toBe('ran again');
    // A lock whose content cannot be read (damaged, or half written) is given staleMs from when it was first seen
    // so, on this process's clock: its mtime says nothing (here: an hour in the future).
    writeFileSync(`${file}.lock`, '{"pid":');
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(`${file}.lock`, future, future);
    expect(withFileLock(file, () => 'ran a third time', { timeoutMs: 2000, staleMs: 200 })).toBe(
      'ran a third time',
    );
    // A lock naming this very thread is a leftover of an earlier hold (a release that lost a race): taken at once.
    writeFileSync(
      `${file}.lock`,
      JSON.stringify({ pid: process.pid, host: hostname(), nonce: 'w', at: Date.now(), thread: threadId }),
    );
    expect(withFileLock(file, () => 'ran a fourth time', { timeoutMs: 150 })).toBe('ran a fourth time');
  });

  it('waits for a live holder and gives up with secrets.busy, leaving its lock alone', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const file = join(t.dir, 'secrets.json');
    const held = JSON.stringify({ pid: process.ppid, host: hostname(), nonce: 'z', at: Date.now() });
    writeFileSync(`${file}.lock`, held);
    expect(() => withFileLock(file, () => 'never', { timeoutMs: 150 })).toThrow(
      expect.objectContaining({ code: 'secrets.busy' }),
    );
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(held);
  });

  it('a nested call on the same file in one process just runs', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const file = join(t.dir, 'secrets.json');
    expect(withFileLock(file, () => withFileLock(file, () => 2) + 1)).toBe(3);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});
