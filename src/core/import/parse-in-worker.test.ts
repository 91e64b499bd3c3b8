import { storeOfDb } from '../store/sqlite-store';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { openDb, type Db } from '../db/open-db';
import { previewImport } from './import.service';
import { parseDeadlineMs } from './limits';
import { parseStatementInWorker, parseWorkersSettled, parseWorkersStarted } from './parse-in-worker';
import { parseStatement } from './parse-statement';
import { rejection } from '../../../tests/helpers/errors';

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/statements');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

/**
 * santander.xls with one byte changed inside a formula record: SheetJS's parse_Rgce then loops forever
 * (`while (target != blob.l)`). Found by fuzz.test.ts; if make-fixtures.ts ever rewrites the fixture,
 * find another such byte with that test's seed.
 */
function damagedXls(): Buffer {
  const bytes = Buffer.from(fixture('santander.xls'));
  bytes[3182] = 0x21;
  return bytes;
}

/** A CSV of `rows` credits: big enough that the parser reports progress (every 5,000 rows). */
function csv(rows: number): Buffer {
  const body = Array.from(
    { length: rows },
    (_, i) =>
      `${String(1 + (i % 28)).padStart(2, '0')}/06/2026;PIX RECEBIDO - PESSOA ${i};${(i % 900) + 1},50`,
  );
  return Buffer.from(`Data;Histórico;Valor\n${body.join('\n')}\n`);
}

/** Counts the turns of this thread's event loop while `work` runs: it must not be blocked. */
async function withTicks<T>(work: () => Promise<T>): Promise<{ value: T; ticks: number; ms: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 20);
  const started = performance.now();
  try {
    return { value: await work(), ticks, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

describe('parseStatementInWorker', () => {
  it('returns what parseStatement returns, for every kind of file', async () => {
    const names = ['itau.csv', 'bb.ofx', 'santander.xls', 'santander.xlsx', 'santander.ods'];
    const read = await Promise.all(names.map((name) => parseStatementInWorker(fixture(name))));
    names.forEach((name, i) => expect(read[i], name).toEqual(parseStatement(fixture(name))));
  });

  it('a worker that answered a small file reads the next one (no new start-up), with the same answers', async () => {
    await parseStatementInWorker(fixture('itau.csv'));
    await parseWorkersSettled();
    const before = parseWorkersStarted();
    for (const name of ['bb.ofx', 'santander.xls', 'itau.csv'])
      expect(await parseStatementInWorker(fixture(name)), name).toEqual(parseStatement(fixture(name)));
    // A parser's refusal is an answer too: the worker stays.
    await expect(parseStatementInWorker(fixture('encrypted.xlsx'))).rejects.toMatchObject({
      code: 'import.password_protected',
    });
    expect(parseWorkersStarted()).toBe(before);
  });

  it('a parser error comes back as the same AppError', async () => {
    const e = await rejection(parseStatementInWorker(fixture('encrypted.xlsx')));
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ kind: 'validation', code: 'import.password_protected' });
  });

  it('a file that hangs SheetJS ends in import.timeout by the deadline, and the worker is stopped', async () => {
    const {
      value: e,
      ticks,
      ms,
    } = await withTicks(() => rejection(parseStatementInWorker(damagedXls(), {}, { timeoutMs: 2_000 })));
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ kind: 'validation', code: 'import.timeout', params: { seconds: 2 } });
    expect((e as Error).message).toMatch(/could not be read in 2 seconds.*Export it again/);
    // Not before the deadline (a lower bound holds under any load; how late a timer fires does not).
    expect(ms).toBeGreaterThanOrEqual(1_990);
    expect(ticks).toBeGreaterThanOrEqual(2); // this thread kept running while the worker looped
    // A looping worker left behind would keep burning a core: it must exit. Were it not terminated, this
    // would never resolve and the test would time out.
    await parseWorkersSettled();
    // And it never serves again: the next read is answered (a looping worker would not answer in time).
    expect((await parseStatementInWorker(fixture('itau.csv'), {}, { timeoutMs: 60_000 })).lines).toHaveLength(
      10,
    );
  });

  it('relays progress while the worker reads, with this thread free meanwhile', async () => {
    let turns = 0;
    const timer = setInterval(() => turns++, 10);
    const seen: { done: number; total: number; turn: number }[] = [];
    try {
      const r = await parseStatementInWorker(
        csv(30_000),
        {},
        {
          onProgress: (done, total) => seen.push({ done, total, turn: turns }),
        },
      );
      expect(r.lines).toHaveLength(30_000);
    } finally {
      clearInterval(timer);
    }
    expect(seen.length).toBeGreaterThanOrEqual(6);
    const done = seen.map((p) => p.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(seen.at(-1)!.done).toBe(seen.at(-1)!.total);
    // Delivered as the worker goes, with this thread's timers running in between, not all at the end.
    expect(new Set(seen.map((p) => p.turn)).size).toBeGreaterThanOrEqual(2);
  });

  it('a worker that dies (out of memory) becomes a clear AppError', async () => {
    const e = await rejection(parseStatementInWorker(csv(60_000), {}, { maxHeapMb: 8 }));
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ kind: 'validation', code: 'import.out_of_memory' });
  });

  it('a throwing progress callback rejects the read instead of crashing the process', async () => {
    const e = await rejection(
      parseStatementInWorker(
        csv(12_000),
        {},
        {
          onProgress: () => {
            throw new Error('listener broke');
          },
        },
      ),
    );
    expect(e).toMatchObject({ message: 'listener broke' });
  });

  it('an abort stops the read with the signal’s reason', async () => {
    const ctl = new AbortController();
    const read = parseStatementInWorker(damagedXls(), {}, { signal: ctl.signal });
    setTimeout(() => ctl.abort(new Error('closed by the clerk')), 300);
    // The abort's own reason, not import.timeout: the abort ended the read, not the deadline.
    expect(await rejection(read)).toMatchObject({ message: 'closed by the clerk' });
    await parseWorkersSettled();
  });

  it('moves the bytes only when asked and when they own their whole buffer', async () => {
    const owned = new Uint8Array(fixture('itau.csv'));
    expect((await parseStatementInWorker(owned, {}, { transfer: true })).lines).toHaveLength(10);
    expect(owned.byteLength).toBe(0); // moved, not copied
    const kept = new Uint8Array(fixture('itau.csv'));
    await parseStatementInWorker(kept);
    expect(kept.byteLength).toBeGreaterThan(0);
    // A small Buffer is a slice of Node's shared pool: copied even when a transfer is asked for.
    const pooled = Buffer.from(fixture('itau.csv').toString('latin1'), 'latin1');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
    expect((await parseStatementInWorker(pooled, {}, { transfer: true })).lines).toHaveLength(10);
    expect(pooled.equals(fixture('itau.csv'))).toBe(true);
  });

  it('gives big files more time: 20 s plus 1 s per MB, at most 90 s', () => {
    expect(parseDeadlineMs(10_000)).toBe(20_010);
    expect(parseDeadlineMs(50 * 1024 * 1024)).toBe(70_000);
    expect(parseDeadlineMs(200 * 1024 * 1024)).toBe(90_000);
  });
});

describe('the import service reads in the worker', () => {
  let db: Db;
  beforeAll(() => {
    db = openDb(':memory:');
  });
  afterAll(() => db.close());

  it('a damaged file fails the preview with import.timeout; a good one still previews', async () => {
    const e = await rejection(
      previewImport(storeOfDb(db), { fileName: 'extrato.xls', bytes: damagedXls() }, { timeoutMs: 1_000 }),
    );
    expect(e).toMatchObject({ code: 'import.timeout' });
    const seen: number[] = [];
    const p = await previewImport(
      storeOfDb(db),
      { fileName: 'big.csv', bytes: csv(12_000) },
      { onProgress: (done) => seen.push(done) },
    );
    expect(p.counts.credits).toBe(12_000);
    expect(seen.length).toBeGreaterThanOrEqual(2);
  });
});
