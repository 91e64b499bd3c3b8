import { lockWaiters } from '../../../../tests/helpers/pg-locks';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { storesForTests } from '../../../../tests/helpers/stores';
import { appendAudit, listAudit, verifyAudit } from '../../audit/audit.store';
import { openPgStore } from '../../store/pg-store';
import type { Store } from '../../store/store';
import { importRepo, type BankAccountRow } from '../import.repo';
import { parseStatement } from '../parse-statement';
import { NO_ACCOUNT_CHECK } from '../settlement-result';
import { returnFileRepo } from './return-file.repo';
import {
  commitReturnFile,
  listReturnFiles,
  previewReturnFile,
  type ReadReturnFile,
} from './return-file.service';

/**
 * [W] issue 34: CNAB return files on the Store. Real fixtures (tests/fixtures/cnab) previewed, committed and read
 * back on SQLite and on PostgreSQL, the same rows on both; the import's audit entry in the file's transaction; and on
 * PostgreSQL, one file imported twice at once from two pools (two server processes) is stored once.
 */
const { open, later } = storesForTests();

const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/cnab');
const NOW = '2026-07-15T15:00:00.000Z';
const ACCOUNT: BankAccountRow = {
  id: 20,
  description: 'Bradesco cobrança',
  bank_code: 237,
  agency: null,
  account: null,
};
const ITAU: BankAccountRow = {
  id: 10,
  description: 'Itaú cobrança',
  bank_code: 341,
  agency: null,
  account: null,
};

/** A fixture read as the import reads it (parse-in-worker's answer, without the worker). */
function readFixture(name: string, account: BankAccountRow | null = ACCOUNT): ReadReturnFile {
  const bytes = readFileSync(join(FIXTURES, name));
  const parsed = parseStatement(bytes);
  if (!parsed.returnFile) throw new Error(`${name} is not a return file`);
  return {
    parsed: parsed as ReadReturnFile['parsed'],
    account,
    check: NO_ACCOUNT_CHECK,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    byteSize: bytes.byteLength,
  };
}

const commit = (store: Store, name: string, account = ACCOUNT) =>
  commitReturnFile(store, name, account, readFixture(name, account), NOW);

/** Everything stored, read back in one transaction (ids included: both databases number from 1). */
async function storedRows(store: Store) {
  return store.read(async (tx) => ({
    files: await tx.selectFrom('return_files').selectAll().orderBy('id').execute(),
    titles: await tx.selectFrom('return_titles').selectAll().orderBy('id').execute(),
    listed: await listReturnFiles(tx),
    ofItau: (await listReturnFiles(tx, ITAU.id)).map((f) => f.fileName),
  }));
}

/** The scenario, every answer in one object (the same on both databases). */
async function scenario(store: Store) {
  const out: Record<string, unknown> = {};
  out.preview = await previewReturnFile(store, 'bradesco-240.ret', readFixture('bradesco-240.ret'));
  out.afterPreview = (await storedRows(store)).files.length;
  const first = await commit(store, 'bradesco-240.ret');
  out.first = first;
  out.titlesOfFile = await store.read((tx) => returnFileRepo.titlesOfFile(tx, first.returnFile.id!));
  // The same bytes again; then the same records in other bytes (stripped, LF): nothing stored twice.
  out.again = await commit(store, 'bradesco-240.ret');
  out.itau = await commit(store, 'itau-400.ret', ITAU);
  out.itauResent = await commit(store, 'itau-400-stripped-lf.ret', ITAU);
  out.previewKnown = await previewReturnFile(store, 'itau-400.ret', readFixture('itau-400.ret', ITAU));
  // A file of another bank with titles of its own, and a return file previewed without an account.
  out.bb = await commit(store, 'bb-cbr643.ret');
  out.noAccount = await previewReturnFile(store, 'bb-cbr643.ret', readFixture('bb-cbr643.ret', null));
  await store.write(async (tx) => {
    for (const [id, from, to, credits] of [
      [ITAU.id, '2026-06-01', '2026-06-30', 4],
      [ITAU.id, '2026-07-01', '2026-07-31', 4],
      [ITAU.id, '2026-06-01', '2026-06-30', 0],
    ] as const)
      await importRepo.insertStatement(tx, {
        bankAccountId: id,
        fileName: `extrato-${from}.ofx`,
        sha256: `${from}${credits}`.padEnd(64, 'a'),
        byteSize: 1,
        format: 'ofx',
        encoding: null,
        mappingJson: '{}',
        mappingSource: 'detected',
        importedAt: NOW,
        periodFrom: from,
        periodTo: to,
        counts: { credit: credits, debit: 0, balance: 0 },
        rejected: [],
      });
  });
  const itau = out.itau as Committed;
  out.covering = await store.read((tx) =>
    returnFileRepo.statementsCovering(tx, ITAU.id, itau.returnFile.creditFrom!, itau.returnFile.creditTo!),
  );
  out.stored = await storedRows(store);
  return out;
}

type Committed = Awaited<ReturnType<typeof commit>>;
const answers: Partial<Record<'sqlite' | 'postgres', Record<string, unknown>>> = {};

describe.each(['sqlite', 'postgres'] as const)('return files on %s', (dialect) => {
  it('a real return file previewed, committed once, the same file again (in other bytes too) stored once, read back', async () => {
    const store = await open[dialect]();
    const out = await scenario(store);
    answers[dialect] = out;
    expect(out.afterPreview).toBe(0);
    expect(out.preview).toMatchObject({
      format: 'cnab',
      returnFile: { id: null, titles: 5, inserted: 5, known: 0 },
    });
    expect(out.first).toMatchObject({
      statementId: 0,
      imported: 3,
      alreadyKnown: 0,
      sameFile: false,
      returnFile: { id: 1, bankCode: '237', layout: '240', titles: 5, settlements: 3, inserted: 5, known: 0 },
    });
    const titles = out.titlesOfFile as Awaited<ReturnType<typeof returnFileRepo.titlesOfFile>>;
    expect(titles).toHaveLength(5);
    expect(titles.filter((t) => t.isSettlement)).toHaveLength(3);
    expect(titles.every((t) => typeof t.isSettlement === 'boolean' && t.returnFileId === 1)).toBe(true);
    expect(out.again).toMatchObject({
      imported: 0,
      alreadyKnown: 3,
      sameFile: true,
      returnFile: { id: 1, inserted: 0, known: 5, sameFile: true },
    });
    expect((out.again as { notices: { code: string }[] }).notices.map((n) => n.code)).toContain(
      'cnab.already_imported',
    );
    expect(out.itauResent).toMatchObject({
      sameFile: true,
      returnFile: { id: (out.itau as Committed).returnFile.id },
    });
    expect(out.previewKnown).toMatchObject({
      newCredits: 0,
      knownCredits: 3,
      returnFile: { sameFile: true },
    });
    expect(out.noAccount).toMatchObject({ newCredits: null, returnFile: { known: null, sameFile: false } });
    expect(out.covering).toEqual([1]);
    const stored = out.stored as Awaited<ReturnType<typeof storedRows>>;
    expect(stored.files.map((f) => f.file_name)).toEqual([
      'bradesco-240.ret',
      'itau-400.ret',
      'bb-cbr643.ret',
    ]);
    expect(stored.titles).toHaveLength(5 + 5 + (out.bb as Committed).returnFile.titles);
    expect(stored.ofItau).toEqual(['itau-400.ret']);
    // Newest first, then by id: all three were imported at the same instant.
    expect(stored.listed.map((f) => f.id)).toEqual([3, 2, 1]);
  });

  it('the audit entry commits with the file, and a failure after the titles leaves nothing', async () => {
    const store = await open[dialect]();
    const read = readFixture('bradesco-240.ret');
    const r = await commitReturnFile(store, 'bradesco-240.ret', ACCOUNT, read, NOW, async (tx, result) => {
      await appendAudit(tx, {
        actor: 'ana (desktop)',
        profileId: 'demo',
        action: 'import.committed',
        subject: `return_file:${result.returnFile!.id}`,
        after: { titles: result.returnFile!.titles },
      });
    });
    const entries = await store.read((tx) => listAudit(tx, {}));
    expect(entries.entries.map((e) => [e.action, e.subject, e.actor])).toEqual([
      ['import.committed', `return_file:${r.returnFile.id}`, 'ana (desktop)'],
    ]);
    expect(await store.read(verifyAudit)).toMatchObject({ ok: true, entries: 1 });
    // Another file whose audit fails: its row and titles roll back with it.
    await expect(
      commitReturnFile(store, 'itau-400.ret', ITAU, readFixture('itau-400.ret', ITAU), NOW, async () => {
        throw new Error('the audit failed');
      }),
    ).rejects.toThrow('the audit failed');
    const after = await storedRows(store);
    expect(after.files.map((f) => f.file_name)).toEqual(['bradesco-240.ret']);
    expect(after.titles.every((t) => t.bank_account_id === ACCOUNT.id)).toBe(true);
  });
});

describe('return files, both databases', () => {
  it('give the same answers and store the same rows', () => {
    expect(answers.sqlite).toBeDefined();
    expect(answers.postgres).toEqual(answers.sqlite);
  });
});

/**
 * Two server processes importing one file at once: each has its own pool. A third connection holds return_files
 * (`lock table … in exclusive mode`: reads go on, inserts wait) until both imports wait on a lock — the first on the
 * table, the second on the account's return-files lock (or, without that lock, on the table too) — so both are in
 * flight before either commits. Without returnFilesLock both read the file as new: the second then fails on the
 * file's unique SHA-256 (the same bytes) or on titles stored meanwhile (the same records in other bytes).
 */
describe('return files on PostgreSQL, two processes at once', () => {
  async function twoProcesses() {
    const store = await open.postgres();
    const a = openPgStore(store.url, { max: 2 });
    const b = openPgStore(store.url, { max: 2 });
    const blocker = new pg.Client({ connectionString: store.url });
    await blocker.connect();
    // Each pool connected before the race (a first connection is not what is timed).
    for (const s of [a, b]) await s.read((tx) => returnFileRepo.bySha(tx, ITAU.id, ''));
    later(
      () => a.close(),
      () => b.close(),
      () => blocker.end(),
    );
    const held = async <T>(both: () => Promise<T>[]): Promise<PromiseSettledResult<T>[]> => {
      await blocker.query('begin');
      await blocker.query('lock table return_files in exclusive mode');
      const running = Promise.allSettled(both());
      await lockWaiters(blocker, 2);
      await blocker.query('commit');
      return running;
    };
    return { store, a, b, held };
  }

  it.each([
    ['the same bytes', 'itau-400.ret', 'itau-400.ret'],
    ['the same records in other bytes', 'itau-400.ret', 'itau-400-stripped-lf.ret'],
  ])(
    '%s imported twice at once are stored once; the second is told it is the same file',
    async (_, one, two) => {
      const { store, a, b, held } = await twoProcesses();
      const results = await held(() => [commit(a, one, ITAU), commit(b, two, ITAU)]);
      // Neither fails (without the lock: the same bytes break the file's unique SHA-256, the same records in other
      // bytes find their titles stored meanwhile).
      expect(results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).toEqual([]);
      const [x, y] = results.map((r) => (r as PromiseFulfilledResult<Committed>).value);
      expect([x!.sameFile, y!.sameFile].sort()).toEqual([false, true]);
      expect(x!.returnFile.id).toBe(y!.returnFile.id);
      const stored = await storedRows(store);
      expect(stored.files).toHaveLength(1);
      expect(stored.titles).toHaveLength(5);
      expect(stored.files[0]).toMatchObject({ inserted_count: 5, known_count: 0 });
    },
  );
});
