/**
 * [S] item 4: Cielo EDI in its 250-position layout (manuals 13 and 14) and Getnet's extrato eletrônico v10, and
 * refusals a clerk can act on. Fixtures: tests/fixtures/acquirer/make-fixtures-2.ts (made-up sales at the
 * positions of Cielo's published 250-position manual, github DeveloperCielo/EDI source/extrato-edi.md, and of
 * github mastria/extrato-eletronico-getnet GetnetFileHelper.php, v10); each fixture's quirk is named there. The
 * expectations below are written by hand, from the values the generator was given, not from its output.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../errors';
import { detectAcquirerFile, parseAcquirerFile } from './parse-acquirer';

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

/** A fixture as lines, changed by `edit`, written back with its line ends. */
function edited(name: string, edit: (lines: string[]) => void): Uint8Array {
  const text = readFileSync(join(FIXTURES, name), 'latin1');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(eol);
  const last = lines.pop();
  edit(lines);
  return new Uint8Array(Buffer.from(lines.join(eol) + eol + (last ?? ''), 'latin1'));
}
/** Writes `value` at 1-based position `at` of a fixed-width line (padding a stripped line first). */
const put = (line: string, at: number, value: string, width = 250) => {
  const l = line.padEnd(width, ' ');
  return l.slice(0, at - 1) + value + l.slice(at - 1 + value.length);
};

describe('Cielo EDI, 250-position layout (manuals 13 and 14)', () => {
  it('reads a version-13 sales file (03): ROs as forecast payments, CVs as sales, the commission shared', () => {
    const bytes = read('cielo-13-vendas.txt');
    expect(detectAcquirerFile(bytes)).toBe('cielo-edi-13');
    const f = parseAcquirerFile(bytes);
    expect(f).toMatchObject({
      acquirer: 'cielo',
      layout: 'cielo-edi-13',
      fileKind: '03 vendas',
      fileDate: '2026-10-06',
      merchant: '2030405060',
      declaredRows: 6,
    });
    expect(
      f.payments.map((p) => [p.ref, p.paymentDate, p.grossCents, p.feeCents, p.netCents, p.settled]),
    ).toEqual([
      ['1234567890123450000001', '2026-11-04', 25000, 750, 24250, false],
      ['1234567890123460000001', '2026-11-04', 9000, 315, 8685, false],
      ['1234567890123460000002', '2026-12-04', 9000, 315, 8685, false],
    ]);
    expect(f.payments[0]).toMatchObject({
      brand: 'visa',
      product: 'credit',
      bankCode: '0341',
      agency: '01234',
      account: '00000000056789',
    });
    expect(
      f.sales.map((s) => [
        s.kind,
        s.nsu,
        s.authorization,
        s.brand,
        s.product,
        s.grossCents,
        s.feeCents,
        s.netCents,
        s.saleDate,
        s.paymentDate,
        s.installment,
        s.installments,
      ]),
    ).toEqual([
      // RO 0000101: commission 7,50 shared 150:100 → 4,50 and 3,00.
      [
        'sale',
        '000501',
        'AB1234',
        'visa',
        'credit',
        15000,
        450,
        14550,
        '2026-10-05',
        '2026-11-04',
        null,
        null,
      ],
      [
        'sale',
        '000502',
        '654321',
        'visa',
        'credit',
        10000,
        300,
        9700,
        '2026-10-05',
        '2026-11-04',
        null,
        null,
      ],
      ['sale', '000503', 'CD5678', 'mastercard', 'credit', 9000, 315, 8685, '2026-10-05', '2026-11-04', 1, 3],
      // The forecast of installment 2/3: an RO without its sale, one row of its own.
      ['summary', null, null, 'mastercard', 'credit', 9000, 315, 8685, '2026-10-05', '2026-12-04', 2, 3],
    ]);
    expect(f.notices.map((n) => [n.code, n.params])).toEqual([
      ['acquirer.fee_apportioned', { count: 3 }],
      ['acquirer.summary_without_sales', { count: 1 }],
    ]);
  });

  it('reads a version-14 payments file (04), LF and stripped: paid ROs, a cancellation, the Plano Cielo charge', () => {
    const bytes = read('cielo-14-pagamentos-stripped-lf.txt');
    expect(detectAcquirerFile(bytes)).toBe('cielo-edi-14');
    const f = parseAcquirerFile(bytes);
    expect(f).toMatchObject({ layout: 'cielo-edi-14', fileKind: '04 pagamentos', fileDate: '2026-11-04' });
    expect(f.payments.map((p) => [p.paymentDate, p.netCents, p.brand, p.product, p.settled])).toEqual([
      ['2026-11-04', 19700, 'elo', 'debit', true],
      ['2026-11-04', -5000, 'visa', 'credit', true],
      ['2026-11-04', -8990, null, null, true],
    ]);
    expect(f.sales.map((s) => [s.kind, s.nsu, s.grossCents, s.feeCents, s.netCents, s.batchRef])).toEqual([
      ['sale', '000601', 12000, 180, 11820, '2234567890123450000001'],
      ['sale', '000602', 8000, 120, 7880, '2234567890123450000001'],
      ['cancellation', '000504', -5000, 0, -5000, '2234567890123450000002'],
      ['rent', null, -8990, 0, -8990, '2234567890123450000003'],
    ]);
  });

  it('refuses the other Cielo statements by name, saying what to download', () => {
    const option = (value: string) =>
      edited('cielo-13-vendas.txt', (ls) => {
        ls[0] = put(ls[0]!, 48, value);
      });
    for (const [value, code, words] of [
      ['06', 'acquirer.cielo_anticipation', 'anticipation or assignment statement (option 06)'],
      ['07', 'acquirer.cielo_anticipation', 'anticipation or assignment statement (option 07)'],
      ['08', 'acquirer.cielo_pending', 'pending installments statement (option 08)'],
      ['09', 'acquirer.cielo_open_balance', 'open balance statement (option 09'],
      ['21', 'acquirer.unsupported_option', 'option “21”'],
    ] as const) {
      const r = refusal(() => parseAcquirerFile(option(value)));
      expect(r.code, value).toBe(code);
      expect(r.params, value).toMatchObject({ acquirer: 'Cielo', value });
      expect(r.message, value).toContain(words);
      expect(r.message, value).toContain('download the sales file (03) or the payments file (04)');
      expect(r.message, value).not.toMatch(/docs|\.md|v15/);
    }
    // A version Quita does not read: named, with the versions it reads.
    const v12 = edited('cielo-13-vendas.txt', (ls) => {
      ls[0] = put(ls[0]!, 71, '012');
    });
    expect(refusal(() => parseAcquirerFile(v12))).toMatchObject({
      code: 'acquirer.unsupported_version',
      params: { acquirer: 'Cielo', value: '012', readable: '13, 14, 15' },
    });
  });

  it('refuses damage naming the line: an amount with letters, a status not in the table, a CV of another RO', () => {
    const amount = edited('cielo-13-vendas.txt', (ls) => {
      ls[2] = put(ls[2]!, 47, '00000000150A0');
    });
    const a = refusal(() => parseAcquirerFile(amount));
    expect(a).toMatchObject({ code: 'acquirer.bad_line', params: { line: 3, layout: 'cielo-edi-13' } });
    expect(a.message).toContain('the sale amount is “00000000150A0”');
    const status = edited('cielo-13-vendas.txt', (ls) => {
      ls[1] = put(ls[1]!, 123, '07');
    });
    expect(refusal(() => parseAcquirerFile(status)).message).toMatch(/^Line 2 .*the payment status is “07”/);
    const other = edited('cielo-13-vendas.txt', (ls) => {
      ls[3] = put(ls[3]!, 12, '0000999');
    });
    expect(refusal(() => parseAcquirerFile(other)).message).toMatch(
      /^Line 4 .*names RO 0000999 but follows RO 0000101/,
    );
  });

  it('checks the RO against its sales and the trailer against the records', () => {
    // One sale's amount changed in digits: the RO's gross no longer adds up.
    const sum = edited('cielo-13-vendas.txt', (ls) => {
      ls[2] = put(ls[2]!, 47, '0000000016000');
    });
    expect(refusal(() => parseAcquirerFile(sum))).toMatchObject({
      code: 'acquirer.summary_total',
      params: { line: 2, declared: 'R$ 250,00', found: 'R$ 260,00' },
    });
    // A sale lost, the trailer fixed: the RO still counts 2 sales.
    const lost = edited('cielo-13-vendas.txt', (ls) => {
      ls.splice(3, 1);
      ls[ls.length - 1] = put(ls.at(-1)!, 2, '00000000005');
    });
    expect(refusal(() => parseAcquirerFile(lost))).toMatchObject({
      code: 'acquirer.summary_total',
      params: { line: 2, declared: '2', found: '1' },
    });
    // The trailer counts records without header and trailer (Cielo's manual): 6 here, not 8.
    const count = edited('cielo-13-vendas.txt', (ls) => {
      ls[ls.length - 1] = put(ls.at(-1)!, 2, '00000000008');
    });
    expect(refusal(() => parseAcquirerFile(count))).toMatchObject({
      code: 'acquirer.record_count',
      params: { declared: 8, found: 6 },
    });
    const cut = edited('cielo-14-pagamentos-stripped-lf.txt', (ls) => {
      ls.pop();
    });
    expect(refusal(() => parseAcquirerFile(cut)).code).toBe('acquirer.truncated');
  });

  it('a stripped line one character longer than its last field is refused (the fields after it were shifted)', () => {
    const longer = edited('cielo-14-pagamentos-stripped-lf.txt', (ls) => {
      ls[1] = `${ls[1]!.slice(0, 161)}7${ls[1]!.slice(161)}`;
    });
    expect(refusal(() => parseAcquirerFile(longer))).toMatchObject({
      code: 'acquirer.line_length',
      params: { line: 2, length: 246, expected: 250 },
    });
  });

  it('tolerates what does not change money: a rejected sale and an unknown record type are left out, said', () => {
    const bytes = edited('cielo-13-vendas.txt', (ls) => {
      // The second sale of RO 0000101 rejected (reason 002), the RO's counts and sum say so.
      ls[3] = put(ls[3]!, 64, '002');
      ls[1] = put(put(ls[1]!, 125, '000001'), 133, '000001');
      ls[1] = put(put(ls[1], 44, '+0000000015000'), 86, '+0000000014550');
      ls[1] = put(ls[1], 58, '-0000000000450');
      ls.splice(ls.length - 1, 0, put('8', 2, '2030405060'));
      ls[ls.length - 1] = put(ls.at(-1)!, 2, '00000000007');
    });
    const f = parseAcquirerFile(bytes);
    expect(f.sales.filter((s) => s.batchRef === '1234567890123450000001').map((s) => s.nsu)).toEqual([
      '000501',
    ]);
    expect(f.skipped.map((s) => s.line)).toEqual([4, 8]);
    expect(f.notices.map((n) => n.code)).toContain('acquirer.rejected_sales');
  });
});

describe('Getnet extrato eletrônico v10', () => {
  it('reads RVs as payments, CVs as sales with their commission, the adjustment in its RV', () => {
    const bytes = read('getnet-v10.txt');
    expect(detectAcquirerFile(bytes)).toBe('getnet-v10');
    const f = parseAcquirerFile(bytes);
    expect(f).toMatchObject({
      acquirer: 'getnet',
      layout: 'getnet-v10',
      fileDate: '2026-11-04',
      merchant: '000000012345678',
    });
    expect(
      f.payments.map((p) => [
        p.ref,
        p.paymentDate,
        p.grossCents,
        p.feeCents,
        p.netCents,
        p.bankCode,
        p.settled,
      ]),
    ).toEqual([
      ['000000012345678/000700100@2026-11-04', '2026-11-04', 25000, 750, 24250, '033', true],
      ['000000012345678/000700101@2026-12-03', '2026-12-03', 12000, 420, 11580, '033', false],
    ]);
    expect(
      f.sales.map((s) => [
        s.kind,
        s.nsu,
        s.authorization,
        s.grossCents,
        s.feeCents,
        s.netCents,
        s.saleDate,
        s.paymentDate,
        s.installment,
        s.installments,
      ]),
    ).toEqual([
      ['sale', '000000880001', 'A1B2C3', 15000, 450, 14550, '2026-11-03', '2026-11-04', null, null],
      ['sale', '000000880002', 'D4E5F6', 10000, 300, 9700, '2026-11-03', '2026-11-04', null, null],
      ['adjustment', '000000870001', null, -1990, 0, -1990, '2026-10-20', '2026-11-04', null, null],
      // Installment 1 of 2 of a 240,00 sale: the installment's amount.
      ['sale', '000000880003', 'G7H8I9', 12000, 420, 11580, '2026-11-03', '2026-12-03', 1, 2],
    ]);
    expect(f.sales[2]).toMatchObject({
      batchRef: '000000012345678/000700100@2026-11-04',
      description: 'ajuste 12',
    });
    // Brand and product are not said (the product table was not in the source): null, and the clerk is told.
    expect(f.sales.every((s) => s.brand === null && s.product === null)).toBe(true);
    expect(f.notices).toEqual([
      expect.objectContaining({ code: 'acquirer.getnet_product_codes', params: { codes: 'SM' } }),
    ]);
    expect(f.skipped).toEqual([{ line: 8, reason: 'record type “4” (not a sale or payment)' }]);
  });

  it('refuses another layout version naming it, and damage naming the line', () => {
    expect(refusal(() => parseAcquirerFile(read('getnet-v9-refused.txt')))).toMatchObject({
      code: 'acquirer.unsupported_version',
      params: { acquirer: 'Getnet', value: '9', readable: '10' },
    });
    const type = edited('getnet-v10.txt', (ls) => {
      ls[1] = put(ls[1]!, 169, 'XX', 400);
    });
    expect(refusal(() => parseAcquirerFile(type)).message).toMatch(
      /^Line 2 of this Getnet file .*payment type is “XX”/,
    );
    const count = edited('getnet-v10.txt', (ls) => {
      ls.splice(2, 1);
    });
    expect(refusal(() => parseAcquirerFile(count))).toMatchObject({ code: 'acquirer.record_count' });
    const longer = edited('getnet-v10.txt', (ls) => {
      ls[2] = `${ls[2]}X`;
    });
    expect(refusal(() => parseAcquirerFile(longer))).toMatchObject({
      code: 'acquirer.line_length',
      params: { line: 3, expected: 400 },
    });
  });
});

describe('PagBank (PagSeguro) Extrato EDI, JSON of the EDI API', () => {
  it('reads the transactional movement: sales by forecast payment day, the installment at its net, a dispute left out', () => {
    const bytes = read('pagbank-edi-transacional.json');
    expect(detectAcquirerFile(bytes)).toBe('pagseguro-edi-json');
    const f = parseAcquirerFile(bytes);
    expect(f).toMatchObject({
      acquirer: 'pagseguro',
      layout: 'pagseguro-edi-json',
      fileKind: 'transacional',
      merchant: '136600001',
      declaredRows: 5,
    });
    expect(
      f.sales.map((s) => [
        s.kind,
        s.nsu,
        s.authorization,
        s.brand,
        s.product,
        s.grossCents,
        s.feeCents,
        s.netCents,
        s.saleDate,
        s.paymentDate,
        s.installment,
        s.installments,
      ]),
    ).toEqual([
      [
        'sale',
        '123456',
        'A1B2C3',
        'visa',
        'credit',
        15000,
        449,
        14551,
        '2026-11-03',
        '2026-12-03',
        null,
        null,
      ],
      [
        'sale',
        '123457',
        'D4E5F6',
        'mastercard',
        'debit',
        8990,
        179,
        8811,
        '2026-11-03',
        '2026-11-04',
        null,
        null,
      ],
      ['sale', '123458', 'G7H8I9', 'elo', 'credit', 9650, 0, 9650, '2026-11-03', '2026-12-03', 1, 3],
      // A Pix payment: no card brand or product.
      ['sale', null, null, null, null, 5000, 0, 5000, '2026-11-03', '2026-11-03', null, null],
    ]);
    expect(f.sales[0]!.tid).toBe('3F2A000000000000000000000000C001');
    // Forecasts, one batch per payment day.
    expect(f.payments.map((p) => [p.paymentDate, p.netCents, p.settled])).toEqual([
      ['2026-12-03', 14551 + 9650, false],
      ['2026-11-04', 8811, false],
      ['2026-11-03', 5000, false],
    ]);
    expect(f.skipped).toEqual([
      { line: 176, reason: 'event “9” (not a sale, adjustment, cancellation or chargeback)' },
    ]);
    expect(f.notices.map((n) => [n.code, n.params])).toEqual([
      ['acquirer.pagbank_installments_at_net', { count: 1 }],
    ]);
  });

  it('reads the financial movement: what was settled that day, a cancellation taken back', () => {
    const f = parseAcquirerFile(read('pagbank-edi-financeiro.json'));
    expect(f.fileKind).toBe('financeiro');
    expect(f.payments).toEqual([
      expect.objectContaining({
        ref: '136600001@2026-11-04',
        paymentDate: '2026-11-04',
        netCents: 8811 + 19402 - 3000,
        settled: true,
      }),
    ]);
    expect(f.sales.map((s) => [s.line, s.kind, s.nsu, s.netCents])).toEqual([
      [2, 'sale', '123457', 8811],
      [3, 'sale', '122001', 19402],
      [4, 'cancellation', '122050', -3000],
    ]);
  });

  it('refuses a page of a longer movement, an amount that does not add up and a damaged JSON, naming the line', () => {
    const text = readFileSync(join(FIXTURES, 'pagbank-edi-financeiro.json'), 'latin1');
    const page = text.replace('"totalElements":3', '"totalElements":1200');
    expect(refusal(() => parseAcquirerFile(Buffer.from(page)))).toMatchObject({
      code: 'acquirer.truncated',
      params: { acquirer: 'PagBank' },
    });
    expect(refusal(() => parseAcquirerFile(Buffer.from(page))).message).toContain('3 of the 1200 movements');
    // 200,00 − 5,98 is 194,02: a net of 194,20 was changed.
    const sum = text.replace('"valor_liquido_transacao":194.02', '"valor_liquido_transacao":194.2');
    expect(refusal(() => parseAcquirerFile(Buffer.from(sum)))).toMatchObject({
      code: 'acquirer.bad_line',
      params: { line: 3, layout: 'pagseguro-edi-json' },
    });
    const fraction = text.replace('"valor_total_transacao":89.9', '"valor_total_transacao":89.905');
    expect(refusal(() => parseAcquirerFile(Buffer.from(fraction))).message).toMatch(
      /^Line 2 .*valor_total_transacao is “89.905”, not an amount/,
    );
    const cut = text.slice(0, text.length - 40);
    expect(refusal(() => parseAcquirerFile(Buffer.from(cut)))).toMatchObject({ code: 'acquirer.bad_line' });
    const twice = text.replace(
      '"movimento_api_codigo":"B2000000000000000000000000000002"',
      '"movimento_api_codigo":"B2000000000000000000000000000001"',
    );
    expect(refusal(() => parseAcquirerFile(Buffer.from(twice))).message).toMatch(
      /^Line 3 .*again \(first on line 2\)/,
    );
  });
});

describe('detection by content', () => {
  it('claims neither a CNAB return, a CSV statement nor a line that only looks like a header', () => {
    const cnab = new Uint8Array(readFileSync(join(FIXTURES, '../cnab/itau-400.ret')));
    expect(detectAcquirerFile(cnab)).toBeNull();
    expect(detectAcquirerFile(Buffer.from('Data;Histórico;Valor\n04/11/2026;GETNET;242,50\n'))).toBeNull();
    // “CEADM” but not where Getnet writes it, or no date before it.
    expect(detectAcquirerFile(Buffer.from(`0${' '.repeat(30)}CEADM100\r\n`))).toBeNull();
    expect(detectAcquirerFile(Buffer.from(`005112026063000041120CEADM100\r\n`))).toBeNull();
    // JSON of another kind is not PagBank's.
    expect(detectAcquirerFile(Buffer.from('{"detalhes": [{"id": 1}]}'))).toBeNull();
    // Whatever the file is named: the bytes decide.
    expect(detectAcquirerFile(read('getnet-v10.txt'))).toBe('getnet-v10');
  });

  it('an unknown file is refused in the clerk’s terms', () => {
    const r = refusal(() => parseAcquirerFile(Buffer.from('hello\n')));
    expect(r.code).toBe('acquirer.unsupported');
    expect(r.message).toContain('download the electronic statement (EDI) of sales or of payments');
    expect(r.message).not.toMatch(/docs|\.md/);
  });

  it('a Stone file of another version names it and the version read', () => {
    const text = readFileSync(join(FIXTURES, 'stone-2.2-bom.xml'), 'utf8').replace(
      /<LayoutVersion>[^<]*<\/LayoutVersion>/,
      '<LayoutVersion>2.1</LayoutVersion>',
    );
    expect(refusal(() => parseAcquirerFile(Buffer.from(text)))).toMatchObject({
      code: 'acquirer.unsupported_version',
      params: { acquirer: 'Stone', value: '2.1', readable: '2.2' },
    });
  });
});
