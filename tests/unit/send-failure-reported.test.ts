import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/core/bootstrap';
import type { RunningSandbox } from '../../src/sandbox';
import { prepareMatchedBranch } from '../helpers/branch';
import { quitaCli } from '../helpers/cli';
import { commandCaller } from '../helpers/core';
import { testSandbox } from '../helpers/sandbox';
import { tempDir } from '../helpers/tmp';

/**
 * [Q] item 5: a send nobody waits for (Enviar queues with wait: false) that fails outright — here the branch's
 * key is no longer stored on this computer — is not dropped: the log has the details and the job ends with the
 * error, whose sentence Enviar shows (job.finished carries it).
 */
const tmp = tempDir();
const dataDir = join(tmp.dir, 'data');
const keyFile = join(tmp.dir, 'keys', 'master.key');
const quita = quitaCli(dataDir, { QUITA_KEY_FILE: keyFile });
let sandbox: RunningSandbox;
let core: Core | undefined;

beforeAll(async () => {
  sandbox = await testSandbox();
  await prepareMatchedBranch(quita, sandbox, sandbox.url, tmp.dir);
  const approved = await quita(['approve', '--green']);
  expect(approved.code).toBe(0);
  // [T] In the clerk's words, with the next step.
  expect(approved.stdout).toMatch(
    /^\d+ sugest(ão verde aprovada|ões verdes aprovadas)\.\nPróximo passo: quita send marca os aprovados como pagos no EVO\.\n$/,
  );
}, 120_000);
afterAll(async () => {
  await core?.close();
  await sandbox.close();
  tmp.cleanup();
});

describe('a failed background send leaves a trace', () => {
  it('logged, and ended with the error the screen shows', async () => {
    // The key store of the plain-Node doors: without it the API cannot be called.
    rmSync(join(dataDir, 'secrets.local.json'));
    core = createCore({ mode: 'browser', version: '0.0.0-test', dataDir, env: { QUITA_KEY_FILE: keyFile } });
    const finished = new Promise<unknown>((resolve) =>
      core!.events.subscribe((name, payload) => {
        if (name === 'job.finished') resolve(payload);
      }),
    );
    const queued = await commandCaller(core)<{ batchIds: number[] }>('send.confirm', {
      chunkSize: 50,
      wait: false,
    });
    expect(queued.batchIds.length).toBeGreaterThan(0);
    expect(await finished).toMatchObject({
      jobId: expect.stringMatching(/^send-p-/) as unknown,
      ok: false,
      error: { kind: 'auth', code: 'profile.no_secret' },
      message: expect.stringContaining('No key is stored for this connection here') as unknown,
    });
    expect(readFileSync(core.logFile, 'utf8')).toMatch(
      /ERROR \[pid \d+\] the sender of profile p-\w+ failed/,
    );
  }, 60_000);
});
