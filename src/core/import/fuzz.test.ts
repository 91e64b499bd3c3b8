import { storeOfDb } from '../store/sqlite-store';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../errors';
import { openDb, type Db } from '../db/open-db';
import { commitImport } from './import.service';
import { MAX_DESCRIPTION_CHARS, MAX_FILE_BYTES, MAX_RAW_CELL_CHARS } from './limits';
import { parseStatementInWorker } from './parse-in-worker';
import { parseStatement } from './parse-statement';

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/statements');
const fixtures = readdirSync(FIXTURES)
  .filter((f) => !f.endsWith('.ts'))
  .map((name) => ({ name, bytes: readFileSync(join(FIXTURES, name)) }));

/** A small seeded generator: failures are reproducible. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Either a result or a validation AppError with an `import.*` code: never anything else. */
function outcome(bytes: Uint8Array): string {
  try {
    const r = parseStatement(bytes);
    return `ok:${r.lines.length}`;
  } catch (e) {
    return codeOf(e);
  }
}

function codeOf(e: unknown): string {
  if (isAppError(e) && e.kind === 'validation' && e.code?.startsWith('import.')) return e.code;
  throw e;
}

/** Short, so that a file that sends SheetJS into an endless loop costs the suite 3 s, not 20. */
const TEST_DEADLINE_MS = 3_000;

/** The same, read the way the import reads: in a worker with a deadline (for files that may hang). */
const outcomeInWorker = (bytes: Uint8Array): Promise<string> =>
  parseStatementInWorker(bytes, {}, { timeoutMs: TEST_DEADLINE_MS }).then(
    (r) => `ok:${r.lines.length}`,
    codeOf,
  );

let db: Db;
beforeAll(() => {
  db = openDb(':memory:');
  db.prepare(
    "INSERT INTO bank_accounts (id, description, raw_json, fetched_at) VALUES (1, 'x', '{}', 'now')",
  ).run();
});
afterAll(() => db.close());

describe('hostile and broken files end in a clear error or a clean import', () => {
  it('random bytes, alone and behind each format’s magic', () => {
    const next = rng(42);
    const magics = [
      '',
      'PK\x03\x04',
      '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1',
      'OFXHEADER:100\n<OFX>',
      '<html><table>',
      'Data;Valor\n',
    ];
    for (let i = 0; i < 300; i++) {
      const body = Buffer.from(
        Array.from({ length: 1 + Math.floor(next() * 3000) }, () => Math.floor(next() * 256)),
      );
      const bytes = Buffer.concat([Buffer.from(magics[i % magics.length]!, 'latin1'), body]);
      expect(outcome(bytes)).toMatch(/^(ok:\d+|import\.)/);
    }
  });

  it('every fixture truncated at many points, and with bytes flipped', async () => {
    for (const { name, bytes } of fixtures) {
      // Each fixture its own stream (seeded by its name), so adding a fixture never changes another's mutants.
      const next = rng([...name].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7));
      for (let k = 1; k <= 12; k++) {
        const cut = Math.floor((bytes.length * k) / 13);
        expect(outcome(bytes.subarray(0, cut)), `${name} cut at ${cut}`).toMatch(/^(ok:\d+|import\.)/);
      }
      const mutants = Array.from({ length: 12 }, () => {
        const copy = Buffer.from(bytes);
        for (let j = 0; j < 1 + Math.floor(next() * 20); j++)
          copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
        return copy;
      });
      // SheetJS's legacy-XLS (BIFF) formula parser loops forever on some damaged records (parse_Rgce,
      // `while (target != blob.l)`): those are read in workers, at the same time, and must end by the deadline
      // (parse-in-worker.test.ts holds a file known to hang). The other formats are read here, which is faster.
      if (name.endsWith('.xls') && bytes[0] === 0xd0) {
        // Each settles by its deadline at the latest (import.timeout), so a hang fails here by the test's timeout.
        const outcomes = await Promise.all(mutants.map(outcomeInWorker));
        for (const o of outcomes) expect(o, `${name} mutated`).toMatch(/^(ok:\d+|import\.)/);
      } else {
        for (const copy of mutants) expect(outcome(copy), `${name} mutated`).toMatch(/^(ok:\d+|import\.)/);
      }
    }
  });

  it('a failed import leaves the database untouched', async () => {
    // All at once, as concurrent imports from two windows would be: each read in its own worker.
    const results = await Promise.allSettled(
      fixtures.map(({ name, bytes }) =>
        commitImport(storeOfDb(db), {
          fileName: name,
          bytes: bytes.subarray(0, Math.floor(bytes.length / 2)),
          bankAccountId: 1,
        }),
      ),
    );
    results.forEach((r, i) => {
      if (r.status === 'rejected') expect(isAppError(r.reason), fixtures[i]!.name).toBe(true);
    });
    const statements = db.prepare('SELECT id FROM statements').pluck().all() as number[];
    const orphans = db
      .prepare('SELECT count(*) FROM statement_lines WHERE statement_id NOT IN (SELECT id FROM statements)')
      .pluck()
      .get();
    expect(orphans).toBe(0);
    expect(statements.length).toBeLessThanOrEqual(fixtures.length);
  });

  it('a 0-byte file and a whitespace-only file', () => {
    expect(outcome(Buffer.alloc(0))).toBe('import.empty');
    expect(outcome(Buffer.from(' \r\n\t\n'))).toBe('import.empty');
  });

  it('a file over the limit is refused before any parsing', () => {
    const big = Buffer.alloc(MAX_FILE_BYTES + 1, 0x41);
    expect(outcome(big)).toBe('import.too_large');
  });

  it('a huge cell is cut in the description and in the stored raw row', () => {
    const huge = 'PIX RECEBIDO - ' + 'X'.repeat(5_000_000);
    const r = parseStatement(
      Buffer.from(`Data;Histórico;Valor\n01/06/2026;${huge};10,00\n02/06/2026;TED;5,00\n`),
    );
    expect(r.lines).toHaveLength(2);
    expect(r.lines[0]!.description).toHaveLength(MAX_DESCRIPTION_CHARS);
    expect(r.lines[0]!.problems[0]).toMatch(/cut/);
    expect(r.lines[0]!.rawJson.length).toBeLessThan(MAX_RAW_CELL_CHARS + 100);
  });

  it('an unbalanced quote swallowing the rest of the file does not hang', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `01/06/2026;"PIX ${i};10,00`).join('\n');
    expect(outcome(Buffer.from(`Data;Histórico;Valor\n${lines}\n`))).toMatch(/^(ok:\d+|import\.)/);
  });

  it('a workbook with formula cells and error cells', () => {
    const ws = XLSX.utils.aoa_to_sheet([
      ['Data', 'Histórico', 'Valor'],
      [{ t: 'n', v: 46174, z: 'dd/mm/yyyy' }, 'PIX RECEBIDO - ANA', { t: 'n', v: 10, f: 'A1*0+10' }],
      [{ t: 'n', v: 46175, z: 'dd/mm/yyyy' }, 'PIX RECEBIDO - BIA', { t: 'e', v: 7, w: '#DIV/0!' }],
    ]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'S');
    const r = parseStatement(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(r.lines.map((l) => l.amountCents)).toEqual([1000]);
    expect(r.rejected).toEqual([
      {
        line: 3,
        reason: '“#DIV/0!” is not an amount',
        code: 'row.bad_amount.not_amount',
        params: { value: '#DIV/0!' },
      },
    ]);
  });

  it('a 50 MB CSV: too many rows, said before a single row is turned into a line', () => {
    const row = '01/06/2026;PIX RECEBIDO - MARIA S SOUZA;99,90;1.234,56\n';
    const bytes = Buffer.from(
      `Data;Histórico;Valor;Saldo\n${row.repeat(Math.ceil((50 * 1024 * 1024) / row.length))}`,
    );
    expect(bytes.length).toBeGreaterThan(50 * 1024 * 1024);
    // Progress is reported every 5,000 rows made into lines: none means the limit was seen before (from the
    // line breaks or the split), not after making a million lines. How long it takes is bench's business.
    const progress: number[] = [];
    let code = '';
    try {
      parseStatement(bytes, { onProgress: (done) => progress.push(done) });
    } catch (e) {
      code = codeOf(e);
    }
    expect(code).toBe('import.too_many_rows');
    expect(progress).toEqual([]);
  });

  it('a 50 MB CSV of few rows with one giant cell imports cleanly', () => {
    const giant = 'Y'.repeat(50 * 1024 * 1024);
    const r = parseStatement(
      Buffer.from(`Data;Histórico;Valor\n01/06/2026;${giant};10,00\n02/06/2026;TED;5,00\n`),
    );
    expect(r.lines.map((l) => l.amountCents)).toEqual([1000, 500]);
  });
});
