/**
 * Acquirer settlement files ([J]): the fixtures in tests/fixtures/acquirer/ are made-up sales written at the
 * layouts' positions by make-fixtures.ts, with the quirks real downloads have (named in each test); the
 * expectations below are written by hand, not by that script.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../errors';
import { detectAcquirerFile, parseAcquirerFile } from './parse-acquirer';
import { parseXml } from './xml';

const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/acquirer');
const read = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (isAppError(e)) return { code: e.code, message: e.message, params: e.params };
    throw e;
  }
  throw new Error('not refused');
};

describe('Cielo EDI v15', () => {
  it('reads the payments file (04) with CRLF and trailing spaces stripped: 6 rows in 2 URs, the rent a debit', () => {
    const f = parseAcquirerFile(read('cielo-04-pagamentos-crlf-stripped.txt'));
    expect(f.layout).toBe('cielo-edi-15');
    expect(f.fileKind).toBe('04 pagamentos');
    expect(f.merchant).toBe('1020304050');
    expect(f.sales).toHaveLength(6);
    expect(f.declaredRows).toBe(6);
    expect(f.payments.map((p) => [p.ref, p.paymentDate, p.netCents, p.brand, p.product, p.settled])).toEqual([
      ['UR0001VISACRED20261103', '2026-11-03', 14550 + 9690 + 9650, 'visa', 'credit', true],
      ['UR0002MASTERDEB20261103', '2026-11-03', 11880 + 7920 - 8990, 'mastercard', 'debit', true],
    ]);
    const first = f.sales[0]!;
    expect(first).toMatchObject({
      kind: 'sale',
      nsu: '000101',
      authorization: 'A1B2C3',
      grossCents: 15000,
      feeCents: 450,
      netCents: 14550,
      saleDate: '2026-10-04',
      paymentDate: '2026-11-03',
      installment: null,
      batchRef: 'UR0001VISACRED20261103',
    });
    expect(f.sales[2]).toMatchObject({ nsu: '000103', installment: 2, installments: 3, netCents: 9650 });
    expect(f.sales[5]).toMatchObject({ kind: 'rent', netCents: -8990 });
    expect(f.payments[0]!.bankCode).toBe('0341');
  });

  it('reads the sales file (03) with LF ends: the URs are forecasts, not paid', () => {
    const f = parseAcquirerFile(read('cielo-03-vendas-lf.txt'));
    expect(f.fileKind).toBe('03 vendas');
    expect(f.sales.filter((s) => s.kind === 'sale')).toHaveLength(5);
    expect(f.payments.every((p) => !p.settled)).toBe(true);
  });

  it('refuses the open-balance file (09) naming it, and a file cut before its trailer', () => {
    const saldo = refusal(() => parseAcquirerFile(read('cielo-09-saldo.txt')));
    expect(saldo.code).toBe('acquirer.cielo_open_balance');
    expect(saldo.params).toMatchObject({ acquirer: 'Cielo', value: '09' });
    expect(saldo.message).toContain('open balance statement (option 09');
    const cut = refusal(() => parseAcquirerFile(read('cielo-04-truncated.txt')));
    expect(cut.code).toBe('acquirer.truncated');
    expect(cut.message).toContain('no trailer record');
  });

  it('refuses a detail whose amount is not digits, naming the line (whole file or nothing)', () => {
    const text = readFileSync(join(FIXTURES, 'cielo-03-vendas-lf.txt'), 'latin1').split('\n');
    text[2] = `${text[2]!.slice(0, 261)}00000000ABC00${text[2]!.slice(274)}`;
    const r = refusal(() => parseAcquirerFile(Buffer.from(text.join('\n'), 'latin1')));
    expect(r.code).toBe('acquirer.bad_line');
    expect(r.message).toMatch(/^Line 3 of this Cielo file .*the gross amount is “00000000ABC00”/);
  });
});

describe('Rede', () => {
  it('EEVC (CRLF, stripped): à vista RV with 2 sales, the installment sale as its 3 installments', () => {
    const f = parseAcquirerFile(read('rede-eevc-crlf-stripped.txt'));
    expect(f.layout).toBe('rede-eevc');
    expect(f.sales.map((s) => [s.nsu, s.installment, s.installments, s.netCents, s.paymentDate])).toEqual([
      ['000000555001', null, null, 19400, '2026-11-04'],
      ['000000555002', null, null, 14540, '2026-11-04'],
      ['000000555003', 1, 3, 9620, '2026-11-04'],
      ['000000555003', 2, 3, 9620, '2026-12-04'],
      ['000000555003', 3, 3, 9620, '2027-01-04'],
    ]);
    expect(f.sales[0]!.authorization).toBe('AB1234');
    expect(f.payments.map((p) => [p.ref, p.paymentDate, p.netCents])).toEqual([
      ['12345678/100200300', '2026-11-04', 33940],
      ['12345678/100200301@2026-11-04', '2026-11-04', 9620],
      ['12345678/100200301@2026-12-04', '2026-12-04', 9620],
      ['12345678/100200301@2027-01-04', '2027-01-04', 9620],
    ]);
    // Rede's brand table is not known: kept as a code, and the clerk is told.
    expect(f.sales[0]!.brand).toBe('code 3');
    expect(f.notices.map((n) => n.code)).toContain('acquirer.rede_brand_codes');
  });

  it('EEVD (UTF-8 BOM, LF, comma-separated): one debit RV of 2 sales', () => {
    const bytes = read('rede-eevd-bom-lf.csv');
    expect(detectAcquirerFile(bytes)).toBe('rede-eevd');
    const f = parseAcquirerFile(bytes);
    expect(f.sales.map((s) => [s.nsu, s.grossCents, s.feeCents, s.netCents, s.product])).toEqual([
      ['000777001', 9000, 90, 8910, 'debit'],
      ['000777002', 5550, 55, 5495, 'debit'],
    ]);
    expect(f.payments).toMatchObject([{ paymentDate: '2026-11-04', netCents: 14405, agency: '1234' }]);
    // Amounts without a decimal separator are read as cents, and the clerk is told it is an assumption.
    expect(f.notices.map((n) => n.code)).toContain('acquirer.eevd_amounts_assumed');
  });

  it('EEFI (Latin-1 text): each summary credit is a payment, the adjustment netted from its RV’s credit', () => {
    const f = parseAcquirerFile(read('rede-eefi-latin1.txt'));
    expect(f.layout).toBe('rede-eefi');
    expect(f.payments.map((p) => [p.ref, p.paymentDate, p.netCents, p.product, p.settled])).toEqual([
      ['12345678/100200300#1@2026-11-04', '2026-11-04', 33940, 'credit', true],
      ['12345678/100200301#1@2026-11-04', '2026-11-04', 9620 - 3000, 'credit', true],
    ]);
    expect(f.sales.map((s) => [s.kind, s.summaryRef, s.netCents, s.batchRef])).toEqual([
      ['summary', '12345678/100200300', 33940, '12345678/100200300#1@2026-11-04'],
      ['summary', '12345678/100200301', 9620, '12345678/100200301#1@2026-11-04'],
      ['adjustment', null, -3000, '12345678/100200301#1@2026-11-04'],
    ]);
    // The reason is 28 characters wide (48–75): Rede's own words, cut where the layout cuts them.
    expect(f.sales[2]!.description).toBe('CANCELAMENTO DE VENDA APÓS C');
    // The day's credit total (037) agrees with its credits: no mismatch notice; the unknowns are said.
    expect(f.notices.map((n) => n.code)).toEqual(['acquirer.rede_brand_codes', 'acquirer.eefi_no_trailer']);
  });
});

describe('Stone XML 2.2', () => {
  it('reads the file with a UTF-8 BOM: captures as forecasts, the paid installments in their Payment, the rent', () => {
    const f = parseAcquirerFile(read('stone-2.2-bom.xml'));
    expect(f.layout).toBe('stone-xml-2.2');
    expect(f.merchant).toBe('123456789');
    expect(f.payments).toMatchObject([
      { ref: '987654321', paymentDate: '2026-11-04', netCents: 67845 + 12601 - 5900, bankCode: '1' },
    ]);
    const paid = f.sales.filter((s) => s.batchRef === '987654321');
    expect(paid.map((s) => [s.kind, s.nsu, s.authorization, s.brand, s.netCents])).toEqual([
      ['sale', '31550012403598', '054973', 'visa', 67845],
      ['sale', '31550012403599', '054974', 'visa', 12601],
      ['rent', null, null, null, -5900],
    ]);
    const forecast = f.sales.filter((s) => s.kind === 'sale' && s.batchRef === null);
    expect(forecast.map((s) => [s.nsu, s.paymentDate, s.brand])).toEqual([
      ['31550012403598', '2026-11-04', 'visa'],
      ['31550012403599', '2026-11-04', 'visa'],
      ['31550012403600', '2026-12-04', 'elo'],
    ]);
    expect(f.declaredRows).toBe(3);
    expect(f.notices).toEqual([]);
  });

  it('refuses a DOCTYPE with an external entity without reading it', () => {
    expect(refusal(() => parseAcquirerFile(read('stone-doctype.xml')))).toMatchObject({
      code: 'acquirer.unsafe_xml',
    });
  });

  it('reads entities and CDATA, refuses mismatched tags', () => {
    const doc = parseXml('<a><b>x &amp; y &#233;</b><c><![CDATA[<raw>]]></c></a>');
    expect(doc.children[0]!.children.map((c) => c.text)).toEqual(['x & y é', '<raw>']);
    expect(() => parseXml('<a><b></a>')).toThrow('</a> closes <b>');
  });
});

it('detects by content, not by name: a CNAB return or a CSV statement is not an acquirer file', () => {
  expect(detectAcquirerFile(Buffer.from('Data;Histórico;Valor\n01/11/2026;PIX;10,00\n'))).toBeNull();
  expect(detectAcquirerFile(read('cielo-03-vendas-lf.txt'))).toBe('cielo-edi-15');
  expect(detectAcquirerFile(read('rede-eefi-latin1.txt'))).toBe('rede-eefi');
});
