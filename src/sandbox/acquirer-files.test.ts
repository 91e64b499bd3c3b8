/**
 * `npm run sandbox -- acquirer-file` ([J]): the demo branch's acquirer settlement files and their ground
 * truth, read back by Quita's own parser: every batch and every sale the truth lists is in the file.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAcquirerFile } from '../core/import/acquirer/parse-acquirer';
import { ACQUIRER_FORMATS, writeAcquirerFile } from './acquirer-files';
import { parseCliArgs } from './cli-args';
import { generateSandboxData } from './data/generate';

const TSX = join(import.meta.dirname, '../../node_modules/.bin/tsx');
const MAIN = join(import.meta.dirname, 'main.ts');

describe('sandbox acquirer-file', () => {
  const data = generateSandboxData({ seed: 7, members: 200, months: 3, today: '2026-07-15' });
  const cards = data.bankAccounts.find((a) => a.role === 'cards')!.id;

  it.each(ACQUIRER_FORMATS)('%s: the file holds every batch and sale of its ground truth', (format) => {
    const f = writeAcquirerFile(data, { bankAccountId: cards, from: '2026-05-01', to: '2026-07-15', format });
    const parsed = parseAcquirerFile(f.bytes);
    const truth = f.groundTruth.batches;
    expect(truth.length).toBeGreaterThan(0);
    const sales = truth.reduce((n, b) => n + b.receivableIds.length, 0);
    if (format === 'rede-eefi') {
      // EEFI pays summaries: one credit per batch, of its net.
      expect(parsed.payments.map((p) => [p.paymentDate, p.netCents])).toEqual(
        truth.map((b) => [b.paymentDate, b.netCents]),
      );
    } else {
      expect(
        parsed.sales.filter((s) => s.kind === 'sale' && (format !== 'stone' || s.batchRef)),
      ).toHaveLength(sales);
      const net = (date: string) =>
        parsed.payments.filter((p) => p.paymentDate === date).reduce((n, p) => n + p.netCents, 0);
      for (const b of truth)
        expect(net(b.paymentDate)).toBe(
          truth.filter((x) => x.paymentDate === b.paymentDate).reduce((n, x) => n + x.netCents, 0),
        );
    }
  });

  it('parses its options and refuses bad ones', () => {
    expect(
      parseCliArgs(['acquirer-file', '--format', 'stone', '--from', '2026-07-01', '--to', '2026-07-15']),
    ).toMatchObject({
      kind: 'acquirer-file',
      acquirerFile: { bankAccountId: 2, format: 'stone', from: '2026-07-01', to: '2026-07-15' },
    });
    expect(() => parseCliArgs(['acquirer-file', '--format', 'getnet', '--from', 'a', '--to', 'b'])).toThrow(
      /--format must be one of cielo/,
    );
    expect(() => parseCliArgs(['acquirer-file', '--format', 'cielo', '--from', '2026-07-01'])).toThrow(
      /--to/,
    );
  });

  it('writes the file and its ground truth', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quita-acquirer-'));
    try {
      const out = join(dir, 'cielo.txt');
      const args = [
        'acquirer-file',
        '--members',
        '120',
        '--today',
        '2026-07-15',
        '--format',
        'cielo',
        '--from',
        '2026-06-01',
      ];
      const child = spawn(TSX, [MAIN, ...args, '--to', '2026-07-15', '--out', out], { stdio: 'ignore' });
      expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
      expect(parseAcquirerFile(readFileSync(out)).layout).toBe('cielo-edi-15');
      expect(existsSync(`${out}.truth.json`)).toBe(true);
      const truth = JSON.parse(readFileSync(`${out}.truth.json`, 'utf8')) as { batches: unknown[] };
      expect(truth.batches.length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
