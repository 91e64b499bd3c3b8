import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDispatch } from '../../src/core/dispatch';
import type { Handlers } from '../../src/core/handlers';
import { fileLogger, LOG_MAX_BYTES } from '../../src/core/log';
import { quitaCli } from '../helpers/cli';
import { tempDir } from '../helpers/tmp';

/**
 * [N] item 5: every failure is one sentence for the clerk; the details (the stack) go to the data folder's log,
 * which a desktop app's clerk can send to support.
 */
const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('the log file', () => {
  it('a command failing on a damaged database says one sentence, no stack trace', async () => {
    const dataDir = join(tmp.dir, 'cli');
    const env = { ...process.env, QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key') };
    const quita = quitaCli(dataDir, env);
    expect((await quita(['demo', 'start'])).code).toBe(0);
    expect((await quita(['sync', '--no-debtors'])).code).toBe(0);
    const profile = readdirSync(join(dataDir, 'profiles'))[0]!;
    for (const f of readdirSync(join(dataDir, 'profiles', profile)))
      if (f.startsWith('quita.db')) writeFileSync(join(dataDir, 'profiles', profile, f), '');
    for (const cmd of [['status'], ['audit', 'verify'], ['match'], ['send']]) {
      const r = await quita(cmd);
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^quita: O banco de dados desta filial está danificado/);
    }
  }, 90_000);

  it('an unexpected failure reaches the clerk as one sentence and the log with its stack', async () => {
    const dataDir = join(tmp.dir, 'unexpected');
    const log = fileLogger(dataDir);
    const dispatch = createDispatch(
      {
        'settings.get': async () => {
          throw new TypeError("Cannot read properties of undefined (reading 'locale')");
        },
      } as unknown as Handlers,
      (m) => log.error(m),
    );
    const r = await dispatch('settings.get', {});
    expect(r).toEqual({
      ok: false,
      error: {
        kind: 'internal',
        message: 'Something went wrong inside Quita; the details were written to the log.',
        code: 'internal',
      },
    });
    const text = readFileSync(join(dataDir, 'logs', 'quita.log'), 'utf8');
    expect(text).toMatch(/ERROR \[pid \d+\] \[quita\] command settings\.get failed: TypeError: Cannot read/);
    expect(text).toMatch(/\n\s+at /); // the stack is kept here, not shown
    expect(statSync(join(dataDir, 'logs', 'quita.log')).mode & 0o777).toBe(0o600);
  });

  it('rotates at its size limit, keeping three old files', () => {
    const dir = join(tmp.dir, 'rot');
    mkdirSync(join(dir, 'logs'), { recursive: true });
    const log = fileLogger(dir);
    const big = 'y'.repeat(64 * 1024);
    for (let i = 0; i < (LOG_MAX_BYTES / big.length) * 5; i++) log.info(big);
    const files = readdirSync(join(dir, 'logs')).sort();
    expect(files).toEqual(['quita.log', 'quita.log.1', 'quita.log.2', 'quita.log.3']);
    for (const f of files)
      expect(statSync(join(dir, 'logs', f)).size).toBeLessThanOrEqual(LOG_MAX_BYTES + 70 * 1024);
    log.error('the end', new Error('boom'));
    expect(readFileSync(join(dir, 'logs', 'quita.log'), 'utf8')).toMatch(
      /ERROR \[pid \d+\] the end\n {4}Error: boom/,
    );
  });
});
