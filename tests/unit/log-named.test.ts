import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { commandCaller, testCore } from '../helpers/core';
import { tempDir } from '../helpers/tmp';

/** [Q] item 5: where the details of a failure go is named where a clerk (or support) looks. */
describe('the log file is named', () => {
  it('by quita --version, for the data folder in use', async () => {
    const t = tempDir();
    const out: string[] = [];
    const io = { stdout: (s: string) => void out.push(s), stderr: () => undefined, env: {} };
    expect(await runCli(['--data-dir', t.dir, '--version'], io)).toBe(0);
    expect(out.join('\n')).toMatch(/^\d+\.\d+\.\d+\nArquivo de registro: /);
    expect(out.join('\n')).toContain(join(t.dir, 'logs', 'quita.log'));
    out.length = 0;
    expect(await runCli(['--data-dir', t.dir, '--json', '--version'], io)).toBe(0);
    expect(JSON.parse(out[0]!)).toMatchObject({ logFile: join(t.dir, 'logs', 'quita.log') });
    t.cleanup();
  });

  it('by app.info, which Configurações shows beside the data folder', async () => {
    const t = testCore();
    const info = await commandCaller(t.core)<{ dataDir: string; logFile: string }>('app.info', {});
    expect(info.logFile).toBe(join(info.dataDir, 'logs', 'quita.log'));
    expect(info.logFile).toBe(t.core.logFile);
    await t.core.close();
    t.cleanup();
  });
});
