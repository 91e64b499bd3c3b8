/**
 * [U] item 3: the intake folder, on a real core (SQLite file) connected to the sandbox over loopback. The files are
 * the sandbox's reproductions of real ones: an OFX statement as Itaú’s internet banking exports it (BANKID /
 * BRANCHID / ACCTID naming the account), Banco do Brasil's FEBRABAN CNAB 240 return file, and Cielo's EDI v15
 * "04 pagamentos" acquirer file paid into the Itaú card account. No test waits for time: the pause between the
 * folder's two looks is a hook the test fills in.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox';
import { writeAcquirerFile } from '../../sandbox/acquirer-files';
import { writeReturnFile } from '../../sandbox';
import { commandCaller, testCore } from '../../../tests/helpers/core';
import { TEST_TODAY, testDay, testSandbox, TO_RECONCILE } from '../../../tests/helpers/sandbox';
import { tempDir } from '../../../tests/helpers/tmp';
import { takeIntake } from './intake.service';

describe('the intake folder', () => {
  // The CLI's mode: no schedule timer of its own runs beside the cycles the test starts.
  const t = testCore('cli');
  const call = commandCaller(t.core);
  const tmp = tempDir();
  const folder = join(tmp.dir, 'entrada');
  let sandbox: RunningSandbox;
  const accountOf = (bank: number) => sandbox.data.bankAccounts.find((a) => a.bankCode === bank)!.id;
  const take = (settle: () => Promise<void> = async () => undefined) =>
    takeIntake({
      ctx: t.core.ctx,
      dispatch: t.core.dispatch,
      profileId: t.core.ctx.activeProfileId(),
      cycleId: null,
      settle,
    });
  const files = (sub = '') =>
    readdirSync(join(folder, sub)).filter((n) => !['importados', 'recusados'].includes(n));

  beforeAll(async () => {
    sandbox = await testSandbox(TO_RECONCILE);
    await call('profiles.save', {
      name: 'Centro',
      baseUrl: sandbox.url,
      username: sandbox.username,
      password: sandbox.branchKey,
      keyKind: 'branch',
    });
    await call('sync.run', { dueFrom: testDay(-50), dueTo: testDay(7), debtors: false });
    mkdirSync(folder, { recursive: true });
    await call('intake.setFolder', { folder });
  }, 60_000);
  afterAll(async () => {
    await sandbox.close();
    await t.core.close();
    tmp.cleanup();
  });

  it('imports a statement, a return file and an acquirer file dropped there, each into the account it names, and moves them', async () => {
    // Bradesco OFX (the account's own BANKID/BRANCHID/ACCTID), BB CNAB 240 return, Cielo EDI 15 paid into Itaú.
    const st = sandbox.writeStatement({
      bankAccountId: accountOf(341),
      from: testDay(-20),
      to: TEST_TODAY,
      format: 'ofx',
    });
    const ret = writeReturnFile(sandbox.data, {
      bankAccountId: accountOf(1),
      from: testDay(-30),
      to: TEST_TODAY,
    });
    const acq = writeAcquirerFile(sandbox.data, {
      bankAccountId: accountOf(341),
      from: testDay(-30),
      to: TEST_TODAY,
      format: 'cielo',
    });
    expect(ret.groundTruth.titles.length).toBeGreaterThan(0);
    expect(acq.groundTruth.batches.length).toBeGreaterThan(0);
    writeFileSync(join(folder, st.fileName), st.bytes);
    writeFileSync(join(folder, ret.fileName), ret.bytes);
    writeFileSync(join(folder, acq.fileName), acq.bytes);

    const r = await take();
    expect(r.errors).toEqual([]);
    expect(r.refused).toEqual([]);
    expect(r.waiting).toEqual([]);
    const byName = new Map(r.imported.map((f) => [f.fileName, f]));
    expect(byName.get(st.fileName)).toMatchObject({ kind: 'statement', bankAccountId: accountOf(341) });
    expect(byName.get(st.fileName)!.newItems).toBeGreaterThan(0);
    expect(byName.get(ret.fileName)).toMatchObject({ kind: 'cnab', bankAccountId: accountOf(1) });
    expect(byName.get(acq.fileName)).toMatchObject({ kind: 'acquirer', bankAccountId: accountOf(341) });
    expect(files()).toEqual([]);
    expect(files('importados').sort()).toEqual([acq.fileName, ret.fileName, st.fileName].sort());
    // The same command path as Importar: the statement is there and was matched on import.
    const list = await call<{ statements: { fileName: string }[] }>('import.statements', {});
    expect(list.statements.map((s) => s.fileName)).toContain(st.fileName);
    const audit = await call<{ entries: { action: string }[] }>('audit.list', { limit: 50 });
    expect(audit.entries.map((e) => e.action)).toEqual(expect.arrayContaining(['import.committed']));

    // The same file dropped again: recognised as the one imported, nothing added, kept beside the first.
    writeFileSync(join(folder, st.fileName), st.bytes);
    const again = await take();
    expect(again.imported).toHaveLength(1);
    expect(again.imported[0]).toMatchObject({ sameFile: true, newItems: 0 });
    expect(files('importados')).toContain(st.fileName.replace(/\.ofx$/, ' (2).ofx'));
  }, 60_000);

  it('refuses a file that is not a statement, with the sentence in Portuguese beside it', async () => {
    writeFileSync(join(folder, 'relatorio.pdf'), Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'));
    const r = await take();
    expect(r.refused.map((f) => f.fileName)).toEqual(['relatorio.pdf']);
    expect(files()).toEqual([]);
    const reason = readFileSync(join(folder, 'recusados', 'relatorio.pdf.motivo.txt'), 'utf8');
    expect(reason).toContain('PDF');
    expect(reason).toMatch(/o Quita não lê PDF/);
    const status = await call<{
      recent: { fileName: string; state: string; reason: { code: string } | null }[];
    }>('intake.status', {});
    expect(status.recent[0]).toMatchObject({
      fileName: 'relatorio.pdf',
      state: 'refused',
      reason: { code: 'import.pdf' },
    });
  });

  it('never reads a file still being written: temporary names are skipped, and a file that grows between two looks waits', async () => {
    const st = sandbox.writeStatement({
      bankAccountId: accountOf(341),
      from: testDay(-40),
      to: testDay(-21),
      format: 'ofx',
    });
    const half = Math.floor(st.bytes.length / 2);
    // The bank's transfer software writes under a temporary name first (WinSCP's .filepart, a browser's .crdownload).
    writeFileSync(join(folder, `${st.fileName}.filepart`), st.bytes.subarray(0, half));
    writeFileSync(join(folder, '~$planilha.xlsx'), 'owner file of an open workbook');
    // A writer that appends in place: half now, the rest while Quita looks.
    writeFileSync(join(folder, st.fileName), st.bytes.subarray(0, half));
    const first = await take(async () => appendFileSync(join(folder, st.fileName), st.bytes.subarray(half)));
    expect(first.imported).toEqual([]);
    expect(first.refused).toEqual([]);
    expect(existsSync(join(folder, st.fileName))).toBe(true);
    // Whole and unchanged at both looks of the next cycle: imported.
    const second = await take();
    expect(second.imported.map((f) => f.fileName)).toEqual([st.fileName]);
    expect(second.imported[0]!.newItems).toBeGreaterThan(0);
    expect(files().sort()).toEqual([`${st.fileName}.filepart`, '~$planilha.xlsx'].sort());
  });

  it('leaves a file whose account cannot be told for a person, and imports it once they choose the account', async () => {
    // An Inter OFX whose ACCTID is not one of the branch's accounts (a statement of the owner's personal account).
    const st = sandbox.writeStatement({
      bankAccountId: accountOf(77),
      from: testDay(-20),
      to: TEST_TODAY,
      format: 'ofx',
    });
    const text = st.bytes.toString('latin1').replace(/<ACCTID>[^<\r\n]*/, '<ACCTID>555666-1');
    writeFileSync(join(folder, 'extrato-inter.ofx'), Buffer.from(text, 'latin1'));
    const r = await take();
    expect(r.imported).toEqual([]);
    expect(r.refused).toEqual([]);
    expect(r.waiting).toHaveLength(1);
    expect(r.waiting[0]!.reason?.code).toBe('intake.account_unknown');
    expect(files()).toContain('extrato-inter.ofx'); // not moved: it is not refused, it waits
    // Seen again by the next cycle: still one entry waiting, not one per cycle.
    await take();
    const status = await call<{ waiting: { id: number; fileName: string }[] }>('intake.status', {});
    expect(status.waiting.map((w) => w.fileName)).toEqual(['extrato-inter.ofx']);

    // The person says which account (and confirms it, since the file names another one).
    const assigned = call('intake.assign', { fileId: status.waiting[0]!.id, bankAccountId: accountOf(77) });
    await expect(assigned).rejects.toMatchObject({ code: 'import.account_mismatch' });
    expect((await call<{ waiting: unknown[] }>('intake.status', {})).waiting).toHaveLength(1);
  });
});
