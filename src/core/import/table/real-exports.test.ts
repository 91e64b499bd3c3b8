/**
 * Issue [L]: 14 of 56 real exports were read wrongly, silently. Each fixture here (tests/fixtures/statements/
 * tbl-*, written by tbl-make-fixtures.ts) reproduces one bank's export with one of those quirks: made-up
 * names and amounts, the bank's structure (encoding, delimiter, preamble, titles, cell types). Every test
 * says which quirk of which bank it stands for, and reads the bytes through parseStatement as an import does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zipBomb } from '../../../../tests/fixtures/statements/tbl-zip-bomb';
import { isAppError } from '../../errors';
import { MAX_UNPACKED_BYTES, WORKER_HEAP_MB } from '../limits';
import { parseStatementInWorker, workerResourceLimits } from '../parse-in-worker';
import { parseStatement } from '../parse-statement';
import { STARTER_PROFILES, startersForBank } from '../starter-profiles';
import type { ParseOptions, ParseResult } from '../types';
import { quietly } from './read-grid';
import { codeOf, rejection } from '../../../../tests/helpers/errors';

const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/statements');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const parse = (name: string, opts: ParseOptions = {}) => parseStatement(fixture(name), opts);
/** The lines to reconcile, as the clerk will see them: where, when, how much, who. */
const credits = (r: ParseResult) =>
  r.lines.filter((l) => l.kind === 'credit').map((l) => [l.position, l.date, l.amountCents, l.payerText]);
const codes = (r: ParseResult) => r.notices.map((n) => n.code);

describe('1. scheduled entries are not money received', () => {
  it('Itaú CSV: the “Lançamentos futuros” section at the end is left out, even an item dated on the export day', () => {
    for (const profiles of [[], startersForBank(341)]) {
      const r = parse('tbl-itau-futuros.csv', { profiles });
      expect(credits(r)).toEqual([
        [8, '2026-11-03', 11990, 'RENATA F GUIMARÃES'],
        [9, '2026-11-03', 8990, 'OTÁVIO B LEMOS'],
        [12, '2026-11-04', 14990, 'SIMONE K ARAÚJO'],
        [15, '2026-11-05', 30000, 'CLEBER M SANTANA'],
      ]);
      // The scheduled Pix credit of 12/11 (FABIO N CRUZ, R$ 99,90) was imported as received before.
      expect(r.lines.some((l) => l.description.includes('AGENDADO'))).toBe(false);
      expect(r.skipped).toEqual([
        { line: 18, reason: 'the heading of a section of scheduled (future) entries' },
        { line: 19, reason: 'a scheduled (future) entry: not in the account yet' },
        { line: 20, reason: 'a scheduled (future) entry: not in the account yet' },
        { line: 21, reason: 'a scheduled (future) entry: not in the account yet' },
      ]);
      expect(r.notices.find((n) => n.code === 'import.future_skipped')?.params).toEqual({ count: 3 });
      expect(codes(r)).not.toContain('import.rows_skipped');
      expect(r.period).toEqual({ from: '2026-11-03', to: '2026-11-05' }); // not to 12/11
    }
  });

  it('Itaú XLS: “Saídas futuras” and “Entradas futuras” sections, and a line dated after “Atualização”', () => {
    const r = parse('tbl-itau-futuros.xls', { profiles: startersForBank(341) });
    expect(r).toMatchObject({ format: 'xls', mappingSource: 'starter' });
    expect(credits(r)).toEqual([
      [9, '2026-11-03', 12990, 'JULIANA M PRADO'],
      [11, '2026-11-04', 45000, 'PAULO H DIAS'],
    ]);
    expect(r.skipped.map((s) => [s.line, s.reason])).toEqual([
      [13, 'dated after the export date (2026-11-05): a scheduled entry, not in the account yet'],
      [15, 'the heading of a section of scheduled (future) entries'],
      [16, 'a row of the section of scheduled (future) entries'],
      [17, 'a scheduled (future) entry: not in the account yet'],
      [18, 'the heading of a section of scheduled (future) entries'],
      [19, 'a scheduled (future) entry: not in the account yet'],
      [20, 'a scheduled (future) entry: not in the account yet'],
    ]);
    expect(r.notices.find((n) => n.code === 'import.future_skipped')).toMatchObject({
      params: { count: 4 },
      message: expect.stringMatching(/4 scheduled entries.*2026-11-05/) as string,
    });
    expect(r.rejected).toEqual([]); // the section's own title row is not a bad row
  });

  it('Sicredi XLS: the “Lançamentos futuros” section with its own title row is left out', () => {
    for (const profiles of [[], startersForBank(748)]) {
      const r = parse('tbl-sicredi-futuros.xls', { profiles });
      expect(credits(r)).toEqual([
        [8, '2026-11-03', 11000, 'ANDERSON R VIEIRA'],
        [10, '2026-11-04', 15990, 'CAMILA P NUNES'],
        [11, '2026-11-05', 8990, 'DANIELA F ROCHA'],
      ]);
      expect(r.lines.map((l) => l.document)).toEqual([null, 'PIX_CRED', 'PIX_DEB', 'COB000013', 'PIX_CRED']);
      expect(r.skipped.map((s) => s.line)).toEqual([13, 14, 15, 16]);
      expect(r.notices.find((n) => n.code === 'import.future_skipped')?.params).toEqual({ count: 2 });
      expect(r.rejected).toEqual([]);
    }
  });

  it('another real section after the future one is read again (made-up layout, not a bank’s)', () => {
    const csv = [
      'Data;Histórico;Valor',
      '01/11/2026;PIX RECEBIDO - ANA;10,00',
      'Lançamentos futuros;;',
      '20/11/2026;PIX RECEBIDO - FUTURO;99,00',
      'Lançamentos do período;;',
      '02/11/2026;PIX RECEBIDO - BIA;20,00',
    ].join('\n');
    const r = parseStatement(Buffer.from(csv));
    expect(credits(r)).toEqual([
      [2, '2026-11-01', 1000, 'ANA'],
      [6, '2026-11-02', 2000, 'BIA'],
    ]);
    expect(r.skipped.map((s) => s.line)).toEqual([3, 4, 5]);
  });

  it('a summary line that merely starts with such a word is not a heading (made-up file)', () => {
    const csv = [
      'Data;Histórico;Valor',
      ';Agendamentos do dia: 1 item;',
      '01/11/2026;PIX RECEBIDO - ANA;10,00',
      ';Lançamentos futuros;-50,00',
      '02/11/2026;PIX RECEBIDO - BIA;20,00',
    ].join('\n');
    const r = parseStatement(Buffer.from(csv));
    expect(credits(r).map((c) => c[3])).toEqual(['ANA', 'BIA']);
    expect(codes(r)).not.toContain('import.future_skipped');
  });

  it('without an export date in the preamble, a later date is not a reason to leave a line out', () => {
    const r = parseStatement(Buffer.from('Data;Histórico;Valor\n01/11/2099;PIX RECEBIDO - ANA;10,00\n'));
    expect(credits(r)).toEqual([[2, '2099-11-01', 1000, 'ANA']]);
  });
});

describe('2. whose account the preamble says it is', () => {
  const hint = (name: string, bank: number | null) =>
    parse(name, { profiles: bank === null ? [] : startersForBank(bank) });

  it('Itaú CSV “Agência;0512;Conta;07341-2”: the bank only when the Itaú starter recognised the layout', () => {
    expect(hint('tbl-itau-futuros.csv', null)).toMatchObject({
      accountHint: { bankCode: null, agency: '0512', account: '07341-2', source: 'preamble' },
      statements: [],
      statementIndex: null,
    });
    expect(hint('tbl-itau-futuros.csv', 341).accountHint).toEqual({
      bankCode: 341,
      agency: '0512',
      account: '07341-2',
      source: 'preamble',
    });
  });

  it.each([
    ['tbl-itau-futuros.xls', 341, '1234', '56789-0'], // Itaú XLS: “Agência: 1234  Conta: 56789-0” in one cell
    ['tbl-sicredi-futuros.xls', 748, '0716', '38210-4'], // Sicredi: “Cooperativa:” is the agency
    ['tbl-c6.csv', 336, '1', '29381746'], // C6: “Agência: 1 / Conta: 29381746”
    ['tbl-sicoob.xls', 756, '3069', '41207-3'], // Sicoob HTML: a table above the statement’s table
  ])('%s: bank %i, agency %s, account %s', (name, bank, agency, account) => {
    expect(hint(name, bank).accountHint).toEqual({ bankCode: bank, agency, account, source: 'preamble' });
    expect(hint(name, null).accountHint).toEqual({ bankCode: null, agency, account, source: 'preamble' });
  });

  it('Bradesco CSV “;Extrato de: Agência: 2505-1  Conta: 16865-3” (no table starter: bank unknown)', () => {
    expect(hint('tbl-bradesco.csv', 237).accountHint).toEqual({
      bankCode: null,
      agency: '2505-1',
      account: '16865-3',
      source: 'preamble',
    });
  });

  it.each([
    ['Ag 1234 CC 56789-0', '1234', '56789-0'],
    ['Agência: 1234-5 Conta: 12345-6', '1234-5', '12345-6'],
    ['Agência/Conta: 0321/45.678-9', '0321', '45678-9'],
    ['AGENCIA 0042 CONTA CORRENTE 001234-X', '0042', '001234-X'],
  ])('preamble wording “%s” (made-up files)', (line, agency, account) => {
    const r = parseStatement(
      Buffer.from(`${line}\nData;Histórico;Valor\n01/11/2026;PIX RECEBIDO - ANA;10,00\n`),
    );
    expect(r.accountHint).toEqual({ bankCode: null, agency, account, source: 'preamble' });
  });

  it('no preamble, no hint (Mercado Pago, Stone, Cora say nothing of the account)', () => {
    for (const name of ['tbl-mercadopago.xlsx', 'tbl-stone.csv', 'tbl-cora.csv', 'tbl-pagbank.csv'])
      expect(parse(name).accountHint, name).toBeNull();
  });
});

describe('3. credit-card bills are not bank statements', () => {
  it.each([
    // Nubank's fatura as the app exports it: date,title,amount, ISO dates, “Pagamento recebido” negative.
    ['tbl-nubank-fatura.csv', 260],
    // The shape the issue quotes for Nubank's fatura: data,lançamento,valor and dates without a year.
    ['tbl-fatura-sem-ano.csv', 260],
    // C6's fatura: Parcela, Valor (em US$), Cotação…, “Inclusao de Pagamento” negative; dates with a year.
    ['tbl-c6-fatura.csv', 336],
  ])('%s is refused as a card bill, with or without the bank’s starters', (name, bank) => {
    expect(codeOf(() => parse(name))).toBe('import.card_bill');
    expect(codeOf(() => parse(name, { profiles: startersForBank(bank) }))).toBe('import.card_bill');
  });

  it('through the worker too', async () => {
    expect(await rejection(parseStatementInWorker(fixture('tbl-nubank-fatura.csv')))).toMatchObject({
      kind: 'validation',
      code: 'import.card_bill',
    });
  });

  it('statements that pay a card bill are still statements (Itaú “PAGTO FATURA CARTAO”, Nubank account)', () => {
    expect(parse('tbl-itau-futuros.csv').lines.find((l) => l.amountCents === -104517)).toMatchObject({
      kind: 'debit',
      description: 'PAGTO FATURA CARTAO',
    });
    const nubank = parse('tbl-nubank-conta-paga-fatura.csv', { profiles: startersForBank(260) });
    expect(credits(nubank)).toEqual([
      [2, '2026-11-03', 12990, 'Yasmin T Rocha'],
      [4, '2026-11-04', 8990, 'Igor M Vasconcelos'],
    ]);
    expect(nubank.lines[1]).toMatchObject({ kind: 'debit', description: 'Pagamento de fatura' });
  });

  it('every older spreadsheet-like fixture still imports', () => {
    for (const name of [
      'itau.csv',
      'itau-overlap.csv',
      'nubank.csv',
      'inter.csv',
      'bb.csv',
      'caixa.csv',
      'styles.csv',
      'dotted.tsv',
      'headerless.csv',
      'serial-dates.csv',
      'mixed-encoding.csv',
      'santander.xlsx',
      'santander.xls',
      'santander.ods',
      'two-sheets.xlsx',
      'bank-export.xls',
    ])
      expect(parse(name).lines.length, name).toBeGreaterThan(0);
  });

  it('the clerk’s own mapping is obeyed even on a file that looks like a bill (their call, not ours)', () => {
    const mapping = {
      kind: 'table' as const,
      sheet: null,
      encoding: null,
      delimiter: ',' as const,
      headerRow: 1,
      dateColumn: 0,
      descriptionColumns: [1],
      amountColumn: 2,
      creditColumn: null,
      debitColumn: null,
      directionColumn: null,
      documentColumn: null,
      balanceColumn: null,
      dateOrder: 'ymd' as const,
      decimalSeparator: '.' as const,
    };
    expect(parse('tbl-nubank-fatura.csv', { mapping }).lines).toHaveLength(6);
  });
});

describe('4. starter profiles of Mercado Pago, PagBank, Stone, C6, Sicoob, Sicredi and Cora', () => {
  it('Mercado Pago XLSX: the INITIAL_BALANCE block is no longer rejected rows, REFERENCE_ID is the document', () => {
    // Before: rejected rows “INITIAL_BALANCE” / “575.94” / “RELEASE_DATE” is not a date, documents empty.
    for (const profiles of [[], startersForBank(323)]) {
      const r = parse('tbl-mercadopago.xlsx', { profiles });
      expect(r.rejected).toEqual([]);
      expect(r.mapping).toMatchObject({ headerRow: 4, documentColumn: 2, amountColumn: 3, balanceColumn: 4 });
      expect(credits(r)).toEqual([
        [5, '2026-11-01', 12990, 'Tatiane G Moura'],
        [6, '2026-11-01', 39980, 'Camila V Duarte'],
        [8, '2026-11-03', 100000, 'Rodrigo A Farias'],
      ]);
      expect(r.lines.map((l) => l.document)).toEqual([
        '93512874401',
        '93512874402',
        '93512874403',
        '93512874404',
      ]);
      expect(r.lines[2]).toMatchObject({ kind: 'debit', amountCents: -105000, balanceCents: 5564 });
    }
    expect(parse('tbl-mercadopago.xlsx', { profiles: startersForBank(323) })).toMatchObject({
      mappingSource: 'starter',
      profileName: 'Mercado Pago — extrato de conta',
      confidence: 1,
    });
  });

  it('PagBank CSV (Latin-1, “;”): TIPO and DESCRICAO make the description, the UUID the document', () => {
    const r = parse('tbl-pagbank.csv', { profiles: startersForBank(290) });
    expect(r).toMatchObject({ mappingSource: 'starter', encoding: 'windows-1252' });
    expect(credits(r)).toEqual([
      [2, '2026-11-02', 11990, 'Vanessa C Ribeiro'],
      [4, '2026-11-03', 125000, 'Márcio J Batista'],
    ]);
    expect(r.lines[0]).toMatchObject({
      description: 'Pix recebido - Vanessa C Ribeiro',
      document: '8a2e4b51-6c9f-4d22-8e4f-3b8c0d1f2a53',
    });
  });

  it('Stone CSV: “- R$ 320,00” and the Crédito/Débito column; the payer is in CONTRAPARTE', () => {
    for (const profiles of [[], startersForBank(197)]) {
      const r = parse('tbl-stone.csv', { profiles });
      expect(credits(r)).toEqual([
        [2, '2026-11-03', 13990, 'Bianca S Oliveira'],
        [4, '2026-11-04', 248015, 'Eduardo T Campos'],
      ]);
      expect(r.lines.map((l) => [l.amountCents, l.balanceCents])).toEqual([
        [13990, 163990],
        [-32000, 131990],
        [248015, 380005],
        [-250, 379755],
      ]);
    }
    expect(parse('tbl-stone.csv', { profiles: startersForBank(197) }).profileName).toBe('Stone — extrato');
  });

  it('C6 CSV: BOM, 8 preamble lines, Entrada/Saída both positive, dot decimals, a quoted comma', () => {
    const r = parse('tbl-c6.csv', { profiles: startersForBank(336) });
    expect(r).toMatchObject({ mappingSource: 'starter', profileName: 'C6 — extrato CSV', encoding: 'utf-8' });
    expect(credits(r)).toEqual([
      [10, '2026-11-03', 18990, 'Priscila D Xavier'],
      [12, '2026-11-04', 9990, 'Lemos, Augusto F'],
      [13, '2026-11-05', 250000, 'Instituto Vida Ativa'],
    ]);
    expect(r.lines[1]).toMatchObject({
      kind: 'debit',
      amountCents: -4500,
      description: 'Pix enviado - Papelaria Central',
    });
  });

  it('Sicoob HTML export (.xls): amounts with a trailing C/D, SALDO rows as balances', () => {
    const r = parse('tbl-sicoob.xls', { profiles: startersForBank(756) });
    expect(r).toMatchObject({
      format: 'html',
      mappingSource: 'starter',
      profileName: 'Sicoob — extrato exportado',
    });
    expect(credits(r)).toEqual([
      [3, '2026-11-03', 12990, 'ANA CLARA MENDES'],
      [6, '2026-11-04', 9990, 'WAGNER S PINTO'],
    ]);
    expect(r.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['balance', 74000],
      ['credit', 12990],
      ['debit', -4500],
      ['balance', 82490],
      ['credit', 9990],
      ['balance', 92480],
    ]);
  });

  it('Sicredi XLS: the starter fits its titles', () => {
    expect(parse('tbl-sicredi-futuros.xls', { profiles: startersForBank(748) })).toMatchObject({
      mappingSource: 'starter',
      profileName: 'Sicredi — extrato Excel',
      confidence: 1,
    });
  });

  it('Cora CSV: Transação and Identificação make the description', () => {
    const r = parse('tbl-cora.csv', { profiles: startersForBank(403) });
    expect(r).toMatchObject({ mappingSource: 'starter', profileName: 'Cora — extrato CSV' });
    expect(credits(r)).toEqual([
      [2, '2026-11-03', 11990, 'Thiago L Barros'],
      [4, '2026-11-04', 8990, 'Aline K Moraes'],
    ]);
    expect(r.lines[1]).toMatchObject({ amountCents: -23145, kind: 'debit' });
  });

  it('each new bank has a starter with notes', () => {
    for (const code of [323, 290, 197, 336, 756, 748, 403]) {
      const mine = STARTER_PROFILES.filter((p) => p.bankCode === code);
      expect(mine.length, String(code)).toBeGreaterThan(0);
      for (const p of mine) expect(p.notes.length).toBeGreaterThan(10);
    }
  });
});

describe('5. small ones', () => {
  afterEach(() => vi.restoreAllMocks());

  it('Banco do Brasil CSV re-saved by a spreadsheet: each row one quoted field, bare comma decimals', () => {
    for (const profiles of [[], startersForBank(1)]) {
      const r = parse('tbl-bb-ressalvo.csv', { profiles });
      expect(r.mapping).toMatchObject({ delimiter: ',', headerRow: 1, amountColumn: 5, documentColumn: 4 });
      expect(credits(r)).toEqual([
        [3, '2026-11-03', 15000, 'Fernanda L Matos'],
        [4, '2026-11-03', 8990, 'Gustavo R Alves'],
        [6, '2026-11-04', 132000, 'Helena C Prado'],
      ]);
      expect(r.lines.map((l) => [l.kind, l.amountCents])).toEqual([
        ['balance', 120433],
        ['credit', 15000],
        ['credit', 8990],
        ['debit', -5490],
        ['credit', 132000],
        ['balance', 270933],
      ]);
    }
  });

  it('SheetJS’s own remarks (“Missing Info for XLS Record”) do not reach stderr', () => {
    const damaged = Buffer.from(fixture('santander.xls'));
    damaged[1032] = 0x21; // makes SheetJS print “Missing Info for XLS Record 0x3100” and read on
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    const outcome = (() => {
      try {
        return `ok:${parseStatement(damaged).lines.length}`;
      } catch (e) {
        return isAppError(e) ? e.code : String(e);
      }
    })();
    expect(outcome).toMatch(/^(ok:\d+|import\.)/);
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('…while anything else printed during a read, and every thrown error, still gets through', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const value = quietly(() => {
      console.error('Bad uncompressed size: 10 != 20');
      console.error('Missing Info for XLS Record 0x7703');
      console.error('something SheetJS never said before');
      return 42;
    });
    expect(value).toBe(42);
    expect(error.mock.calls).toEqual([['something SheetJS never said before']]);
    expect(() =>
      quietly(() => {
        throw new Error('real failure');
      }),
    ).toThrow('real failure');
    expect(console.error).toBe(error); // restored
  });
});

describe('6. decompression bombs', () => {
  const limitMb = MAX_UNPACKED_BYTES / 1024 / 1024;

  /** Peak RSS of this process (the worker thread included) while `work` runs, sampled every 5 ms. */
  async function peakRss<T>(work: () => Promise<T>): Promise<{ value: T; baseMb: number; peakMb: number }> {
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      const value = await work();
      return { value, baseMb: Math.round(base / 2 ** 20), peakMb: Math.round(peak / 2 ** 20) };
    } finally {
      clearInterval(timer);
    }
  }

  it('an XLSX declaring 3 GB of sheet XML is refused from its central directory, before SheetJS', () => {
    const bomb = zipBomb(); // ~3 MB
    expect(bomb.length).toBeLessThan(4 * 2 ** 20);
    let err: unknown;
    try {
      parseStatement(bomb);
    } catch (e) {
      err = e;
    }
    // The size it names is the one declared (over 3 GB): SheetJS never inflated it, which takes minutes.
    expect(err).toMatchObject({ code: 'import.unpacked_too_large', params: { limitMb } });
    expect((err as { params: { sizeMb: number } }).params.sizeMb).toBeGreaterThan(3_000);
  });

  it('a bomb whose headers lie (1 KB declared, 3 GB inside) is refused by inflating it with a cap', async () => {
    const { value, baseMb, peakMb } = await peakRss(() =>
      rejection(parseStatementInWorker(zipBomb({ lie: true }), {}, { timeoutMs: 30_000 })),
    );
    expect(value).toMatchObject({ kind: 'validation', code: 'import.unpacked_too_large' });
    // Before this check the same file took the process to 8.3 GB (6.3 GB with honest headers).
    console.info(`lying 3 GB bomb in the worker: RSS ${baseMb} MB → peak ${peakMb} MB`);
    expect(peakMb - baseMb).toBeLessThan(700);
  });

  it('a smaller bomb under the total limit is refused by its ratio (honest or lying headers)', () => {
    const honest = zipBomb({ unpackedBytes: 150 * 2 ** 20 }); // 150 MB from ~150 KB
    expect(codeOf(() => parseStatement(honest))).toBe('import.unpacked_too_large');
    const lying = zipBomb({ unpackedBytes: 40 * 2 ** 20, lie: true });
    expect(codeOf(() => parseStatement(lying))).toBe('import.unpacked_too_large');
  });

  it('a small, truthful workbook built the same way still reads (the check refuses bombs, not zips)', () => {
    const small = zipBomb({ unpackedBytes: 2 * 2 ** 20 }); // one text cell of 1 MB: no date, no amount
    expect(codeOf(() => parseStatement(small))).toBe('import.no_table');
  });

  it('the worker’s heap is always capped; a workbook needing more ends in import.out_of_memory', async () => {
    expect(workerResourceLimits()).toEqual({ maxOldGenerationSizeMb: WORKER_HEAP_MB });
    expect(workerResourceLimits(64)).toEqual({ maxOldGenerationSizeMb: 64 });
    const rows: unknown[][] = [['Data', 'Histórico', 'Valor']];
    for (let i = 0; i < 60_000; i++) rows.push([`01/11/2026`, `PIX RECEBIDO - PESSOA ${i}`, i + 0.5]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Extrato');
    const big = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    const e = await rejection(parseStatementInWorker(big, {}, { maxHeapMb: 16 }));
    expect(e).toMatchObject({ kind: 'validation', code: 'import.out_of_memory' });
  });
});

describe('5. the payer’s document is kept apart from the name (as for OFX)', () => {
  it('a CSV whose history prints a masked CPF beside the payer (Nubank-style, made-up file)', () => {
    const csv = [
      'Data,Valor,Identificador,Descrição',
      '03/11/2026,99.90,a1b2,Transferência recebida pelo Pix - MARIA APARECIDA SOUZA - •••.456.789-•• - BCO BRADESCO',
      '04/11/2026,-20.00,c3d4,Compra no débito - PADARIA',
    ].join('\n');
    const r = parseStatement(Buffer.from(csv, 'utf8'));
    const credit = r.lines.find((l) => l.kind === 'credit')!;
    expect(credit.payerText).toBe('MARIA APARECIDA SOUZA');
    expect(credit.payerDocument).toBe('•••.456.789-••');
    expect(r.lines.find((l) => l.kind === 'debit')!.payerDocument).toBeNull();
  });
});
