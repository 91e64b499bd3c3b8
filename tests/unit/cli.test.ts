import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tmp';

const run = promisify(execFile);
const tmp = tempDir();
afterAll(() => tmp.cleanup());
const env = {
  ...process.env,
  QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key'),
  QUITA_DATA_DIR: join(tmp.dir, 'default-data'),
};

/** Runs the real `quita` bin as a user would (`npx quita` resolves to the same file). */
async function quita(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, ['bin/quita.mjs', ...args], { env });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('quita CLI', () => {
  it('prints help and exits 0', async () => {
    const r = await quita('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Uso: quita \[--data-dir PASTA\] \[--lang pt-BR\|en\] \[--json\] <comando>/);
    expect(r.stdout).toMatch(/^ {2}settings +Mostra ou muda o idioma e o tema/m);
    const en = await quita('--lang', 'en', '--help');
    expect(en.stdout).toMatch(/^Usage: quita \[--data-dir DIR\] \[--lang pt-BR\|en\] \[--json\] <command>/);
  });

  it('exits 2 on bad usage, with the reason on stderr and nothing on stdout', async () => {
    for (const args of [[], ['frobnicate'], ['info', '--no-such-flag'], ['settings', '--locale', 'fr']]) {
      const r = await quita(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr.length).toBeGreaterThan(0);
    }
  });

  it('honours a global --data-dir and prints only JSON on stdout with --json', async () => {
    const dataDir = join(tmp.dir, 'given');
    const r = await quita('--data-dir', dataDir, 'settings', '--locale', 'en', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ locale: 'en', theme: 'system', activeProfileId: null });
    const info = await quita('--data-dir', dataDir, '--json', 'info');
    expect(JSON.parse(info.stdout)).toMatchObject({ mode: 'cli', dataDir });
    const list = await quita('--data-dir', dataDir, 'commands', '--json');
    expect((JSON.parse(list.stdout) as { name: string }[]).map((c) => c.name)).toContain('connection.test');
  });

  it('exits 1 with a single line on stderr when the work fails', async () => {
    const notADir = join(tmp.dir, 'a-file');
    writeFileSync(notADir, 'x');
    const r = await quita('--data-dir', notADir, 'info');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^quita: não foi possível abrir a pasta de dados .*: há um arquivo com esse nome/,
    );
  });
});
