import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStatement } from './parse-statement';
import { startersForBank } from './starter-profiles';
import type { ParseResult } from './types';
import { codeOf } from '../../../tests/helpers/errors';

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/statements');
export const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const parse = (name: string, opts = {}) => parseStatement(fixture(name), opts);
const brief = (r: ParseResult) => r.lines.map((l) => [l.position, l.date, l.amountCents, l.kind]);
const credits = (r: ParseResult) => r.lines.filter((l) => l.kind === 'credit');

describe('CSV exports', () => {
  it('Itaú: Latin-1, “;”, preamble, SALDO rows labelled and kept out of the credits', () => {
    const r = parse('itau.csv');
    expect(r).toMatchObject({ format: 'csv', encoding: 'windows-1252', mappingSource: 'detected' });
    expect(r.mapping).toMatchObject({
      delimiter: ';',
      headerRow: 6,
      dateColumn: 0,
      amountColumn: 3,
      balanceColumn: 4,
    });
    expect(brief(r)).toEqual([
      [7, '2026-05-31', 150000, 'balance'],
      [8, '2026-06-01', 9990, 'credit'],
      [9, '2026-06-01', 9990, 'credit'],
      [10, '2026-06-01', -4500, 'debit'],
      [11, '2026-06-01', 165480, 'balance'],
      [12, '2026-06-02', 14990, 'credit'],
      [13, '2026-06-02', -123456, 'debit'],
      [14, '2026-06-02', 57014, 'balance'],
      [15, '2026-06-03', 104237, 'credit'],
      [16, '2026-06-03', 161251, 'balance'],
    ]);
    expect(r.lines[1]).toMatchObject({
      description: 'PIX RECEBIDO - JOÃO P ASSUNÇÃO',
      payerText: 'JOÃO P ASSUNÇÃO',
    });
    expect(JSON.parse(r.lines[1]!.rawJson)).toEqual([
      '01/06/2026',
      'PIX RECEBIDO - JOÃO P ASSUNÇÃO',
      '',
      '99,90',
    ]);
    expect(r.period).toEqual({ from: '2026-06-01', to: '2026-06-03' });
    expect(r.columns.find((c) => c.index === 3)).toMatchObject({ header: 'Valor (R$)', role: 'amount' });
    expect(r.confidence).toBeGreaterThan(0.7);
  });

  it('Itaú: the starter profile applies when the account is an Itaú account', () => {
    const r = parse('itau.csv', { profiles: startersForBank(341) });
    expect(r).toMatchObject({ mappingSource: 'starter', profileName: 'Itaú — extrato CSV', confidence: 1 });
    expect(credits(r)).toHaveLength(4);
  });

  it('Nubank: “,”, dot decimals, the UUID as document, accents kept, payer cut before the CPF', () => {
    const r = parse('nubank.csv');
    expect(r.mapping).toMatchObject({
      delimiter: ',',
      decimalSeparator: '.',
      documentColumn: 2,
      amountColumn: 1,
    });
    expect(brief(r)).toEqual([
      [2, '2026-06-01', 15000, 'credit'],
      [3, '2026-06-01', -3250, 'debit'],
      [4, '2026-06-02', 123456, 'credit'],
    ]);
    expect(r.lines[0]).toMatchObject({
      document: '6a3f1c2e-0b1d-4c5e-9f7a-1b2c3d4e5f60',
      payerText: 'Andréa Assunção Souza',
    });
    expect(parse('nubank.csv', { profiles: startersForBank(260) }).mappingSource).toBe('starter');
  });

  it('Inter: BOM, five preamble lines, two description columns joined', () => {
    const r = parse('inter.csv');
    expect(r.mapping).toMatchObject({ headerRow: 6, descriptionColumns: [1, 2], balanceColumn: 4 });
    expect(r.lines[0]).toMatchObject({ position: 7, amountCents: 8990, payerText: 'Rosângela Dias' });
    expect(parse('inter.csv', { profiles: startersForBank(77) }).mappingSource).toBe('starter');
  });

  it('Banco do Brasil: balance rows in Valor (Saldo Anterior, “S A L D O”), identical lines both kept', () => {
    const r = parse('bb.csv', { profiles: startersForBank(1) });
    expect(r.mappingSource).toBe('starter');
    expect(r.lines.map((l) => l.kind)).toEqual(['balance', 'credit', 'credit', 'debit', 'balance']);
    const [a, b] = credits(r);
    expect(a!.fingerprint).not.toBe(b!.fingerprint);
  });

  it('Caixa: yyyymmdd dates and unsigned amounts with a C/D column', () => {
    const r = parse('caixa.csv', { profiles: startersForBank(104) });
    expect(r.mappingSource).toBe('starter');
    expect(brief(r)).toEqual([
      [2, '2026-06-01', 9990, 'credit'],
      [3, '2026-06-01', -1200, 'debit'],
      [4, '2026-06-02', 150000, 'credit'],
    ]);
    expect(parse('caixa.csv').mapping).toMatchObject({ directionColumn: 5, dateColumn: 1 });
  });

  it('number styles: trailing D/C, parentheses, minus at the end, plus sign, dd/mm/yy', () => {
    expect(parse('styles.csv').lines.map((l) => [l.date, l.amountCents])).toEqual([
      ['2026-06-01', 123456],
      ['2026-06-01', -1200],
      ['2026-06-02', -5000],
      ['2026-06-03', -7500],
      ['2026-06-04', 30000],
    ]);
  });

  it('dot decimals with thousands commas, ISO dates, tabs', () => {
    const r = parse('dotted.tsv');
    expect(r.mapping).toMatchObject({ delimiter: '\t', decimalSeparator: '.', dateOrder: 'ymd' });
    expect(r.lines.map((l) => [l.date, l.amountCents, l.balanceCents])).toEqual([
      ['2026-06-01', 123456, 1123456],
      ['2026-06-02', -1200, 1122256],
    ]);
  });

  it('no titles: the running balance tells the amount column from the balance column', () => {
    const r = parse('headerless.csv');
    expect(r.mapping).toMatchObject({ headerRow: null, amountColumn: 2, balanceColumn: 3 });
    expect(r.lines.map((l) => l.amountCents)).toEqual([10000, -1000, 2550, 450]);
    expect(r.signature).toBe('csv:noheader:4');
  });

  it('Excel serial dates as text; unreadable rows are rejected with the line and the reason', () => {
    const r = parse('serial-dates.csv');
    expect(r.lines.map((l) => l.date)).toEqual(['2026-06-01', '2026-06-02']);
    expect(r.rejected).toEqual([
      // [T] the reason as a code with its value, for the screens to word; the English kept for the log.
      {
        line: 4,
        reason: '“abc” is not an amount',
        code: 'row.bad_amount.not_amount',
        params: { value: 'abc' },
      },
      {
        line: 5,
        reason: '“32/13/2026” is not a calendar date',
        code: 'row.bad_date.not_calendar',
        params: { value: '32/13/2026' },
      },
    ]);
  });

  it('a file mixing UTF-8 and Windows-1252 lines reads both right', () => {
    const r = parse('mixed-encoding.csv');
    expect(r.lines.map((l) => l.payerText)).toEqual(['JOÃO', 'CONCEIÇÃO']);
    expect(r.notices.map((n) => n.code)).toContain('import.mixed_encoding');
  });
});

describe('spreadsheets', () => {
  it.each(['santander.xlsx', 'santander.xls', 'santander.ods', 'two-sheets.xlsx'])(
    '%s: credit/debit columns, date cells, formula results, the total row left out',
    (name) => {
      const r = parse(name);
      expect(r.mapping).toMatchObject({
        sheet: 'Extrato',
        headerRow: 4,
        creditColumn: 4,
        debitColumn: 5,
        balanceColumn: 6,
      });
      expect(brief(r)).toEqual([
        [5, '2026-06-01', 9990, 'credit'],
        [6, '2026-06-01', -2500, 'debit'],
        [7, '2026-06-02', 30, 'credit'],
        [8, '2026-06-02', 123450, 'credit'],
      ]);
      expect(r.skipped).toEqual([
        { line: 9, reason: 'not a statement line (a balance or total row without a date)' },
      ]);
      expect(r.lines[0]!.document).toBe('000101');
    },
  );

  it('the Santander starter profile maps the same columns', () => {
    const r = parse('santander.xlsx', { profiles: startersForBank(33) });
    expect(r).toMatchObject({ mappingSource: 'starter', confidence: 1 });
  });

  it('a formula without a saved result is a rejected row, not a zero', () => {
    const r = parse('formula-no-result.xlsx');
    expect(r.rejected).toEqual([
      {
        line: 6,
        reason: expect.stringMatching(/formula without a saved result/) as string,
        code: 'row.bad_amount.no_result',
      },
    ]);
  });

  it('an HTML table saved as .xls, in Windows-1252', () => {
    const r = parse('bank-export.xls');
    expect(r).toMatchObject({ format: 'html', encoding: 'windows-1252' });
    expect(r.lines.map((l) => [l.amountCents, l.payerText, l.document])).toEqual([
      [100000, 'JOSÉ', '123'],
      [-1000, null, '124'],
    ]);
  });

  it('clear errors for a password, an empty sheet and an empty file', () => {
    expect(codeOf(() => parse('encrypted.xlsx'))).toBe('import.password_protected');
    expect(codeOf(() => parse('empty-sheet.xlsx'))).toBe('import.no_lines');
    expect(codeOf(() => parse('empty.csv'))).toBe('import.empty');
  });
});

describe('OFX', () => {
  it('1.x SGML with a lying CHARSET:1252 header over a UTF-8 body; payer from MEMO', () => {
    const r = parse('bradesco.ofx');
    expect(r).toMatchObject({ format: 'ofx', encoding: 'utf-8', declaredEncoding: '1252' });
    expect(r.notices.map((n) => n.code)).toContain('import.charset_mismatch');
    expect(r.lines.map((l) => [l.date, l.amountCents, l.kind, l.payerText, l.fitid])).toEqual([
      ['2026-06-01', 9990, 'credit', 'JOÃO ASSUNÇÃO', '20260601001'],
      ['2026-06-01', 14990, 'credit', 'CONCEIÇÃO LIMA', '20260601002'],
      ['2026-06-02', -4500, 'debit', null, '20260602001'],
      ['2026-06-03', 154980, 'balance', null, null],
    ]);
    expect(r.lines[0]!.description).toBe('TRANSFERENCIA PIX REM: JOÃO ASSUNÇÃO');
  });

  it('the same statement really in Windows-1252 gives the same lines and fingerprints', () => {
    const utf8 = parse('bradesco.ofx');
    const cp = parse('bradesco-1252.ofx');
    expect(cp.encoding).toBe('windows-1252');
    expect(cp.lines.map((l) => [l.payerText, l.fingerprint])).toEqual(
      utf8.lines.map((l) => [l.payerText, l.fingerprint]),
    );
  });

  it('Banco do Brasil: repeated FITIDs and two identical lines all survive', () => {
    const r = parse('bb.ofx');
    expect(credits(r)).toHaveLength(3);
    expect(new Set(r.lines.map((l) => l.fingerprint)).size).toBe(r.lines.length);
    expect(credits(r).map((l) => l.payerText)).toEqual(['MARIA S SOUZA', 'MARIA S SOUZA', 'PEDRO H ALVES']);
  });

  it('Santander: OFX 2.x XML, currency BRC read as reais, entities decoded', () => {
    const r = parse('santander.ofx');
    expect(r.notices.map((n) => n.code)).toContain('import.currency_brc');
    expect(r.lines[0]).toMatchObject({ amountCents: 25000, payerText: 'SILVA & FILHOS LTDA', fitid: 'S1' });
    expect(r.period).toEqual({ from: '2026-06-01', to: '2026-06-02' });
  });

  it('all amounts unsigned: TRNTYPE gives the sign, and says so', () => {
    const r = parse('unsigned.ofx');
    expect(r.lines.filter((l) => l.kind !== 'balance').map((l) => l.amountCents)).toEqual([8000, -1500]);
    expect(r.notices.map((n) => n.code)).toContain('import.ofx_unsigned');
  });

  it('a truncated download is refused whole', () => {
    expect(codeOf(() => parse('truncated.ofx'))).toBe('import.truncated');
  });

  it('a table mapping on an OFX file is a validation error', () => {
    const m = parse('itau.csv').mapping;
    expect(codeOf(() => parse('bradesco.ofx', { mapping: m }))).toBe('import.bad_mapping');
  });
});

describe('the clerk’s mapping', () => {
  it('is obeyed: reading 03/04 month-first when told so', () => {
    const base = parse('itau.csv').mapping;
    if (base.kind !== 'table') throw new Error('expected a table');
    const r = parse('itau.csv', { mapping: { ...base, dateOrder: 'mdy' } });
    expect(r.mappingSource).toBe('override');
    expect(r.lines[1]!.date).toBe('2026-01-06');
    // 31/05 is no month-first date: that SALDO ANTERIOR row is left out, and said so.
    expect(r.skipped.map((s) => s.line)).toEqual([7]);
    expect(codeOf(() => parse('itau.csv', { mapping: { ...base, amountColumn: 40 } }))).toBe(
      'import.bad_mapping',
    );
  });
});
