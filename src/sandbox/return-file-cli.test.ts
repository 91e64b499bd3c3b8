/** `npm run sandbox -- return-file` ([K]): the demo branch's CNAB return file and its ground truth. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args';

const TSX = join(import.meta.dirname, '../../node_modules/.bin/tsx');
const MAIN = join(import.meta.dirname, 'main.ts');

describe('sandbox return-file subcommand', () => {
  it('parses its options and refuses bad ones', () => {
    const cmd = parseCliArgs([
      'return-file',
      '--account',
      '2',
      '--from',
      '2026-07-01',
      '--to',
      '2026-07-15',
      '--layout',
      '400',
      '--seu-numero',
      'blank',
      '--strip',
    ]);
    expect(cmd).toMatchObject({
      kind: 'return-file',
      returnFile: { bankAccountId: 2, layout: '400', seuNumero: 'blank', stripTrailingSpaces: true },
    });
    expect(() => parseCliArgs(['return-file', '--from', '2026-07-01'])).toThrow(/--to/);
    expect(() =>
      parseCliArgs(['return-file', '--from', '2026-07-01', '--to', '2026-07-02', '--layout', '500']),
    ).toThrow(/--layout/);
    expect(parseCliArgs(['statement', '--from', 'a', '--to', 'b', '--boleto-lumps', 'all'])).toMatchObject({
      statement: { boletoLumps: 'all' },
    });
  });

  it('writes the return file and its ground truth', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quita-return-'));
    try {
      const out = join(dir, 'retorno.ret');
      const args = ['return-file', '--members', '60', '--today', '2026-07-15', '--from', '2026-06-15'];
      const child = spawn(TSX, [MAIN, ...args, '--to', '2026-07-15', '--out', out], { stdio: 'ignore' });
      expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
      const first = readFileSync(out).toString('latin1').split('\r\n')[0]!;
      expect(first.length === 240 || first.length === 400).toBe(true);
      expect(existsSync(`${out}.truth.json`)).toBe(true);
      const truth = JSON.parse(readFileSync(`${out}.truth.json`, 'utf8')) as { titles: unknown[] };
      expect(truth.titles.length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
