/**
 * [S] CNAB 240 of every bank in layouts-240.ts, the recognition of what a file is, and the tolerances of the 240
 * reader. Fixtures: tests/fixtures/cnab/240/ (made-up titles written at each layout's positions by
 * `make-240.ts`, which names its sources); the expectations below are written by hand, not by that script.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCnabFile, parseCnabReturn } from './parse-cnab';
import { parseStatement } from '../parse-statement';
import { cnabErrors } from './cnab-errors';
import { LAYOUTS_240 } from './layouts-240';
import { notices240 } from './parse-cnab-240';
import type { CnabTitle } from './types';
import { failure } from '../../../../tests/helpers/errors';
import { cnabEn } from '../../../shared/i18n/cnab.en';
import { cnabPtBR } from '../../../shared/i18n/cnab.pt-BR';

const DIR = join(import.meta.dirname, '../../../../tests/fixtures/cnab/240');
const CNAB = join(import.meta.dirname, '../../../../tests/fixtures/cnab');
const bytes = (name: string, dir = DIR) => new Uint8Array(readFileSync(join(dir, name)));
const parse = (name: string) => parseCnabReturn(bytes(name));
const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const fromText = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
/** The file's lines (each with its line end). */
const linesOf = (b: Uint8Array) => text(b).split(/(?<=\n)/);
/** Replaces characters at 1-based positions of one 1-based line. */
function patch(b: Uint8Array, line: number, start: number, value: string): Uint8Array {
  const ls = linesOf(b);
  const l = ls[line - 1]!;
  ls[line - 1] = l.slice(0, start - 1) + value + l.slice(start - 1 + value.length);
  return fromText(ls.join(''));
}

/**
 * The three titles every bank's fixture carries, as the bank's file says them (nosso número and occurrence words
 * apart): a late settlement, an early one with discount and rebate, an entry confirmation.
 */
const LATE: Omit<CnabTitle, 'nossoNumero' | 'occurrence' | 'line'> = {
  occurrenceCode: '06',
  occurrenceKind: 'settlement',
  isSettlement: true,
  seuNumero: 'MENS-0612',
  payerName: 'MARIA DA SILVA',
  payerDocument: '16899535009',
  dueDate: '2026-06-05',
  faceValueCents: 14990,
  paidCents: 15440,
  interestFineCents: 450,
  discountCents: 0,
  creditedCents: 15190,
  feeCents: 250,
  paidDate: '2026-06-12',
  creditDate: '2026-06-15',
};
const EARLY: Omit<CnabTitle, 'nossoNumero' | 'occurrence' | 'line'> = {
  occurrenceCode: '06',
  occurrenceKind: 'settlement',
  isSettlement: true,
  seuNumero: 'PLANO-77',
  payerName: 'ACADEMIA PARCEIRA LTDA',
  payerDocument: '11222333000181',
  dueDate: '2026-06-20',
  faceValueCents: 12000,
  paidCents: 10800,
  interestFineCents: 0,
  discountCents: 1200,
  creditedCents: 10620,
  feeCents: 180,
  paidDate: '2026-06-18',
  creditDate: '2026-06-19',
};
const ENTRY: Omit<CnabTitle, 'nossoNumero' | 'occurrence' | 'line'> = {
  occurrenceCode: '02',
  occurrenceKind: 'entry',
  isSettlement: false,
  seuNumero: 'MENS-0710',
  payerName: 'JOÃO PEDRO ASSUNÇÃO',
  payerDocument: '52998224725',
  dueDate: '2026-07-10',
  faceValueCents: 9990,
  paidCents: null,
  interestFineCents: null,
  discountCents: null,
  creditedCents: null,
  feeCents: 120,
  paidDate: '2026-06-19',
  creditDate: null,
};

interface BankCase {
  file: string;
  bank: string;
  variant: 'febraban-240' | 'itau-240' | 'santander-240';
  nossos: [string, string, string];
  /** Lines of the three segments T. */
  lines?: [number, number, number];
  fileDate?: string | null;
  notices?: string[];
}

const BANKS: BankCase[] = [
  {
    file: 'bb-001.ret',
    bank: '001',
    variant: 'febraban-240',
    nossos: ['12345670000000011', '12345670000000022', '12345670000000033'],
  },
  {
    file: 'bnb-004.ret',
    bank: '004',
    variant: 'febraban-240',
    nossos: ['0001234567', '0001234578', '0001234589'],
  },
  {
    file: 'banestes-021.ret',
    bank: '021',
    variant: 'febraban-240',
    nossos: ['0012345601', '0012345602', '0012345603'],
    fileDate: null,
    notices: ['cnab.header_date'],
  },
  {
    file: 'santander-033.ret',
    bank: '033',
    variant: 'santander-240',
    nossos: ['0000001234567', '0000001234578', '0000001234589'],
    lines: [3, 6, 9],
    notices: ['cnab.skipped_segments'],
  },
  {
    file: 'banrisul-041.ret',
    bank: '041',
    variant: 'febraban-240',
    nossos: ['0012345688', '0012345696', '0012345700'],
  },
  {
    file: 'brb-070.ret',
    bank: '070',
    variant: 'febraban-240',
    nossos: ['2000000000001', '2000000000002', '2000000000003'],
  },
  {
    file: 'inter-077.ret',
    bank: '077',
    variant: 'febraban-240',
    nossos: ['00000123456', '00000123467', '00000123478'],
  },
  {
    file: 'uniprime-084.ret',
    bank: '084',
    variant: 'febraban-240',
    nossos: ['00000000011', '00000000022', '00000000033'],
  },
  {
    file: 'ailos-085-op1.ret',
    bank: '085',
    variant: 'febraban-240',
    nossos: ['12345670000000101', '12345670000000102', '12345670000000103'],
  },
  {
    file: 'credisis-097.ret',
    bank: '097',
    variant: 'febraban-240',
    nossos: ['09712345670000001', '09712345670000002', '09712345670000003'],
  },
  {
    file: 'caixa-104.ret',
    bank: '104',
    variant: 'febraban-240',
    nossos: ['14000000000000011', '14000000000000022', '14000000000000033'],
  },
  {
    file: 'cresol-133.ret',
    bank: '133',
    variant: 'febraban-240',
    nossos: ['00000000101', '00000000102', '00000000103'],
  },
  {
    file: 'unicred-136.ret',
    bank: '136',
    variant: 'febraban-240',
    nossos: ['0000012345', '0000012346', '0000012347'],
    notices: ['cnab.no_file_trailer'],
  },
  {
    file: 'btg-208.ret',
    bank: '208',
    variant: 'febraban-240',
    nossos: ['00000001001', '00000001002', '00000001003'],
  },
  {
    file: 'original-212.ret',
    bank: '212',
    variant: 'febraban-240',
    nossos: ['0000000011', '0000000022', '0000000033'],
  },
  {
    file: 'fibra-224.ret',
    bank: '224',
    variant: 'febraban-240',
    nossos: ['00000010001', '00000010002', '00000010003'],
  },
  {
    file: 'bradesco-237.ret',
    bank: '237',
    variant: 'febraban-240',
    nossos: ['09000000000000012345', '09000000000000012356', '09000000000000012367'],
  },
  {
    file: 'abc-246.ret',
    bank: '246',
    variant: 'febraban-240',
    nossos: ['0000000101', '0000000102', '0000000103'],
  },
  {
    file: 'c6-336-143-blank.ret',
    bank: '336',
    variant: 'febraban-240',
    nossos: ['0000000000101', '0000000000102', '0000000000103'],
  },
  { file: 'itau-341.ret', bank: '341', variant: 'itau-240', nossos: ['123456782', '123456790', '123456808'] },
  {
    file: 'mercantil-389.ret',
    bank: '389',
    variant: 'febraban-240',
    nossos: ['0000000001', '0000000002', '0000000003'],
  },
  {
    file: 'hsbc-399.ret',
    bank: '399',
    variant: 'febraban-240',
    nossos: ['00000000011', '00000000022', '00000000033'],
  },
  {
    file: 'cora-403-no-trailers.ret',
    bank: '403',
    variant: 'febraban-240',
    nossos: ['0000000001', '0000000002', '0000000003'],
    notices: ['cnab.no_trailers'],
  },
  {
    file: 'safra-422.ret',
    bank: '422',
    variant: 'febraban-240',
    nossos: ['000000011', '000000022', '000000033'],
  },
  {
    file: 'delbank-435.ret',
    bank: '435',
    variant: 'febraban-240',
    nossos: ['0000000001', '0000000002', '0000000003'],
  },
  {
    file: 'smartbank-630.ret',
    bank: '630',
    variant: 'febraban-240',
    nossos: ['0000000001', '0000000002', '0000000003'],
  },
  {
    file: 'pine-643.ret',
    bank: '643',
    variant: 'febraban-240',
    nossos: ['0000000001', '0000000002', '0000000003'],
  },
  {
    file: 'daycoval-707.ret',
    bank: '707',
    variant: 'febraban-240',
    nossos: ['0000000001', '0000000002', '0000000003'],
  },
  {
    file: 'ourinvest-712.ret',
    bank: '712',
    variant: 'febraban-240',
    nossos: ['0000000001', '0000000002', '0000000003'],
  },
  {
    file: 'sicredi-748.ret',
    bank: '748',
    variant: 'febraban-240',
    nossos: ['261000011', '261000029', '261000037'],
  },
  {
    file: 'sicoob-756.ret',
    bank: '756',
    variant: 'febraban-240',
    nossos: ['0000001234', '0000001245', '0000001256'],
  },
];

describe('CNAB 240 of every bank: titles, settlements, fees and credit dates', () => {
  it('every bank of layouts-240.ts has a fixture here, and no fixture is of a bank outside it', () => {
    expect(BANKS.map((b) => b.bank).sort()).toEqual(Object.keys(LAYOUTS_240).sort());
  });

  for (const b of BANKS) {
    it(`${b.file}: bank ${b.bank}, ${b.variant}`, () => {
      const r = parse(b.file);
      expect(isCnabFile(bytes(b.file))).toBe(true);
      expect([r.bankCode, r.layout, r.variant, r.fileDate]).toEqual([
        b.bank,
        '240',
        b.variant,
        b.fileDate === undefined ? '2026-06-20' : b.fileDate,
      ]);
      const settled = b.bank === '341' ? 'Liquidação normal' : 'Liquidação';
      const [l1, l2, l3] = b.lines ?? [3, 5, 7];
      expect(r.titles).toEqual([
        { ...LATE, line: l1, nossoNumero: b.nossos[0], occurrence: settled },
        { ...EARLY, line: l2, nossoNumero: b.nossos[1], occurrence: settled },
        { ...ENTRY, line: l3, nossoNumero: b.nossos[2], occurrence: 'Entrada confirmada' },
      ]);
      expect(r.occurrences.map((o) => [o.code, o.count, o.isSettlement])).toEqual([
        ['06', 2, true],
        ['02', 1, false],
      ]);
      expect(r.notices.map((n) => n.code)).toEqual(b.notices ?? []);
    });
  }

  it('the same file stripped of trailing spaces, LF only, reads the same', () => {
    expect(parse('inter-077-stripped-lf.ret')).toEqual(parse('inter-077.ret'));
  });

  it('Santander is read at its own positions, which FEBRABAN’s would misread', () => {
    // At FEBRABAN's 74–81 Santander's file holds the year of its due date and the start of the value.
    expect(text(bytes('santander-033.ret')).split('\r\n')[2]!.slice(73, 81)).toBe('20260000');
    expect(parse('santander-033.ret').titles[0]).toMatchObject({
      dueDate: '2026-06-05',
      faceValueCents: 14990,
    });
  });

  it('Itaú: a settlement in cartório (08) is money, a baixa after settlement (10) is not', () => {
    const b = patch(patch(bytes('itau-341.ret'), 3, 16, '08'), 4, 16, '08');
    const t = parseCnabReturn(b).titles[0]!;
    expect([t.occurrence, t.isSettlement, t.paidCents]).toEqual(['Liquidação em cartório', true, 15440]);
    const baixa = parseCnabReturn(patch(patch(bytes('itau-341.ret'), 3, 16, '10'), 4, 16, '10')).titles[0]!;
    expect([baixa.occurrence, baixa.occurrenceKind, baixa.paidCents]).toEqual([
      'Baixa por ter sido liquidado',
      'writeoff',
      null,
    ]);
  });

  it('an Itaú file written at FEBRABAN’s positions (digits where Itaú leaves 50–57 empty) is refused', () => {
    const e = failure(() => parseCnabReturn(bytes('itau-240.ret', CNAB)));
    expect([e.code, e.params]).toEqual([
      'cnab.unsupported_bank',
      { bankCode: '341', layout: '240', bankName: 'Itaú (341)', bankShort: 'Itaú (341)' },
    ]);
  });
});

describe('recognition: what a file is, from all its records', () => {
  it('Ailos writes 1 (“remessa”) at 143 of its returns: the batch header and segments say retorno', () => {
    expect(text(bytes('ailos-085-op1.ret')).charAt(142)).toBe('1');
    expect(parse('ailos-085-op1.ret').titles).toHaveLength(3);
  });

  it('143 blank (C6) or 0 (Cora) is still a return, recognised as CNAB', () => {
    expect(text(bytes('c6-336-143-blank.ret')).charAt(142)).toBe(' ');
    expect(text(bytes('cora-403-no-trailers.ret')).charAt(142)).toBe('0');
    expect(isCnabFile(bytes('c6-336-143-blank.ret'))).toBe(true);
    expect(isCnabFile(bytes('cora-403-no-trailers.ret'))).toBe(true);
    // Not sent to the spreadsheet reader (“No statement lines were found…”): a return file result.
    expect(parseStatement(bytes('cora-403-no-trailers.ret')).format).toBe('cnab');
  });

  it('a CNAB 240 statement (Inter, segment E) is refused as a statement, never as a return file', () => {
    expect(isCnabFile(bytes('inter-077-extrato-segE.ret'))).toBe(true);
    for (const read of [parseCnabReturn, parseStatement]) {
      const e = failure(() => read(bytes('inter-077-extrato-segE.ret')));
      expect([e.code, e.params]).toEqual([
        'cnab.statement',
        { bankCode: '077', bankName: 'Inter (077)', bankShort: 'Inter (077)', layout: '240' },
      ]);
      expect(e.message).not.toMatch(/return file from/);
    }
    expect(cnabPtBR.errors.statement.replace('{{bankShort}}', 'Inter (077)')).toMatch(
      /^Este é um extrato do banco Inter \(077\), não um arquivo retorno de boletos/,
    );
  });

  it('a remessa with segments P and Q is refused as a remessa', () => {
    const e = failure(() => parse('remessa-pq-237.rem'));
    expect([e.code, e.params]).toEqual([
      'cnab.remessa',
      { bankCode: '237', bankName: 'Bradesco (237)', bankShort: 'Bradesco (237)', layout: '240' },
    ]);
    expect(isCnabFile(bytes('remessa-pq-237.rem'))).toBe(true);
    // Without the batch header's R, the segments P/Q still say remessa.
    const noOp = patch(bytes('remessa-pq-237.rem'), 2, 9, ' ');
    expect(failure(() => parseCnabReturn(noOp)).code).toBe('cnab.remessa');
  });

  it('a 240 file of another service (payments, 20) is not a boleto return', () => {
    const e = failure(() => parse('pagamentos-237-service20.ret'));
    expect([e.code, e.params?.bankCode, e.params?.detail]).toEqual([
      'cnab.unsupported_layout',
      '237',
      'service “20” in the batch header, not 01 (cobrança)',
    ]);
  });

  it('a bank outside the table: FEBRABAN T/U read with a notice naming it; another shape refused', () => {
    const r = parse('unknown-999.ret');
    expect(r.variant).toBe('febraban-240');
    expect(r.titles.map((t) => [t.nossoNumero, t.paidCents, t.creditDate])).toEqual([
      ['0000000001', 15440, '2026-06-15'],
      ['0000000002', 10800, '2026-06-19'],
      ['0000000003', null, null],
    ]);
    expect(r.notices.map((n) => [n.code, n.params])).toEqual([
      ['cnab.assumed_layout', { bankCode: '999', bankName: '999', bankShort: '999' }],
    ]);
    expect(r.notices[0]!.message).toMatch(/^Bank 999 is not among the banks Quita knows/);
    const e = failure(() => parse('unknown-998-santander-shape.ret'));
    expect([e.code, e.params]).toEqual([
      'cnab.unsupported_bank',
      { bankCode: '998', layout: '240', bankName: '998', bankShort: '998' },
    ]);
    // A settlement whose amount paid is far from face + charges − discounts: the table does not fit.
    const off = patch(bytes('unknown-999.ret'), 4, 78, '000000000990000');
    expect(failure(() => parseCnabReturn(off)).code).toBe('cnab.unsupported_bank');
  });

  it('CNAB 400 headers: 401 characters, literal and operation code disagreeing, both blank', () => {
    const itau = bytes('itau-400.ret', CNAB);
    const ls = linesOf(itau);
    const withHeader = (h: string) => fromText([h, ...ls.slice(1)].join(''));
    const header = ls[0]!.replace(/\r\n$/, '');
    // One blank more (401 characters): recognised and read like the original.
    expect(isCnabFile(withHeader(`${header} \r\n`))).toBe(true);
    expect(parseCnabReturn(withHeader(`${header} \r\n`))).toEqual(parseCnabReturn(itau));
    // Operation 1 with RETORNO: the trailer (“92…”) says retorno.
    expect(parseCnabReturn(withHeader(`01${header.slice(2)}\r\n`)).titles).toHaveLength(5);
    // Operation and literal blank: the sequence number 000001 says it is a CNAB 400 header.
    const blank = withHeader(`0        ${header.slice(9)}\r\n`);
    expect(isCnabFile(blank)).toBe(true);
    expect(parseCnabReturn(blank).titles).toHaveLength(5);
    // Operation 2 with REMESSA and a remessa's blank trailer: a remessa.
    const rem = fromText(
      [`02REMESSA${header.slice(9)}\r\n`, ...ls.slice(1, -1), `9${' '.repeat(393)}000007\r\n`].join(''),
    );
    expect(failure(() => parseCnabReturn(rem)).code).toBe('cnab.remessa');
  });

  it('never claims a CSV or a one-line header-like text', () => {
    const csv = new TextEncoder().encode('00100000;Data;Valor\n00100001;01/06/2026;99,90\n');
    expect(isCnabFile(csv)).toBe(false);
    expect(isCnabFile(new TextEncoder().encode('12300000 something\n'))).toBe(false);
    expect(isCnabFile(readFileSync(join(CNAB, '../statements/bb.ofx')))).toBe(false);
  });
});

describe('240 tolerances: by field', () => {
  it('a header date that is not a date: read without it, with a notice', () => {
    const r = parse('banestes-021.ret');
    expect(r.fileDate).toBeNull();
    expect(r.notices).toEqual([notices240.headerDate('99999999')]);
    const letters = patch(bytes('inter-077.ret'), 1, 144, 'DDMMAAAA');
    expect(parseCnabReturn(letters).notices.map((n) => [n.code, n.params])).toEqual([
      ['cnab.header_date', { value: 'DDMMAAAA' }],
    ]);
  });

  it('a company name of any characters is read, unread', () => {
    expect(text(bytes('delbank-435.ret')).slice(72, 102)).toContain('Ç&Ø');
    expect(parse('delbank-435.ret').notices).toEqual([]);
  });

  it('an unknown extra segment (Y, W, J) is skipped with a notice naming it', () => {
    const r = parse('santander-033.ret');
    expect(r.skipped).toEqual([
      { line: 5, reason: 'segment Y is not a title (T/U)' },
      { line: 8, reason: 'segment Y is not a title (T/U)' },
      { line: 11, reason: 'segment Y is not a title (T/U)' },
    ]);
    expect(r.notices.map((n) => [n.code, n.params])).toEqual([
      ['cnab.skipped_segments', { count: 3, segments: 'Y', lines: '5, 8, 11' }],
    ]);
    // Inter's file with segment W after its first pair and J after its second (the counts written to match).
    const ls = linesOf(bytes('inter-077.ret'));
    const extra = (seg: string, seq: number) =>
      `077` + `0001` + `3` + String(seq).padStart(5, '0') + seg + ' 06' + ' '.repeat(223) + '\r\n';
    const renum = (l: string, seq: number) => l.slice(0, 8) + String(seq).padStart(5, '0') + l.slice(13);
    const withExtra = [
      ls[0],
      ls[1],
      ls[2],
      ls[3],
      extra('W', 3),
      renum(ls[4]!, 4),
      renum(ls[5]!, 5),
      extra('J', 6),
      renum(ls[6]!, 7),
      renum(ls[7]!, 8),
      ls[8]!.slice(0, 17) + '000010' + ls[8]!.slice(23),
      ls[9]!.slice(0, 23) + '000012' + ls[9]!.slice(29),
    ].join('');
    const r2 = parseCnabReturn(fromText(withExtra));
    expect(r2.titles.map((t) => t.nossoNumero)).toEqual(['00000123456', '00000123467', '00000123478']);
    expect(r2.notices.map((n) => n.params)).toEqual([{ count: 2, segments: 'W, J', lines: '5, 8' }]);
  });

  it('trailers: missing file trailer read with a notice; none at all read with a notice; a cut batch refused', () => {
    expect(parse('unicred-136.ret').notices.map((n) => n.code)).toEqual(['cnab.no_file_trailer']);
    expect(parse('cora-403-no-trailers.ret').notices.map((n) => n.code)).toEqual(['cnab.no_trailers']);
    // A file that counts its batch in a trailer and stops inside a second batch was cut.
    const ls = linesOf(bytes('inter-077.ret'));
    const cut = fromText([...ls.slice(0, 9), ...ls.slice(1, 6)].join(''));
    expect(failure(() => parseCnabReturn(cut)).code).toBe('cnab.truncated');
    // A header alone is not a return.
    expect(failure(() => parseCnabReturn(fromText(ls[0]!))).code).toBe('cnab.truncated');
  });

  it('money, dates, identity, movement code and counts stay strict, naming the line', () => {
    const inter = bytes('inter-077.ret');
    const cases: [string, Uint8Array, string, number][] = [
      ['letters in the amount paid', patch(inter, 4, 78, '0000000001544O'), 'cnab.bad_line', 4],
      ['an impossible credit date', patch(inter, 6, 146, '31022026'), 'cnab.bad_line', 6],
      [
        'a settlement with neither a credit date nor an occurrence date',
        patch(patch(inter, 6, 146, '00000000'), 6, 138, '00000000'),
        'cnab.bad_line',
        6,
      ],
      ['a blank nosso número', patch(inter, 3, 38, ' '.repeat(20)), 'cnab.bad_line', 3],
      ['a movement code in letters', patch(inter, 5, 16, 'XX'), 'cnab.bad_line', 5],
      ['a fee in letters', patch(inter, 3, 199, 'ABC'), 'cnab.bad_line', 3],
      ['a batch trailer counting 9 records', patch(inter, 9, 18, '000009'), 'cnab.record_count', 9],
      ['a file trailer counting 11 records', patch(inter, 10, 24, '000011'), 'cnab.record_count', 10],
      ['a record number out of place', patch(inter, 5, 9, '00009'), 'cnab.sequence', 5],
    ];
    for (const [what, b, code, line] of cases) {
      const e = failure(() => parseCnabReturn(b));
      expect([e.code, e.params?.line], what).toEqual([code, line]);
    }
  });
});

/**
 * What the real files of public libraries do (docs/cnab-240.md, “Real files”), each reproduced in our own bytes by
 * make-240.ts (the fixture names the file it stands for); expectations by hand.
 */
describe('real banks’ quirks: read exactly, with a notice when something was tolerated', () => {
  const nossos = (r: ReturnType<typeof parse>) => r.titles.map((t) => t.nossoNumero);
  const money = (r: ReturnType<typeof parse>) =>
    r.titles.map((t) => [t.line, t.paidCents, t.feeCents, t.creditDate, t.paidDate]);

  it('Santander: a line with blanks after its 240th character, a batch trailer counting only the details', () => {
    const b = bytes('santander-033-details-count-wide-line.ret');
    expect(linesOf(b)[2]!.replace(/\r\n$/, '')).toHaveLength(262);
    expect(linesOf(b)[8]!.slice(17, 23)).toBe('000006');
    const r = parseCnabReturn(b);
    expect(r.titles).toEqual([
      { ...LATE, line: 3, nossoNumero: '0000001234567', occurrence: 'Liquidação' },
      { ...EARLY, line: 5, nossoNumero: '0000001234578', occurrence: 'Liquidação' },
      { ...ENTRY, line: 7, nossoNumero: '0000001234589', occurrence: 'Entrada confirmada' },
    ]);
    expect(r.notices).toEqual([]);
  });

  it('a character inserted inside a record is still refused, even when what follows is blank', () => {
    const l3 = linesOf(bytes('santander-033-details-count-wide-line.ret'))[2]!;
    // A digit inserted in the face value (78–92): the reasons end at 219 instead of 218.
    const shifted = `${l3.slice(0, 80)}0${l3.slice(80)}`;
    const ls = linesOf(bytes('santander-033-details-count-wide-line.ret'));
    const e = failure(() => parseCnabReturn(fromText([...ls.slice(0, 2), shifted, ...ls.slice(3)].join(''))));
    expect([e.code, e.params?.line]).toEqual(['cnab.line_length', 3]);
    // A blank inserted in the payer's name of a 240-character line: 241, content ending at 224.
    const inter = linesOf(bytes('inter-077.ret'));
    const named = `${inter[2]!.slice(0, 160)} ${inter[2]!.slice(160)}`;
    const e2 = failure(() =>
      parseCnabReturn(fromText([...inter.slice(0, 2), named, ...inter.slice(3)].join(''))),
    );
    expect([e2.code, e2.params?.line, e2.params?.length]).toEqual(['cnab.line_length', 3, 241]);
    // Blanks added after a record ending on a field (the fee, 213) change nothing: the same file.
    const padded = `${inter[2]!.replace(/\r\n$/, '')}   \r\n`;
    expect(parseCnabReturn(fromText([...inter.slice(0, 2), padded, ...inter.slice(3)].join('')))).toEqual(
      parse('inter-077.ret'),
    );
  });

  it('counts: details-only batch trailers need the file trailer’s count; a lost pair is refused', () => {
    const ls = linesOf(bytes('santander-033-details-count-wide-line.ret'));
    // The file trailer's count blanked: nothing confirms the batch any more.
    const unconfirmed = fromText(
      [...ls.slice(0, 9), `${ls[9]!.slice(0, 23)}      ${ls[9]!.slice(29)}`].join(''),
    );
    expect([
      failure(() => parseCnabReturn(unconfirmed)).code,
      failure(() => parseCnabReturn(unconfirmed)).params?.line,
    ]).toEqual(['cnab.record_count', 9]);
    // The last T/U pair lost: the batch count (6) now looks like FEBRABAN's, but the file trailer (10) sees 8.
    const lost = fromText([...ls.slice(0, 6), ...ls.slice(8)].join(''));
    const e = failure(() => parseCnabReturn(lost));
    expect([e.code, e.params]).toMatchObject(['cnab.record_count', { line: 8, declared: 10, found: 8 }]);
  });

  it('Banco do Brasil: a batch header one blank longer is read with a notice (nothing read from it moves)', () => {
    const b = bytes('bb-001-batch-header-241.ret');
    expect(linesOf(b)[1]!.replace(/\n$/, '')).toHaveLength(241);
    const r = parseCnabReturn(b);
    expect(r.titles).toEqual(parse('bb-001.ret').titles);
    expect(r.notices.map((n) => [n.code, n.params])).toEqual([
      ['cnab.batch_header_shape', { lines: '2', length: 241 }],
    ]);
  });

  it('BTG: fee “0000000000000  ” is no fee; header padded to 308 and T cut inside its blanks read the same', () => {
    const b = bytes('btg-208-fee-blank-tail.ret');
    expect(linesOf(b).map((l) => l.replace(/\r\n$/, '').length)).toEqual([
      308, 240, 233, 240, 233, 240, 233, 240, 240, 240,
    ]);
    expect(linesOf(b)[2]!.slice(198, 213)).toBe('0000000000000  ');
    const r = parseCnabReturn(b);
    expect(r.fileDate).toBe('2026-06-20');
    expect(r.titles).toEqual([
      { ...LATE, feeCents: 0, line: 3, nossoNumero: '00000001001', occurrence: 'Liquidação' },
      { ...EARLY, feeCents: 0, line: 5, nossoNumero: '00000001002', occurrence: 'Liquidação' },
      { ...ENTRY, feeCents: 0, line: 7, nossoNumero: '00000001003', occurrence: 'Entrada confirmada' },
    ]);
    expect(r.notices).toEqual([]);
    // Digits other than zeros in that shape: the scale is unknown, refused.
    const e = failure(() => parseCnabReturn(patch(b, 3, 199, '0000000000250  ')));
    expect([e.code, e.params?.line]).toEqual(['cnab.bad_line', 3]);
    // BTG's trailers write 1 where FEBRABAN counts records (laravel-boleto's btg.ret: 1 of 6, 1 of 8): a count
    // smaller than the records cannot hide a lost one — read as no count, said; a larger one is refused.
    const ones = patch(patch(b, 9, 18, '000001'), 10, 24, '000001');
    const read = parseCnabReturn(ones);
    expect(read.titles).toEqual(r.titles);
    expect(read.notices.map((n) => n.code)).toEqual(['cnab.no_trailers']);
    expect(failure(() => parseCnabReturn(patch(b, 9, 18, '000009'))).code).toBe('cnab.record_count');
    expect(failure(() => parseCnabReturn(patch(bytes('inter-077.ret'), 9, 18, '000001'))).code).toBe(
      'cnab.record_count',
    );
    // Another bank writing it so is refused as before.
    expect(
      failure(() => parseCnabReturn(patch(bytes('inter-077.ret'), 3, 199, '0000000000000  '))).code,
    ).toBe('cnab.bad_line');
  });

  it('Sicoob: a settlement without a credit date is read with the payment date kept apart, and a notice', () => {
    const r = parse('sicoob-756-no-credit-date.ret');
    expect(money(r)).toEqual([
      [3, 15440, 250, '2026-06-15', '2026-06-12'],
      [5, 10800, 180, null, '2026-06-18'],
      [7, null, 120, null, '2026-06-19'],
    ]);
    expect(r.notices.map((n) => [n.code, n.params])).toEqual([
      ['cnab.no_credit_date', { count: 1, lines: '5' }],
    ]);
    expect(r.notices[0]!.message).toMatch(/payment date is used/);
  });

  it('Sicoob: a file trailer counting all but the header and itself is read only when every batch is counted', () => {
    const b = bytes('sicoob-756-no-credit-date.ret');
    expect(linesOf(b)[9]!.slice(23, 29)).toBe('000008');
    expect(parseCnabReturn(b).titles).toHaveLength(3);
    // The batch trailer's count blanked: the file trailer's 8 of 10 is no longer confirmed.
    const e = failure(() => parseCnabReturn(patch(b, 9, 18, '      ')));
    expect([e.code, e.params]).toMatchObject(['cnab.record_count', { line: 10, declared: 8, found: 10 }]);
    // A pair lost from the batch: its trailer (8) sees 6.
    const ls = linesOf(b);
    const lost = failure(() => parseCnabReturn(fromText([...ls.slice(0, 6), ...ls.slice(8)].join(''))));
    expect([lost.code, lost.params?.line]).toEqual(['cnab.record_count', 7]);
  });

  it('Ailos/Sicoob (brcobranca): a header without the bank name and a short batch header, read with notices', () => {
    const b = bytes('ailos-085-header-no-bank-name.ret');
    expect(linesOf(b)[0]!.replace(/\n$/, '')).toHaveLength(148);
    const r = parseCnabReturn(b);
    // The header's fields are shifted: its date is not read (at 144–151 it holds other characters).
    expect(r.fileDate).toBeNull();
    expect(money(r)).toEqual(money(parse('ailos-085-op1.ret')));
    expect(nossos(r)).toEqual(['12345670000000101', '12345670000000102', '12345670000000103']);
    expect(r.notices.map((n) => [n.code, n.params])).toEqual([
      ['cnab.header_shape', { length: 148 }],
      ['cnab.batch_header_shape', { lines: '2', length: 190 }],
    ]);
  });

  it('Itaú (brcobranca): no batch header, both trailers counting it — read; otherwise refused', () => {
    const b = bytes('itau-341-no-batch-header.ret');
    const r = parseCnabReturn(b);
    expect(money(r)).toEqual([
      [2, 15440, 250, '2026-06-15', '2026-06-12'],
      [4, 10800, 180, '2026-06-19', '2026-06-18'],
      [6, null, 120, null, '2026-06-19'],
    ]);
    expect(nossos(r)).toEqual(['123456782', '123456790', '123456808']);
    expect(r.notices.map((n) => [n.code, n.params])).toEqual([['cnab.no_batch_header', { line: 2 }]]);
    // Trailers counting only what is there: nothing says the missing record was the batch header.
    const e = failure(() => parseCnabReturn(patch(b, 8, 18, '000007')));
    expect([e.code, e.params?.line]).toEqual(['cnab.record_count', 8]);
    const noFileCount = failure(() => parseCnabReturn(patch(b, 9, 24, '      ')));
    expect([noFileCount.code, noFileCount.params?.line]).toEqual(['cnab.bad_line', 2]);
  });

  it('Inter’s Pix payments (operation C, service 01, segments A/B) are not a boleto return', () => {
    const e = failure(() => parse('inter-077-pix-payments-opC.ret'));
    expect([e.code, e.params?.detail]).toEqual([
      'cnab.unsupported_layout',
      'operation “C” in the batch header and segments A: payments, not a cobrança return (operation T, segments T/U)',
    ]);
  });

  it('a header relabelled with another bank (104 over BB’s records) is a CNAB file, refused naming line 2', () => {
    const b = bytes('bb-001-header-relabelled-104.ret');
    expect(isCnabFile(b)).toBe(true);
    for (const read of [parseCnabReturn, parseStatement]) {
      const e = failure(() => read(b));
      expect([e.code, e.params?.line, e.params?.bankCode]).toEqual(['cnab.bad_line', 2, '104']);
    }
  });

  it('an empty return (a batch with no title) is read, saying so', () => {
    const r = parse('bb-001-empty.ret');
    expect([r.titles, r.skipped]).toEqual([[], []]);
    expect(r.notices.map((n) => n.code)).toEqual(['cnab.no_titles']);
  });
});

describe('texts of the new codes', () => {
  it('every [S] error and notice has a pt-BR and an English text whose placeholders its params fill', () => {
    const made: { code: string; params?: Record<string, unknown> }[] = [
      cnabErrors.statement('077', 'Inter (077)', '240'),
      notices240.headerDate('99999999'),
      notices240.skippedSegments(2, 'W, J', '5, 8'),
      notices240.noFileTrailer(),
      notices240.noTrailers(),
      notices240.assumedLayout('999'),
      notices240.headerShape(148),
      notices240.batchHeaderShape('2', 241),
      notices240.noBatchHeader(2),
      notices240.noCreditDate(2, '5, 9'),
      notices240.noTitles(),
    ].map((x) => ({ code: x.code!, params: x.params }));
    for (const { code, params } of made) {
      const key = code.replace(/^cnab\./, '');
      for (const lang of [cnabPtBR, cnabEn]) {
        const t =
          code === 'cnab.statement' ? lang.errors.statement : (lang.notices as Record<string, string>)[key];
        expect(t, code).toBeTruthy();
        for (const [, name] of t!.matchAll(/\{\{(\w+)\}\}/g))
          expect(params ?? {}, `${code} ${name}`).toHaveProperty(name!);
      }
    }
  });
});
