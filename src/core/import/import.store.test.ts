import { describe, expect, it } from 'vitest';
import { lockAdvisory, type Store, type Tx } from '../store/store';
import { assignFingerprints } from './fingerprint';
import { importRepo, linesLock, type NewStatement } from './import.repo';
import { sameCreditFinder } from './same-credit';
import { statementRemoveRepo } from './statement-remove.repo';
import type { ParsedLine } from './types';
import { storesForTests } from '../../../tests/helpers/stores';

/**
 * [W] issue 34, step 3: the import's repositories (statements, lines by fingerprint, the cross-source identity,
 * profiles, remembered file identifications, the removal of a statement) run the same suite on SQLite and on
 * PostgreSQL, and one scenario's answers are compared between the two.
 */
const { open } = storesForTests();

const AT = '2026-07-15T15:00:00.000Z';
const E2E = 'E00000000202607101200abcdefghijk';

const line = (over: Partial<ParsedLine> & Pick<ParsedLine, 'date' | 'amountCents'>): ParsedLine => ({
  position: 1,
  balanceCents: null,
  kind: over.amountCents < 0 ? 'debit' : 'credit',
  description: 'PIX RECEBIDO',
  payerText: null,
  payerDocument: null,
  document: null,
  fitid: null,
  rawJson: '{}',
  problems: [],
  fingerprint: '',
  ...over,
});
const lines = (ls: ParsedLine[]) => assignFingerprints(ls.map((l, i) => ({ ...l, position: i + 1 })));

const statement = (over: Partial<NewStatement>): NewStatement => ({
  bankAccountId: 1,
  fileName: 'extrato.csv',
  sha256: 'a'.repeat(64),
  byteSize: 100,
  format: 'csv',
  encoding: 'utf-8',
  mappingJson: '{}',
  mappingSource: 'detected',
  importedAt: AT,
  periodFrom: '2026-07-01',
  periodTo: '2026-07-10',
  counts: { credit: 0, debit: 0, balance: 0 },
  rejected: [],
  ...over,
});

async function accounts(tx: Tx) {
  await tx
    .insertInto('bank_accounts')
    .values(
      [
        {
          id: 1,
          description: 'Itaú Centro',
          bank_code: 341,
          agency: '1234',
          account: '56789-0',
          inactive: 0,
        },
        { id: 2, description: 'BB Movimento', bank_code: 1, agency: '4321', account: '1122-3', inactive: 0 },
        { id: 3, description: 'Antiga', bank_code: 237, agency: null, account: null, inactive: 1 },
      ].map((a) => ({ ...a, raw_json: '{}', fetched_at: AT })),
    )
    .execute();
}

/** What the Pix API read on the 10th (a feed's statement) and what the file of the same days holds. */
const FED = lines([
  line({ date: '2026-07-10', amountCents: 5000, fitid: E2E, payerText: 'JOAO DA SILVA' }),
  line({ date: '2026-07-10', amountCents: 7000, fitid: 'E9'.padEnd(32, 'x'), payerText: 'MARIA SOUZA' }),
  line({ date: '2026-07-10', amountCents: 9000, fitid: 'E8'.padEnd(32, 'y'), payerText: 'PAULO' }),
  line({ date: '2026-07-10', amountCents: 9000, fitid: 'E7'.padEnd(32, 'z'), payerText: 'PEDRO' }),
]);
const FILE = lines([
  line({ date: '2026-07-01', amountCents: 12_345, document: 'DOC1' }),
  line({ date: '2026-07-02', amountCents: -2_000, description: 'TARIFA' }),
  line({ date: '2026-07-02', amountCents: 50_000, kind: 'balance', description: 'SALDO DO DIA' }),
  // Names the fed line's endToEndId in its memo.
  line({ date: '2026-07-10', amountCents: 5000, description: `PIX RECEBIDO ${E2E}` }),
  // The one fed line of its day and amount, and the payer agrees.
  line({ date: '2026-07-10', amountCents: 7000, payerText: 'MARIA S SOUZA' }),
  // Two fed lines of its day and amount: kept, and said to be ambiguous.
  line({ date: '2026-07-10', amountCents: 9000 }),
  // Maria's fed line is taken by the line above: no candidate is left, so this one is new.
  line({ date: '2026-07-10', amountCents: 7000, payerText: 'MARIA SOUZA' }),
]);

/** The scenario, every answer in one object (the same on both databases). */
async function scenario(store: Store) {
  const out: Record<string, unknown> = {};
  await store.write(accounts);
  out.accounts = await store.read((tx) => importRepo.bankAccounts(tx));
  out.account2 = await store.read((tx) => importRepo.bankAccount(tx, 2));
  out.missing = (await store.read((tx) => importRepo.bankAccount(tx, 99))) ?? null;

  // A feed's statement, then the file: judged against it in one read, inserted in one go.
  const fedId = await store.write(async (tx) => {
    await lockAdvisory(tx, linesLock(1));
    const id = await importRepo.insertStatement(
      tx,
      statement({ fileName: 'Pix — 2026-07-10', format: 'pix', sha256: 'f'.repeat(64), byteSize: 0 }),
    );
    const same = await sameCreditFinder(tx, 1, 'feed', FED, () => AT);
    const verdicts = FED.map((l) => same.judge(l));
    expect(verdicts.every((v) => v.kind === 'new')).toBe(true);
    await importRepo.insertLines(tx, id, 1, FED);
    await same.flush();
    return id;
  });
  const fileId = await store.write(async (tx) => {
    await lockAdvisory(tx, linesLock(1));
    const stored = await importRepo.storedLines(
      tx,
      1,
      FILE.map((l) => l.fingerprint),
    );
    const id = await importRepo.insertStatement(
      tx,
      statement({
        counts: { credit: 5, debit: 1, balance: 1 },
        rejected: [{ line: 9, reason: 'x', code: 'y' }],
      }),
    );
    const same = await sameCreditFinder(tx, 1, 'file', FILE, () => AT, stored);
    const verdicts = FILE.map((l) => same.judge(l));
    out.fileVerdicts = verdicts;
    const fresh = FILE.filter((_, i) => verdicts[i]!.kind === 'new');
    await importRepo.insertLines(tx, id, 1, fresh);
    await same.flush();
    await importRepo.addCounts(tx, id, fresh.length, FILE.length - fresh.length);
    return id;
  });
  out.ids = { fedId, fileId };
  out.aliases = await store.read((tx) =>
    tx
      .selectFrom('line_aliases')
      .select(['fingerprint', 'line_id', 'basis', 'created_at'])
      .orderBy('line_id')
      .execute(),
  );
  // The same file again: every line known (stored or an alias), nothing to insert.
  out.again = await store.write(async (tx) => {
    const stored = await importRepo.storedLines(
      tx,
      1,
      FILE.map((l) => l.fingerprint),
    );
    const same = await sameCreditFinder(tx, 1, 'file', FILE, () => AT, stored);
    return { stored: stored.size, verdicts: FILE.map((l) => same.judge(l).kind) };
  });
  out.byLines = await store.read(async (tx) => {
    const all = await importRepo.storedLines(
      tx,
      1,
      [...FILE, ...FED].map((l) => l.fingerprint),
    );
    return {
      stored: all.size,
      statements: [...(await importRepo.statementsOfLines(tx, [...all.values()]))].sort(),
      shape: await importRepo.statementShape(tx, fileId),
      bySha: await importRepo.statementBySha(tx, 1, 'a'.repeat(64)),
      otherAccount: (await importRepo.storedLines(tx, 2, [FILE[0]!.fingerprint])).size,
    };
  });
  out.statements = await store.read((tx) => importRepo.statements(tx));
  out.statementsOf2 = await store.read((tx) => importRepo.statements(tx, 2));
  out.overlap = await store.read((tx) => importRepo.overlapping(tx, 1, '2026-07-09', '2026-07-20'));
  out.noOverlap = await store.read((tx) => importRepo.overlapping(tx, 1, '2026-08-01', '2026-08-31'));
  out.lines = await store.read((tx) =>
    tx
      .selectFrom('statement_lines')
      .select([
        'id',
        'statement_id',
        'position',
        'date',
        'amount_cents',
        'kind',
        'description',
        'fingerprint',
      ])
      .orderBy('id')
      .execute(),
  );

  // Profiles: one per account and signature, the newest first; a second save updates it.
  await store.write(async (tx) => {
    const p = { bank_account_id: 1, format: 'csv', mapping_json: '{"kind":"table"}' };
    await importRepo.upsertProfile(tx, { ...p, signature: 'csv:Data|Valor', name: 'Itaú', updated_at: AT });
    await importRepo.upsertProfile(tx, { ...p, signature: 'csv:Dt|Vl', name: 'Outro', updated_at: AT });
    await importRepo.upsertProfile(tx, {
      ...p,
      signature: 'csv:Data|Valor',
      name: 'Itaú (novo)',
      updated_at: '2026-07-16T09:00:00.000Z',
    });
  });
  out.profiles = await store.read((tx) => importRepo.profiles(tx, 1));
  out.profilesAll = (await store.read((tx) => importRepo.profiles(tx))).length;

  // A file identification remembered, then moved to another account.
  const hint = (bankAccountId: number, by: string) => ({
    hintKey: '341|1234|567890',
    bankAccountId,
    bankCode: 341,
    agency: '1234',
    account: '56789-0',
    at: AT,
    by,
  });
  await store.write((tx) => importRepo.rememberHint(tx, hint(1, 'ana')));
  out.hint1 = await store.read((tx) => importRepo.accountOfHint(tx, '341|1234|567890'));
  await store.write((tx) => importRepo.rememberHint(tx, hint(2, 'beto')));
  out.hint2 = await store.read((tx) => importRepo.accountOfHint(tx, '341|1234|567890'));
  out.hintRows = await store.read((tx) => tx.selectFrom('bank_account_files').selectAll().execute());
  out.noHint = (await store.read((tx) => importRepo.accountOfHint(tx, 'x'))) ?? null;

  // Removal: what goes with the statement, then the statement.
  await store.write(async (tx) => {
    const plan = await tx
      .insertInto('match_plans')
      .values({ statement_id: fileId, created_at: AT, engine_version: '1', settings_json: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [l1, l2] = await tx
      .selectFrom('statement_lines')
      .select('id')
      .where('statement_id', '=', fileId)
      .orderBy('id')
      .execute();
    for (const [lineId, state] of [
      [l1!.id, 'approved'],
      [l2!.id, 'suggested'],
    ] as const)
      await tx
        .insertInto('matches')
        .values({
          plan_id: plan.id,
          line_id: lineId,
          score: 90,
          zone: 'green',
          reasons_json: '[]',
          state,
          updated_at: AT,
        })
        .execute();
  });
  out.removal = await store.write(async (tx) => {
    const before = {
      statement: await statementRemoveRepo.statement(tx, fileId),
      sent: await statementRemoveRepo.sentReceivables(tx, fileId),
      decided: await statementRemoveRepo.decided(tx, fileId),
      lines: await statementRemoveRepo.lineCount(tx, fileId),
      overlapping: await statementRemoveRepo.overlapping(tx, {
        id: fedId,
        bankAccountId: 1,
        from: '2026-07-10',
        to: '2026-07-10',
      }),
      none: (await statementRemoveRepo.statement(tx, 999)) ?? null,
    };
    await statementRemoveRepo.delete(tx, fileId);
    return before;
  });
  out.afterRemoval = await store.read(async (tx) => ({
    lines: await statementRemoveRepo.lineCount(tx, fileId),
    matches: Number(
      (
        await tx
          .selectFrom('matches')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    aliases: (await tx.selectFrom('line_aliases').select('fingerprint').execute()).length,
    statements: (await importRepo.statements(tx)).map((s) => s.id),
  }));
  return out;
}

describe.each(['sqlite', 'postgres'] as const)('the import on %s', (dialect) => {
  it('statements, lines by fingerprint, the same credit from two sources, profiles, hints and removal', async () => {
    const out = await scenario(await open[dialect]());
    expect(out.accounts).toEqual([
      { id: 1, description: 'Itaú Centro', bank_code: 341, agency: '1234', account: '56789-0' },
      { id: 2, description: 'BB Movimento', bank_code: 1, agency: '4321', account: '1122-3' },
    ]);
    expect(out.missing).toBeNull();
    expect(out.fileVerdicts).toEqual([
      { kind: 'new', ambiguous: false },
      { kind: 'new', ambiguous: false },
      { kind: 'new', ambiguous: false },
      { kind: 'alias', lineId: 1, basis: 'end_to_end_id' },
      { kind: 'alias', lineId: 2, basis: 'single_candidate' },
      { kind: 'new', ambiguous: true },
      { kind: 'new', ambiguous: false },
    ]);
    expect(out.aliases).toEqual([
      { fingerprint: FILE[3]!.fingerprint, line_id: 1, basis: 'end_to_end_id', created_at: AT },
      { fingerprint: FILE[4]!.fingerprint, line_id: 2, basis: 'single_candidate', created_at: AT },
    ]);
    expect(out.again).toEqual({
      stored: 5,
      verdicts: ['known', 'known', 'known', 'known', 'known', 'known', 'known'],
    });
    expect(out.byLines).toEqual({
      stored: 9,
      statements: [1, 2],
      shape: { id: 2, line_count: 7, period_from: '2026-07-01', period_to: '2026-07-10' },
      bySha: { id: 2 },
      otherAccount: 0,
    });
    const statements = out.statements as { id: number; inserted_count: number; known_count: number }[];
    expect(statements.map((s) => [s.id, s.inserted_count, s.known_count])).toEqual([
      [2, 5, 2],
      [1, 0, 0],
    ]);
    expect(out.statementsOf2).toEqual([]);
    expect(out.overlap).toEqual([
      { id: 1, format: 'pix', period_from: '2026-07-01', period_to: '2026-07-10' },
      { id: 2, format: 'csv', period_from: '2026-07-01', period_to: '2026-07-10' },
    ]);
    expect(out.noOverlap).toEqual([]);
    expect((out.lines as unknown[]).length).toBe(9);
    expect((out.profiles as { name: string }[]).map((p) => p.name)).toEqual(['Itaú (novo)', 'Outro']);
    expect([out.hint1, out.hint2, out.noHint]).toEqual([1, 2, null]);
    expect(out.hintRows).toMatchObject([{ bank_account_id: 2, confirmed_by: 'beto' }]);
    expect(out.removal).toMatchObject({
      statement: { id: 2, file_name: 'extrato.csv', line_count: 7, credit_count: 5 },
      sent: 0,
      decided: { total: 2, approved: 1 },
      lines: 5,
      overlapping: ['extrato.csv'],
      none: null,
    });
    // Lines, plans and matches went with it; the aliases name the fed lines, which stay.
    expect(out.afterRemoval).toEqual({ lines: 0, matches: 0, aliases: 2, statements: [1] });
  });

  it('thousands of lines: looked up and inserted in slices, in order; one stored meanwhile fails the import', async () => {
    const store = await open[dialect]();
    await store.write(accounts);
    const many = lines(
      Array.from({ length: 2_345 }, (_, i) =>
        line({ date: `2026-07-${String(1 + (i % 28)).padStart(2, '0')}`, amountCents: 100 + i }),
      ),
    );
    const id = await store.write(async (tx) => {
      const s = await importRepo.insertStatement(tx, statement({}));
      await importRepo.insertLines(tx, s, 1, many);
      return s;
    });
    const stored = await store.read((tx) =>
      importRepo.storedLines(
        tx,
        1,
        many.map((l) => l.fingerprint),
      ),
    );
    expect(stored.size).toBe(2_345);
    const positions = await store.read((tx) =>
      tx
        .selectFrom('statement_lines')
        .select('position')
        .where('statement_id', '=', id)
        .orderBy('id')
        .execute(),
    );
    expect(positions.map((p) => p.position)).toEqual(many.map((l) => l.position));
    await expect(
      store.write((tx) =>
        importRepo.insertLines(tx, id, 1, [
          many[0]!,
          ...lines([line({ date: '2026-09-01', amountCents: 1 })]),
        ]),
      ),
    ).rejects.toThrow(/1 line\(s\) were stored by another import meanwhile/);
    expect((await store.read((tx) => importRepo.storedLines(tx, 1, ['x', many[7]!.fingerprint]))).size).toBe(
      1,
    );
  });

  it('a failed import leaves nothing: statement, lines, aliases, counts and profile roll back together', async () => {
    const store = await open[dialect]();
    await store.write(accounts);
    await expect(
      store.write(async (tx) => {
        const s = await importRepo.insertStatement(tx, statement({}));
        const same = await sameCreditFinder(tx, 1, 'file', FILE, () => AT);
        for (const l of FILE) same.judge(l);
        await importRepo.insertLines(tx, s, 1, FILE);
        await same.flush();
        await importRepo.addCounts(tx, s, FILE.length, 0);
        await importRepo.upsertProfile(tx, {
          bank_account_id: 1,
          signature: 's',
          name: 'n',
          format: 'csv',
          mapping_json: '{}',
          updated_at: AT,
        });
        throw new Error('disk full');
      }),
    ).rejects.toThrow(/disk full/);
    const left = await store.read(async (tx) => ({
      statements: (await importRepo.statements(tx)).length,
      lines: (
        await importRepo.storedLines(
          tx,
          1,
          FILE.map((l) => l.fingerprint),
        )
      ).size,
      profiles: (await importRepo.profiles(tx)).length,
    }));
    expect(left).toEqual({ statements: 0, lines: 0, profiles: 0 });
  });
});

it('both databases give the same answers to the same import', async () => {
  const [a, b] = [await scenario(await open.sqlite()), await scenario(await open.postgres())];
  expect(b).toEqual(a);
  expect(JSON.stringify(a).length).toBeGreaterThan(3_000);
});
