/**
 * CNAB return files (issue [K]): fixtures in tests/fixtures/cnab/ are made-up titles written at the positions
 * of each bank's manual by `make-fixtures.ts`; the expectations below are written by hand, not by that script.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCnabFile, parseCnabReturn } from './parse-cnab';
import type { CnabTitle } from './types';
import { failure } from '../../../../tests/helpers/errors';

const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/cnab');
const bytes = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const parse = (name: string) => parseCnabReturn(bytes(name));

/** Replaces the characters at 1-based positions of one 1-based line of a Latin-1 file. */
function patch(b: Uint8Array, line: number, start: number, text: string): Uint8Array {
  const lines = Buffer.from(b)
    .toString('latin1')
    .split(/(?<=\n)/);
  const l = lines[line - 1]!;
  lines[line - 1] = l.slice(0, start - 1) + text + l.slice(start - 1 + text.length);
  return new Uint8Array(Buffer.from(lines.join(''), 'latin1'));
}
/** Adds text at the end of one line (before its line end). */
function append(b: Uint8Array, line: number, text: string): Uint8Array {
  const lines = Buffer.from(b)
    .toString('latin1')
    .split(/(?<=\n)/);
  lines[line - 1] = lines[line - 1]!.replace(/\r?\n$/, (eol) => text + eol);
  return new Uint8Array(Buffer.from(lines.join(''), 'latin1'));
}
const dropLine = (b: Uint8Array, line: number) => {
  const lines = Buffer.from(b)
    .toString('latin1')
    .split(/(?<=\n)/);
  lines.splice(line - 1, 1);
  return new Uint8Array(Buffer.from(lines.join(''), 'latin1'));
};

/** Every layout: the titles written in the file (detail records / T+U pairs), by nosso número and code. */
const LAYOUTS: Array<{
  file: string;
  bank: string;
  layout: '240' | '400';
  variant: string;
  titles: Array<[string, string, boolean]>;
}> = [
  {
    file: 'itau-400.ret',
    bank: '341',
    layout: '400',
    variant: 'itau-400',
    titles: [
      ['109000017', '06', true],
      ['109000025', '06', true],
      ['109000033', '06', true],
      ['109000041', '02', false],
      ['109000058', '09', false],
    ],
  },
  {
    file: 'bradesco-400.ret',
    bank: '237',
    layout: '400',
    variant: 'bradesco-400',
    titles: [
      ['000000012341', '06', true],
      ['000000012352', '06', true],
      ['000000012363', '06', true],
      ['000000012374', '02', false],
      ['000000012385', '09', false],
    ],
  },
  {
    file: 'bb-cbr643.ret',
    bank: '001',
    layout: '400',
    variant: 'bb-cbr643',
    titles: [
      ['12345670000000011', '06', true],
      ['12345670000000022', '06', true],
      ['12345670000000033', '06', true],
      ['12345670000000044', '02', false],
      ['12345670000000055', '09', false],
    ],
  },
  {
    file: 'santander-400.ret',
    bank: '033',
    layout: '400',
    variant: 'santander-400',
    titles: [
      ['00012347', '06', true],
      ['00012358', '06', true],
      ['00012369', '06', true],
      ['00012370', '02', false],
      ['00012381', '09', false],
    ],
  },
  {
    file: 'caixa-400.ret',
    bank: '104',
    layout: '400',
    variant: 'caixa-400',
    titles: [
      ['14000000000000011', '21', true],
      ['14000000000000022', '21', true],
      ['14000000000000033', '21', true],
      ['14000000000000044', '01', false],
      ['14000000000000055', '02', false],
    ],
  },
  {
    file: 'sicoob-400.ret',
    bank: '756',
    layout: '400',
    variant: 'sicoob-400',
    titles: [
      ['000000012341', '06', true],
      ['000000012452', '06', true],
      ['000000012563', '06', true],
      ['000000012674', '02', false],
      ['000000012785', '09', false],
    ],
  },
  {
    file: 'sicredi-400.ret',
    bank: '748',
    layout: '400',
    variant: 'sicredi-400',
    titles: [
      ['261000011', '06', true],
      ['261000029', '06', true],
      ['261000037', '06', true],
      ['261000045', '02', false],
      ['261000053', '09', false],
    ],
  },
  {
    file: 'bradesco-240.ret',
    bank: '237',
    layout: '240',
    variant: 'febraban-240',
    titles: [
      ['09000000000000012345', '06', true],
      ['09000000000000012356', '06', true],
      ['09000000000000012367', '06', true],
      ['09000000000000012378', '02', false],
      ['09000000000000012389', '09', false],
    ],
  },
  {
    file: 'caixa-240-stripped-lf-bom.ret',
    bank: '104',
    layout: '240',
    variant: 'febraban-240',
    titles: [
      ['14000000000000011', '06', true],
      ['14000000000000022', '06', true],
      ['14000000000000033', '06', true],
      ['14000000000000044', '02', false],
      ['14000000000000055', '09', false],
    ],
  },
];

describe('every layout: titles in the file vs titles parsed', () => {
  for (const l of LAYOUTS) {
    it(`${l.file}: bank ${l.bank}, CNAB ${l.layout}`, () => {
      const r = parse(l.file);
      expect([r.bankCode, r.layout, r.variant, r.fileDate]).toEqual([
        l.bank,
        l.layout,
        l.variant,
        '2026-06-20',
      ]);
      expect(r.titles.map((t) => [t.nossoNumero, t.occurrenceCode, t.isSettlement])).toEqual(l.titles);
      expect(isCnabFile(bytes(l.file))).toBe(true);
    });
  }
});

/** The over-payment (second title) of every fixture: interest 1,50 + fine 3,00 on 149,90 → 154,40. */
const OVERPAID: Omit<
  CnabTitle,
  'line' | 'nossoNumero' | 'occurrenceCode' | 'occurrence' | 'payerName' | 'payerDocument' | 'creditedCents'
> = {
  occurrenceKind: 'settlement',
  isSettlement: true,
  seuNumero: 'MENS-0612',
  dueDate: '2026-06-05',
  faceValueCents: 14990,
  paidCents: 15440,
  interestFineCents: 450,
  discountCents: 0,
  feeCents: 250,
  paidDate: '2026-06-12',
  creditDate: '2026-06-15',
};

describe('each field of one title, by hand', () => {
  it('Itaú 400: a settlement paid exactly, payer name in Latin-1', () => {
    expect(parse('itau-400.ret').titles[0]).toEqual({
      line: 2,
      occurrenceCode: '06',
      occurrence: 'Liquidação normal',
      occurrenceKind: 'settlement',
      isSettlement: true,
      nossoNumero: '109000017',
      seuNumero: 'MENS-0611',
      payerName: 'JOÃO PEDRO ASSUNÇÃO',
      payerDocument: null,
      dueDate: '2026-06-10',
      faceValueCents: 9990,
      paidCents: 9990,
      interestFineCents: 0,
      discountCents: 0,
      // Itaú writes 254–266 net of its fee (97,40); the payer paid it plus the fee.
      creditedCents: 9740,
      feeCents: 250,
      paidDate: '2026-06-09',
      creditDate: '2026-06-10',
    });
  });

  it('Bradesco 400: an under-payment with discount and rebate', () => {
    expect(parse('bradesco-400.ret').titles[2]).toEqual({
      line: 4,
      occurrenceCode: '06',
      occurrence: 'Liquidação normal',
      occurrenceKind: 'settlement',
      isSettlement: true,
      nossoNumero: '000000012363',
      seuNumero: 'PLANO-77',
      payerName: null,
      payerDocument: null,
      dueDate: '2026-06-20',
      faceValueCents: 12000,
      paidCents: 10800,
      interestFineCents: 0,
      discountCents: 1200,
      creditedCents: null,
      feeCents: 250,
      paidDate: '2026-06-18',
      creditDate: '2026-06-19',
    });
  });

  it('Bradesco 240: an under-payment, payer CNPJ from segment T, net credit from segment U', () => {
    expect(parse('bradesco-240.ret').titles[2]).toEqual({
      line: 7,
      occurrenceCode: '06',
      occurrence: 'Liquidação',
      occurrenceKind: 'settlement',
      isSettlement: true,
      nossoNumero: '09000000000000012367',
      seuNumero: 'PLANO-77',
      payerName: 'ACADEMIA PARCEIRA LTDA',
      payerDocument: '11222333000181',
      dueDate: '2026-06-20',
      faceValueCents: 12000,
      paidCents: 10800,
      interestFineCents: 0,
      discountCents: 1200,
      creditedCents: 10550,
      feeCents: 250,
      paidDate: '2026-06-18',
      creditDate: '2026-06-19',
    });
  });

  it('an entry confirmation is listed, never money', () => {
    const entry = parse('bradesco-240.ret').titles[3]!;
    expect(entry).toMatchObject({
      occurrence: 'Entrada confirmada',
      occurrenceKind: 'entry',
      isSettlement: false,
      faceValueCents: 9990,
      paidCents: null,
      interestFineCents: null,
      discountCents: null,
      creditedCents: null,
      creditDate: null,
      feeCents: 120,
      payerDocument: '16899535009',
      paidDate: '2026-06-19',
    });
    const baixa = parse('caixa-400.ret').titles[4]!;
    expect(baixa).toMatchObject({
      occurrence: 'Baixa confirmada',
      occurrenceKind: 'writeoff',
      paidCents: null,
    });
  });

  for (const l of LAYOUTS) {
    it(`${l.file}: the over-payment (interest + fine)`, () => {
      expect(parse(l.file).titles[1]).toMatchObject(OVERPAID);
    });
  }

  it('sums occurrences per code, settlements apart', () => {
    expect(parse('sicredi-400.ret').occurrences).toEqual([
      { code: '06', occurrence: 'Liquidação normal', kind: 'settlement', isSettlement: true, count: 3 },
      { code: '02', occurrence: 'Entrada confirmada', kind: 'entry', isSettlement: false, count: 1 },
      {
        code: '09',
        occurrence: 'Baixado automaticamente via arquivo',
        kind: 'writeoff',
        isSettlement: false,
        count: 1,
      },
    ]);
  });
});

describe('line ends, stripped spaces, BOM, encodings', () => {
  it('stripped trailing spaces and LF read the same as the full CRLF file', () => {
    expect(parse('itau-400-stripped-lf.ret')).toEqual(parse('itau-400.ret'));
    expect(parse('bradesco-400-stripped-lf.ret')).toEqual(parse('bradesco-400.ret'));
  });

  it('a 240 file stripped, LF-only and with a UTF-8 BOM reads like the CRLF one', () => {
    const caixa = parse('caixa-240-stripped-lf-bom.ret');
    const bradesco = parse('bradesco-240.ret');
    const strip = (t: CnabTitle) => ({ ...t, nossoNumero: '' });
    expect(caixa.titles.map(strip)).toEqual(bradesco.titles.map(strip));
  });

  it('a file re-saved as UTF-8 (accents take two bytes) is still read at the right positions', () => {
    const utf8 = Buffer.from(Buffer.from(bytes('itau-400.ret')).toString('latin1'), 'utf8');
    expect(parseCnabReturn(new Uint8Array(utf8))).toEqual(parse('itau-400.ret'));
  });

  it('CR-only line ends', () => {
    const cr = Buffer.from(
      Buffer.from(bytes('santander-400.ret')).toString('latin1').replace(/\r\n/g, '\r'),
      'latin1',
    );
    expect(parseCnabReturn(new Uint8Array(cr))).toEqual(parse('santander-400.ret'));
  });
});

describe('refusals: one sentence naming the bank and layout', () => {
  it('a remessa (400 and 240)', () => {
    const e400 = failure(() => parse('bradesco-400-remessa.rem'));
    expect([e400.kind, e400.code, e400.params]).toEqual([
      'validation',
      'cnab.remessa',
      { bankCode: '237', bankName: 'Bradesco (237)', bankShort: 'Bradesco (237)', layout: '400' },
    ]);
    expect(e400.message).toContain('bank 237, CNAB 400');
    const e240 = failure(() => parse('bradesco-240-remessa.rem'));
    expect([e240.code, e240.params]).toEqual([
      'cnab.remessa',
      { bankCode: '237', bankName: 'Bradesco (237)', bankShort: 'Bradesco (237)', layout: '240' },
    ]);
    expect(isCnabFile(bytes('bradesco-400-remessa.rem'))).toBe(true);
  });

  it('an unknown bank, with its code', () => {
    // Safra 400 is read since [S] (layouts-400.ts); Mercantil's 400 is still not (tests/fixtures/cnab/400/).
    const e = failure(() => parse('400/mercantil-389-unsupported.ret'));
    expect([e.code, e.params]).toEqual([
      'cnab.unsupported_bank',
      {
        bankCode: '389',
        layout: '400',
        bankName: 'Mercantil do Brasil (389)',
        bankShort: 'Mercantil do Brasil (389)',
      },
    ]);
    expect(e.message).toBe(
      "This CNAB 400 return file is from bank 389, whose CNAB 400 layout Quita cannot read yet; ask the bank for the return file in FEBRABAN's CNAB 240 layout, which Quita reads.",
    );
    const itau240 = failure(() => parse('itau-240.ret'));
    expect([itau240.code, itau240.params]).toEqual([
      'cnab.unsupported_bank',
      { bankCode: '341', layout: '240', bankName: 'Itaú (341)', bankShort: 'Itaú (341)' },
    ]);
  });

  it('not a CNAB file', () => {
    const csv = new TextEncoder().encode('Data;Histórico;Valor\n01/06/2026;PIX;99,90\n');
    expect(isCnabFile(csv)).toBe(false);
    expect(failure(() => parseCnabReturn(csv)).code).toBe('cnab.not_cnab');
    expect(failure(() => parseCnabReturn(new Uint8Array())).code).toBe('cnab.not_cnab');
    expect(isCnabFile(readFileSync(join(FIXTURES, '../statements/bb.ofx')))).toBe(false);
  });

  it('BB 400 with type 1 details (not CBR643), a 240 batch that is not cobrança', () => {
    const bb = patch(bytes('bb-cbr643.ret'), 3, 1, '1');
    expect(failure(() => parseCnabReturn(bb)).code).toBe('cnab.unsupported_layout');
    // [S] service 03 (not cobrança) is another layout; service 04 is a statement, refused by its own name.
    const pagamentos = patch(bytes('bradesco-240.ret'), 2, 10, '03');
    const e = failure(() => parseCnabReturn(pagamentos));
    expect([e.code, e.params?.bankCode]).toEqual(['cnab.unsupported_layout', '237']);
    const extrato = patch(bytes('bradesco-240.ret'), 2, 10, '04');
    expect(failure(() => parseCnabReturn(extrato)).code).toBe('cnab.statement');
  });
});

describe('a malformed record refuses the whole file, with its line', () => {
  it('letters in an amount', () => {
    const e = failure(() => parseCnabReturn(patch(bytes('bradesco-400.ret'), 4, 254, '00000001O800')));
    expect([e.code, e.params?.line]).toEqual(['cnab.bad_line', 4]);
    expect(e.message).toMatch(/^Line 4 of this CNAB 400 return file \(bank 237\)/);
  });

  it('an impossible date', () => {
    const e = failure(() => parseCnabReturn(patch(bytes('itau-400.ret'), 3, 111, '310226')));
    expect([e.code, e.params?.line]).toEqual(['cnab.bad_line', 3]);
  });

  it('a line longer than the layout (trailing spaces beyond it are tolerated)', () => {
    expect(parseCnabReturn(append(bytes('sicoob-400.ret'), 5, '   '))).toEqual(parse('sicoob-400.ret'));
    const e = failure(() => parseCnabReturn(append(bytes('sicoob-400.ret'), 5, 'XYZ')));
    expect([e.code, e.params?.line]).toEqual(['cnab.line_length', 5]);
  });

  it('an unknown record type', () => {
    const e = failure(() => parseCnabReturn(patch(bytes('caixa-400.ret'), 2, 1, '4')));
    expect([e.code, e.params?.line]).toEqual(['cnab.bad_line', 2]);
  });

  it('240: segment T without its U', () => {
    const e = failure(() => parseCnabReturn(dropLine(bytes('bradesco-240.ret'), 6)));
    expect([e.code, e.params?.line]).toEqual(['cnab.bad_line', 5]);
  });

  it('a file without its trailer is incomplete', () => {
    expect(failure(() => parseCnabReturn(dropLine(bytes('bradesco-400.ret'), 7))).code).toBe(
      'cnab.truncated',
    );
    // [S] A 240 file whose batch trailer counted the batch but whose file trailer is missing is read with a
    // notice (docs/cnab-240.md); one that closed a batch and then stops inside the next one was cut.
    const noFileTrailer = parseCnabReturn(dropLine(bytes('bradesco-240.ret'), 14));
    expect(noFileTrailer.titles).toEqual(parse('bradesco-240.ret').titles);
    expect(noFileTrailer.notices.map((n) => n.code)).toEqual(['cnab.no_file_trailer']);
    const lines = Buffer.from(bytes('bradesco-240.ret'))
      .toString('latin1')
      .split(/(?<=\n)/);
    const cut = [...lines.slice(0, 13), ...lines.slice(1, 12)].join('');
    expect(failure(() => parseCnabReturn(new Uint8Array(Buffer.from(cut, 'latin1')))).code).toBe(
      'cnab.truncated',
    );
  });
});
