import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args';

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const MAIN = join(process.cwd(), 'src', 'sandbox', 'main.ts');

describe('sandbox command line', () => {
  it('parses server, fault and statement options', () => {
    const serve = parseCliArgs([
      '--port',
      '8787',
      '--seed',
      '42',
      '--members',
      '800',
      '--no-rate-limit',
      '--error-rate',
      '0.1',
      '--latency',
      '200',
      '--reset-rate',
      '0.5',
    ]);
    expect(serve).toEqual({
      kind: 'serve',
      options: {
        port: 8787,
        seed: 42,
        members: 800,
        rateLimit: false,
        faults: { errorRate: 0.1, latencyMs: 200, resetAfterApplyRate: 0.5 },
      },
    });
    const st = parseCliArgs([
      'statement',
      '--account',
      '2',
      '--from',
      '2026-07-01',
      '--to',
      '2026-07-15',
      '--format',
      'csv',
      '--out',
      'x.csv',
    ]);
    expect(st).toMatchObject({
      kind: 'statement',
      statement: { bankAccountId: 2, format: 'csv', noise: 'default', out: 'x.csv' },
    });
    expect(
      parseCliArgs([
        '--accept-id-lists',
        '--ignore-filter',
        'accountStatus,dueDate',
        '--ignore-filter',
        'updateDate',
        '--single-value-lists',
        '--date-only-filters',
        '--mark-received-answer',
        'html',
        '--mark-received-latency',
        '1500',
      ]),
    ).toMatchObject({
      options: {
        faults: { markReceivedLatencyMs: 1500 },
        lenient: {
          idLists: true,
          ignoreFilters: ['accountStatus', 'dueDate', 'updateDate'],
          singleValueLists: true,
          dateOnlyFilters: true,
          markReceivedAnswer: 'html',
        },
      },
    });
    expect(() => parseCliArgs(['--ignore-filter', 'description'])).toThrow(/--ignore-filter/);
    expect(() => parseCliArgs(['--mark-received-answer', 'xml'])).toThrow(/--mark-received-answer/);
    expect(() => parseCliArgs(['--members', 'lots'])).toThrow(/--members/);
    expect(() => parseCliArgs(['--error-rate', '3'])).toThrow(/between 0 and 1/);
    expect(() => parseCliArgs(['--bogus'])).toThrow();
    expect(() => parseCliArgs(['statement', '--from', '2026-07-01'])).toThrow(/--to/);
    expect(() => parseCliArgs(['statement', '--from', 'a', '--to', 'b', '--format', 'pdf'])).toThrow(
      /--format/,
    );
  });

  it('starts standalone, prints the URL and credentials, and stops cleanly on SIGTERM', async () => {
    const child = spawn(
      TSX,
      [MAIN, '--port', '0', '--seed', '3', '--members', '20', '--today', '2026-07-15'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m && out.includes('Ctrl-C')) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    const user = /user \(DNS name\): (\S+)/.exec(out)![1]!;
    const key = /branch key:\s+(\S+)/.exec(out)![1]!;
    expect(out).toMatch(/admin key:\s+\S+/);
    const res = await fetch(`${url}/api/v1/bank-accounts`, {
      headers: { authorization: `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}` },
    });
    expect(res.status).toBe(200);
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('writes a statement and its ground truth with the statement subcommand', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quita-statement-'));
    try {
      const out = join(dir, 'extrato.ofx');
      const child = spawn(
        TSX,
        [
          MAIN,
          'statement',
          '--members',
          '20',
          '--today',
          '2026-07-15',
          '--from',
          '2026-07-01',
          '--to',
          '2026-07-15',
          '--out',
          out,
        ],
        { stdio: 'ignore' },
      );
      expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
      expect(readFileSync(out).toString('latin1')).toContain('CHARSET:1252');
      expect(existsSync(`${out}.truth.json`)).toBe(true);
      const truth = JSON.parse(readFileSync(`${out}.truth.json`, 'utf8')) as { format: string };
      expect(truth.format).toBe('ofx');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
