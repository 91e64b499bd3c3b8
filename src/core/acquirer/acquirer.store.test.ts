import { lockWaiters } from '../../../tests/helpers/pg-locks';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { storesForTests } from '../../../tests/helpers/stores';
import { appendAudit, listAudit, verifyAudit } from '../audit/audit.store';
import type { BankAccountRow } from '../import/import.repo';
import { parseStatement } from '../import/parse-statement';
import { openPgStore } from '../store/pg-store';
import type { Store } from '../store/store';
import { acquirerPaymentsFor } from './acquirer.match';
import { acquirerRepo } from './acquirer.repo';
import {
  commitAcquirerFile,
  listAcquirerFiles,
  paymentsOfFile,
  previewAcquirerFile,
  type ReadAcquirerFile,
} from './acquirer.service';

/**
 * [W] issue 34: acquirer settlement files on the Store. Real fixtures (tests/fixtures/acquirer) previewed,
 * committed and read back on SQLite and on PostgreSQL, the same rows on both; the import's audit entry in the file's
 * transaction; and on PostgreSQL, one file imported twice at once from two pools (two server processes) is stored
 * once.
 */
const { open, later } = storesForTests();

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/acquirer');
const NOW = '2026-11-05T15:00:00.000Z';
const ACCOUNT: BankAccountRow = { id: 10, description: 'Itaú', bank_code: 341, agency: null, account: null };

/** A fixture read as the import reads it (parse-in-worker's answer, without the worker). */
function readFixture(name: string, account: BankAccountRow | null = ACCOUNT): ReadAcquirerFile {
  const bytes = readFileSync(join(FIXTURES, name));
  const parsed = parseStatement(bytes);
  if (!parsed.acquirerFile) throw new Error(`${name} is not an acquirer file`);
  return {
    parsed: parsed as ReadAcquirerFile['parsed'],
    account,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    byteSize: bytes.byteLength,
  };
}

const commit = (store: Store, name: string) =>
  commitAcquirerFile(store, name, ACCOUNT, readFixture(name), NOW);

/** Everything stored, read back in one transaction (ids included: both databases number from 1). */
async function storedRows(store: Store) {
  return store.read(async (tx) => ({
    files: await tx.selectFrom('acquirer_files').selectAll().orderBy('id').execute(),
    payments: await tx.selectFrom('acquirer_payments').selectAll().orderBy('id').execute(),
    sales: await tx.selectFrom('acquirer_sales').selectAll().orderBy('id').execute(),
  }));
}

/** The scenario, every answer in one object (the same on both databases). */
async function scenario(store: Store) {
  const out: Record<string, unknown> = {};
  out.preview = await previewAcquirerFile(
    store,
    'cielo-03-vendas-lf.txt',
    readFixture('cielo-03-vendas-lf.txt'),
  );
  out.afterPreview = (await storedRows(store)).files.length;
  out.sales = await commit(store, 'cielo-03-vendas-lf.txt');
  out.again = await commit(store, 'cielo-03-vendas-lf.txt');
  // The payments file repeats the sales file's rows of the same URs: nothing twice, the URs now settled.
  out.paid = await commit(store, 'cielo-04-pagamentos-crlf-stripped.txt');
  out.paidAgain = await previewAcquirerFile(
    store,
    'cielo-04-pagamentos-crlf-stripped.txt',
    readFixture('cielo-04-pagamentos-crlf-stripped.txt'),
  );
  // Rede: the EEFI credit read as the EEVC sales of the summaries it pays.
  out.eevc = await commit(store, 'rede-eevc-crlf-stripped.txt');
  out.eefi = await commit(store, 'rede-eefi-latin1.txt');
  out.noAccount = await previewAcquirerFile(
    store,
    'stone-2.2-bom.xml',
    readFixture('stone-2.2-bom.xml', null),
  );
  out.listed = await store.read((tx) => listAcquirerFiles(tx, ACCOUNT.id));
  out.batches = await store.read((tx) => paymentsOfFile(tx, 1));
  out.missingFile = await store.read((tx) => paymentsOfFile(tx, 99));
  out.salesOfFile = await store.read((tx) => acquirerRepo.salesOfFile(tx, 1));
  out.forMatching = await store.read((tx) => acquirerPaymentsFor(tx, ACCOUNT.id, '2026-11-01', '2026-11-30'));
  out.stored = await storedRows(store);
  return out;
}

const answers: Partial<Record<'sqlite' | 'postgres', Record<string, unknown>>> = {};
type Committed = Awaited<ReturnType<typeof commit>>;

describe.each(['sqlite', 'postgres'] as const)('acquirer files on %s', (dialect) => {
  it('real acquirer files previewed, committed once, the payments file after the sales file, read back', async () => {
    const store = await open[dialect]();
    const out = await scenario(store);
    answers[dialect] = out;
    expect(out.afterPreview).toBe(0);
    expect(out.preview).toMatchObject({
      format: 'acquirer',
      acquirerFile: { id: null, inserted: 6, known: 0 },
    });
    expect(out.sales).toMatchObject({
      statementId: 0,
      imported: 5,
      sameFile: false,
      acquirerFile: {
        id: 1,
        acquirer: 'cielo',
        sales: 5,
        otherRows: 1,
        inserted: 6,
        known: 0,
        settledPayments: 0,
      },
    });
    expect(out.again).toMatchObject({ sameFile: true, acquirerFile: { id: 1, inserted: 0, known: 6 } });
    expect((out.again as Committed).notices.map((n) => n.code)).toContain('acquirer.already_imported');
    expect(out.paid).toMatchObject({ sameFile: false, acquirerFile: { id: 2, inserted: 0, known: 6 } });
    expect(out.paidAgain).toMatchObject({ acquirerFile: { sameFile: true } });
    expect(out.noAccount).toMatchObject({ newCredits: null, acquirerFile: { known: null, sameFile: false } });
    const stored = out.stored as Awaited<ReturnType<typeof storedRows>>;
    expect(stored.files.map((f) => f.file_name)).toEqual([
      'cielo-03-vendas-lf.txt',
      'cielo-04-pagamentos-crlf-stripped.txt',
      'rede-eevc-crlf-stripped.txt',
      'rede-eefi-latin1.txt',
    ]);
    // Cielo's two URs stored once, settled by the payments file (never unsettled by the sales file again).
    const cielo = stored.payments.filter((p) => p.acquirer === 'cielo');
    expect(cielo.map((p) => [p.acquirer_file_id, p.settled])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(stored.sales.filter((s) => s.acquirer === 'cielo')).toHaveLength(6);
    const listed = out.listed as Awaited<ReturnType<typeof listAcquirerFiles>>;
    expect(listed.map((f) => f.id)).toEqual([4, 3, 2, 1]);
    expect(listed.find((f) => f.id === 1)).toMatchObject({ sales: 5, payments: 2, settledPayments: 2 });
    const batches = out.batches as Awaited<ReturnType<typeof paymentsOfFile>>;
    expect(batches.map((b) => [b.paymentDate, b.netCents, b.rows.length])).toEqual([
      ['2026-11-03', 33890, 3],
      ['2026-11-03', 10810, 3],
    ]);
    expect(out.missingFile).toEqual([]);
    const eefi = (out.forMatching as Awaited<ReturnType<typeof acquirerPaymentsFor>>).filter(
      (p) => p.layout === 'rede-eefi',
    );
    expect(eefi.map((p) => [p.netCents, p.rows.map((r) => r.nsu)])).toEqual([
      [33940, ['000000555001', '000000555002']],
      [6620, ['000000555003', '000000554999']],
    ]);
  });

  it('the audit entry commits with the file, and a failure after the rows leaves nothing', async () => {
    const store = await open[dialect]();
    const r = await commitAcquirerFile(
      store,
      'cielo-03-vendas-lf.txt',
      ACCOUNT,
      readFixture('cielo-03-vendas-lf.txt'),
      NOW,
      async (tx, result) => {
        await appendAudit(tx, {
          actor: 'ana (desktop)',
          profileId: 'demo',
          action: 'import.committed',
          subject: `acquirer_file:${result.acquirerFile!.id}`,
          after: { sales: result.acquirerFile!.sales },
        });
      },
    );
    const { entries } = await store.read((tx) => listAudit(tx, {}));
    expect(entries.map((e) => [e.action, e.subject, e.actor])).toEqual([
      ['import.committed', `acquirer_file:${r.acquirerFile.id}`, 'ana (desktop)'],
    ]);
    expect(await store.read(verifyAudit)).toMatchObject({ ok: true, entries: 1 });
    await expect(
      commitAcquirerFile(
        store,
        'rede-eevc.txt',
        ACCOUNT,
        readFixture('rede-eevc-crlf-stripped.txt'),
        NOW,
        async () => {
          throw new Error('the audit failed');
        },
      ),
    ).rejects.toThrow('the audit failed');
    const after = await storedRows(store);
    expect(after.files.map((f) => f.file_name)).toEqual(['cielo-03-vendas-lf.txt']);
    expect(new Set([...after.sales, ...after.payments].map((s) => s.acquirer))).toEqual(new Set(['cielo']));
  });
});

describe('acquirer files, both databases', () => {
  it('give the same answers and store the same rows', () => {
    expect(answers.sqlite).toBeDefined();
    expect(answers.postgres).toEqual(answers.sqlite);
  });
});

/**
 * Two server processes importing one file at once, each with its own pool (connected before the race). A third
 * connection holds acquirer_files (`lock table … in exclusive mode`: reads go on, inserts wait) until both imports
 * wait on a lock — the first on the table, the second on the account's acquirer-files lock (or, without that lock, on
 * the table too) — so both are in flight before either commits. Without acquirerFilesLock both read the file as new,
 * and the second fails on the file's unique SHA-256.
 */
describe('acquirer files on PostgreSQL, two processes at once', () => {
  it('the same file imported twice at once is stored once; the second is told it is the same file', async () => {
    const store = await open.postgres();
    const a = openPgStore(store.url, { max: 2 });
    const b = openPgStore(store.url, { max: 2 });
    const blocker = new pg.Client({ connectionString: store.url });
    await blocker.connect();
    later(
      () => a.close(),
      () => b.close(),
      () => blocker.end(),
    );
    for (const s of [a, b]) await s.read((tx) => acquirerRepo.byId(tx, 0));
    await blocker.query('begin');
    await blocker.query('lock table acquirer_files in exclusive mode');
    const running = Promise.allSettled([
      commit(a, 'cielo-03-vendas-lf.txt'),
      commit(b, 'cielo-03-vendas-lf.txt'),
    ]);
    await lockWaiters(blocker, 2);
    await blocker.query('commit');
    const results = await running;
    expect(results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).toEqual([]);
    const [x, y] = results.map((r) => (r as PromiseFulfilledResult<Committed>).value);
    expect([x!.sameFile, y!.sameFile].sort()).toEqual([false, true]);
    expect(x!.acquirerFile.id).toBe(y!.acquirerFile.id);
    const stored = await storedRows(store);
    expect(stored.files).toHaveLength(1);
    expect(stored.sales).toHaveLength(6);
    expect(stored.payments).toHaveLength(2);
  });
});
