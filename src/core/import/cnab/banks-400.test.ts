/**
 * [S] CNAB 400 returns of the banks added in layouts-400.ts, and what real files showed that the reader must
 * tolerate (with a notice) or refuse (naming the line). Fixtures: tests/fixtures/cnab/400, made-up titles written
 * at each source's positions by `make-400.ts`; every expectation below is written by hand from the three titles
 * that script describes (a late settlement 134,40 with 4,50 interest + fine, an early one 185,00 with 15,00
 * discount + rebate, an entry confirmation), not computed by it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCnabReturn } from './parse-cnab';
import { LAYOUTS_400 } from './layouts-400';
import type { CnabReturn } from './types';
import { failure } from '../../../../tests/helpers/errors';
import { en } from '../../../shared/i18n/en';
import { ptBR } from '../../../shared/i18n/pt-BR';

const DIR = join(import.meta.dirname, '../../../../tests/fixtures/cnab/400');
const bytes = (name: string) => new Uint8Array(readFileSync(join(DIR, name)));
const parse = (name: string) => parseCnabReturn(bytes(name));

const lines = (b: Uint8Array) =>
  Buffer.from(b)
    .toString('latin1')
    .split(/(?<=\n)/);
const join1 = (ls: string[]) => new Uint8Array(Buffer.from(ls.join(''), 'latin1'));
/** Replaces the characters at 1-based positions of one 1-based line. */
function patch(b: Uint8Array, line: number, start: number, text: string): Uint8Array {
  const ls = lines(b);
  const l = ls[line - 1]!;
  ls[line - 1] = l.slice(0, start - 1) + text + l.slice(start - 1 + text.length);
  return join1(ls);
}
/** Inserts text before 1-based position `at` of one line (“” deletes the character there when `del`). */
function insert(b: Uint8Array, line: number, at: number, text: string, del = 0): Uint8Array {
  const ls = lines(b);
  const l = ls[line - 1]!;
  ls[line - 1] = l.slice(0, at - 1) + text + l.slice(at - 1 + del);
  return join1(ls);
}

/** [nosso número, occurrence, settlement, paid, interest + fine, discount + rebate, fee, credit date]. */
type Row = [string, string, boolean, number | null, number | null, number | null, number, string | null];
const rows = (r: CnabReturn): Row[] =>
  r.titles.map((t) => [
    t.nossoNumero,
    t.occurrenceCode,
    t.isSettlement,
    t.paidCents,
    t.interestFineCents,
    t.discountCents,
    t.feeCents,
    t.creditDate,
  ]);

/** The three titles of a bank whose layout has every field, credited on 13/08 and 17/08. */
const standard = (nossos: [string, string, string], codes: [string, string, string]): Row[] => [
  [nossos[0], codes[0], true, 13440, 450, 0, 195, '2026-08-13'],
  [nossos[1], codes[1], true, 18500, 0, 1500, 195, '2026-08-17'],
  [nossos[2], codes[2], false, null, null, null, 120, null],
];

const BANKS: { file: string; bank: string; variant: string; rows: Row[] }[] = [
  {
    // BB's layout for convênios of up to 6 digits (type-1 titles): more in its own block below.
    file: 'bb-001-pos6.ret',
    bank: '001',
    variant: 'bb-cbr643-pos6',
    rows: standard(['12345600011', '12345600022', '12345600033'], ['05', '06', '02']),
  },
  {
    file: 'bnb-004.ret',
    bank: '004',
    variant: 'bnb-400',
    rows: standard(['00012345', '00012356', '00012367'], ['06', '07', '02']),
  },
  {
    file: 'banrisul-041.ret',
    bank: '041',
    variant: 'banrisul-400',
    rows: standard(['0001234516', '0001234524', '0001234532'], ['06', '15', '02']),
  },
  {
    file: 'brb-070.ret',
    bank: '070',
    variant: 'brb-400',
    rows: standard(['107851907015', '107851907023', '107851907031'], ['06', '05', '02']),
  },
  {
    // Inter's layout gives no fee, interest or discount: only what was paid.
    file: 'inter-077.ret',
    bank: '077',
    variant: 'inter-400',
    rows: [
      ['00000112233', '06', true, 13440, 0, 0, 0, '2026-08-13'],
      ['00000112241', '06', true, 18500, 0, 0, 0, '2026-08-17'],
      ['00000112259', '02', false, null, null, null, 0, null],
    ],
  },
  {
    file: 'credisis-097.ret',
    bank: '097',
    variant: 'credisis-400',
    rows: standard(['00005005001', '00005005002', '00005005003'], ['06', '05', '02']),
  },
  {
    file: 'fibra-224.ret',
    bank: '224',
    variant: 'fibra-400',
    rows: standard(['00000070011', '00000070022', '00000070033'], ['06', '08', '02']),
  },
  {
    file: 'pine-643.ret',
    bank: '643',
    variant: 'pine-400',
    rows: standard(['00000080011', '00000080022', '00000080033'], ['06', '08', '02']),
  },
  {
    file: 'abc-246.ret',
    bank: '246',
    variant: 'abc-400',
    rows: standard(['00000090011', '00000090022', '00000090033'], ['06', '08', '02']),
  },
  {
    file: 'delbank-435.ret',
    bank: '435',
    variant: 'delbank-400',
    rows: standard(['00000060011', '00000060022', '00000060033'], ['06', '08', '02']),
  },
  {
    file: 'rendimento-633.ret',
    bank: '633',
    variant: 'rendimento-400',
    rows: standard(['00000050011', '00000050022', '00000050033'], ['06', '08', '02']),
  },
  {
    file: 'uniprime-084.ret',
    bank: '084',
    variant: 'uniprime-400',
    rows: standard(['000000077771', '000000077782', '000000077793'], ['06', '15', '02']),
  },
  {
    // HSBC gives one credit date for the whole file, in its header (13/08).
    file: 'hsbc-399.ret',
    bank: '399',
    variant: 'hsbc-400',
    rows: [
      ['12345678901', '06', true, 13440, 450, 0, 195, '2026-08-13'],
      ['12345678912', '31', true, 18500, 0, 1500, 195, '2026-08-13'],
      ['12345678923', '02', false, null, null, null, 120, null],
    ],
  },
  {
    file: 'ourinvest-712.ret',
    bank: '712',
    variant: 'ourinvest-400',
    rows: standard(['000000012341', '000000012352', '000000012363'], ['06', '17', '02']),
  },
  {
    file: 'unicred-136.ret',
    bank: '136',
    variant: 'unicred-400',
    rows: standard(['00000000000000116', '00000000000000124', '00000000000000132'], ['06', '01', '02']),
  },
  {
    file: 'unicred-136-bbheader.ret',
    bank: '001',
    variant: 'unicred-400',
    rows: standard(['00000000000000116', '00000000000000124', '00000000000000132'], ['06', '01', '02']),
  },
  {
    file: 'safra-422.ret',
    bank: '422',
    variant: 'safra-400',
    rows: standard(['123456785', '123456793', '123456807'], ['06', '15', '02']),
  },
  {
    file: 'c6-336.ret',
    bank: '336',
    variant: 'c6-400',
    rows: standard(['00000000101', '00000000102', '00000000103'], ['06', '07', '02']),
  },
  {
    file: 'ailos-085.ret',
    bank: '085',
    variant: 'ailos-400',
    rows: standard(['12345670000000101', '12345670000000102', '12345670000000103'], ['06', '15', '02']),
  },
  {
    file: 'cresol-133.ret',
    bank: '133',
    variant: 'cresol-400',
    rows: standard(['000000004441', '000000004452', '000000004463'], ['06', '17', '02']),
  },
  {
    // Banestes: the occurrence date is the credit date.
    file: 'banestes-021.ret',
    bank: '021',
    variant: 'banestes-400',
    rows: [
      ['10203040', '06', true, 13440, 450, 0, 195, '2026-08-12'],
      ['10203059', '17', true, 18500, 0, 1500, 195, '2026-08-14'],
      ['10203067', '02', false, null, null, null, 120, null],
    ],
  },
];

describe('CNAB 400 of each bank: titles, settlements, amounts and credit dates', () => {
  for (const b of BANKS) {
    it(`${b.file}: bank ${b.bank}, ${b.variant}`, () => {
      const r = parse(b.file);
      expect([r.bankCode, r.layout, r.variant, r.fileDate, r.notices]).toEqual([
        b.bank,
        '400',
        b.variant,
        '2026-08-20',
        [],
      ]);
      expect(rows(r)).toEqual(b.rows);
      // The fields every layout carries, on the late settlement.
      expect(r.titles[0]).toMatchObject({
        line: 2,
        seuNumero: 'MENS-0801',
        dueDate: '2026-08-10',
        faceValueCents: 12990,
        paidDate: '2026-08-12',
      });
      expect(r.occurrences.filter((o) => o.isSettlement).reduce((n, o) => n + o.count, 0)).toBe(2);
    });
  }

  it('every bank code of layouts-400.ts has a fixture here or in tests/fixtures/cnab', () => {
    const before = ['341', '237', '001', '033', '104', '756', '748'];
    const here = BANKS.map((b) => b.file.match(/-(\d{3})[-.]/)![1]);
    expect(Object.keys(LAYOUTS_400).filter((c) => !before.includes(c) && !here.includes(c))).toEqual([]);
  });

  it('Inter names the payer (182–221); the other layouts here do not', () => {
    expect(parse('inter-077.ret').titles.map((t) => t.payerName)).toEqual([
      'JOSÉ CARLOS PEÇANHA',
      'ACADEMIA BOA FORMA LTDA',
      'ANA LÚCIA PRADO',
    ]);
    expect(parse('safra-422.ret').titles.map((t) => t.payerName)).toEqual([null, null, null]);
  });

  it('BNB: a settlement whose credit date (296–301) is zeros is credited on its occurrence date', () => {
    const r = parseCnabReturn(patch(bytes('bnb-004.ret'), 2, 296, '000000'));
    expect(r.titles.map((t) => t.creditDate)).toEqual(['2026-08-12', '2026-08-17', null]);
  });

  it('BNB: 296–301 is the credit date of a liquidation only; on other occurrences it holds reason columns', () => {
    // A rejected entry (51) with reasons 19 and 20 flagged at columns 298–299 (ACBr MotivoRejeicaoColuna).
    const r = parse('bnb-004-reason-columns.ret');
    expect(rows(r)).toEqual(standard(['00012345', '00012356', '00012367'], ['06', '07', '51']));
    expect(r.titles[2]!.occurrenceKind).toBe('rejected');
    // The same flags on a liquidation are no credit date: refused (brcobranca's CNAB400BANCONORDESTE.RET has
    // “001110” there on its 06), never replaced by another date.
    const e = failure(() => parseCnabReturn(patch(bytes('bnb-004.ret'), 2, 296, '001110')));
    expect([e.code, e.params?.line]).toEqual(['cnab.bad_line', 2]);
    expect(e.params?.reason).toMatch(/credit date at positions 296-301 is not a date/);
  });

  it('Unicred: seu número is its control number (280–305), the credit date the transfer date (176–181)', () => {
    const t = parse('unicred-136.ret').titles[1]!;
    expect([t.seuNumero, t.paidDate, t.creditDate, t.feeCents]).toEqual([
      'MENS-0802',
      '2026-08-14',
      '2026-08-17',
      195,
    ]);
  });
});

describe('Sicoob 400: the nosso número with its check digit (63–74)', () => {
  it('reads the 12 digits as br_boleto does (its real sample: 00000015759 + digit 5 → “000000157595”)', () => {
    const r = parse('sicoob-756-check-digit.ret');
    expect([r.bankCode, r.variant, r.notices]).toEqual(['756', 'sicoob-400', []]);
    expect(rows(r)).toEqual(standard(['000000157595', '000000152106', '000000156601'], ['06', '06', '02']));
  });
});

describe('banks still not read are refused by their code', () => {
  it('Mercantil do Brasil (389, no source for its positions) and BTG Pactual (208, no 400 return)', () => {
    for (const [file, bankCode] of [
      ['mercantil-389-unsupported.ret', '389'],
      ['btg-208-unsupported.ret', '208'],
    ] as const) {
      const e = failure(() => parse(file));
      expect([e.code, e.params]).toMatchObject(['cnab.unsupported_bank', { bankCode, layout: '400' }]);
    }
  });
});

describe('one header code, several layouts: chosen by the records', () => {
  it('header 001 with Unicred-shaped type-1 titles is Unicred; a mix of the two type-1 shapes is refused', () => {
    expect(parse('unicred-136-bbheader.ret').variant).toBe('unicred-400');
    // A Unicred title with digits in 63–73 (where BB writes its nosso número) but no check digit at 74 is
    // neither shape: refused as a BB layout not read, never read at Unicred's or BB's positions.
    const neither = patch(bytes('unicred-136-bbheader.ret'), 3, 63, '12345678901');
    const e = failure(() => parseCnabReturn(neither));
    expect([e.code, e.params?.bankCode]).toEqual(['cnab.unsupported_layout', '001']);
    // One title of each shape in one file: refused too.
    const mixed = patch(bytes('unicred-136-bbheader.ret'), 3, 63, '123456000224');
    expect(failure(() => parseCnabReturn(mixed)).code).toBe('cnab.unsupported_layout');
  });

  it('header 001 with type-1 titles carrying 11 digits + check digit at 63–74 is BB convênio ≤ 6 (pos6)', () => {
    expect(parse('bb-001-pos6.ret').variant).toBe('bb-cbr643-pos6');
    // A type-7 record among them (a convênio of 7 digits) is another layout: refused.
    const ls = lines(bytes('bb-001-pos6.ret'));
    ls[2] = '7' + ls[2]!.slice(1);
    const e = failure(() => parseCnabReturn(join1(ls)));
    expect([e.code, e.params?.bankCode]).toEqual(['cnab.unsupported_layout', '001']);
  });

  it('header 001 with type-7 titles is BB CBR643', () => {
    expect(parse('bb-001-401cols.ret').variant).toBe('bb-cbr643');
  });

  it('HSBC unregistered collection (COBRANCA CNR in the header) is refused as another layout', () => {
    const cnr = patch(bytes('hsbc-399.ret'), 1, 12, 'COBRANCA CNR   ');
    const e = failure(() => parseCnabReturn(cnr));
    expect([e.code, e.params?.bankCode]).toEqual(['cnab.unsupported_layout', '399']);
  });
});

describe('Banco do Brasil, convênio of up to 6 digits (type-1 titles, BB Doc8826BR643Pos6)', () => {
  it('reads nosso número 63–73 (without its check digit), paid, fee and credit date at CBR643’s positions', () => {
    const r = parse('bb-001-pos6.ret');
    expect([r.bankCode, r.variant, r.fileDate, r.notices]).toEqual([
      '001',
      'bb-cbr643-pos6',
      '2026-08-20',
      [],
    ]);
    expect(rows(r)).toEqual([
      ['12345600011', '05', true, 13440, 450, 0, 195, '2026-08-13'],
      ['12345600022', '06', true, 18500, 0, 1500, 195, '2026-08-17'],
      ['12345600033', '02', false, null, null, null, 120, null],
    ]);
    expect(r.titles[0]).toMatchObject({
      occurrence: 'Liquidado sem registro',
      seuNumero: 'MENS-0801',
      dueDate: '2026-08-10',
      faceValueCents: 12990,
      paidDate: '2026-08-12',
    });
  });

  it('a settlement whose fee is larger than the payment posts a debit (as CBR64303.RET: 1,00 paid, 4,50 fee)', () => {
    const r = parse('bb-001-pos6-fee-debit.ret');
    expect(rows(r)).toEqual([
      ['12345600011', '05', true, 100, 0, 0, 450, '2026-08-20'],
      ['12345600022', '05', true, 2500, 0, 0, 450, '2026-08-20'],
      ['12345600033', '02', false, null, null, null, 120, null],
    ]);
    // Unregistered titles (carteira 17, 05) carry no due date: zeros are none.
    expect(r.titles.map((t) => t.dueDate)).toEqual([null, null, '2026-09-10']);
  });

  it('a nosso número whose check digit (74) does not match is refused, naming the line', () => {
    // 12345600022's digit is “X” (2·9 + 2·8 + 0·7 + … + 1·7 = 131, remainder 10 modulo 11); a digit changed in the
    // number or at 74 shows.
    for (const [at, text] of [
      [74, '9'],
      [70, '9'],
      [74, '0'],
    ] as const) {
      const e = failure(() => parseCnabReturn(patch(bytes('bb-001-pos6.ret'), 3, at, text)));
      expect([e.code, e.params?.line]).toEqual(['cnab.bad_line', 3]);
      expect(e.params?.reason).toMatch(/check digit at position 74/);
    }
  });

  it('the amount posted (306–318, 319 debit/credit) must be paid − fee, for type 7 (CBR643) as for type 1', () => {
    // 185,00 − 1,95 = 183,05 credited: one cent more, or a debit instead of a credit, is refused.
    for (const [at, text] of [
      [306, '0000000018306'],
      [319, '1'],
      [319, '5'],
    ] as const) {
      const e = failure(() => parseCnabReturn(patch(bytes('bb-001-pos6.ret'), 3, at, text)));
      expect([e.code, e.params?.line]).toEqual(['cnab.bad_line', 3]);
    }
    // Another charge in the record (outras despesas 189–201) may enter the posting in a way no sample shows:
    // then the posting is not checked (read), rather than a legitimate file refused on a guess.
    const withCosts = patch(
      patch(bytes('bb-001-pos6.ret'), 3, 189, '0000000000500'),
      3,
      306,
      '0000000017805',
    );
    expect(parseCnabReturn(withCosts).titles[1]!.paidCents).toBe(18500);
    // Indicator 0 (nothing posted) is not checked; neither is an entry (not a settlement).
    expect(rows(parseCnabReturn(patch(bytes('bb-001-pos6.ret'), 3, 306, '00000000000000')))).toHaveLength(3);
    // BB's type-7 layout: the fixture leaves 306–319 blank (read); filled, it is checked the same way.
    const cbr643 = bytes('bb-001-401cols.ret');
    expect(parseCnabReturn(patch(cbr643, 2, 306, '00000000132452')).titles[0]!.paidCents).toBe(13440);
    const bad = failure(() => parseCnabReturn(patch(cbr643, 2, 306, '00000000134402')));
    expect([bad.code, bad.params?.line]).toEqual(['cnab.bad_line', 2]);
  });
});

describe('tolerated, with one notice per kind', () => {
  it('Santander: a Pix record (type 2) beside the titles is left out, named', () => {
    const r = parse('santander-033-pix-type2.ret');
    expect(rows(r)).toEqual(standard(['00012347', '00012358', '00012369'], ['06', '06', '02']));
    expect(r.titles.map((t) => t.line)).toEqual([2, 4, 5]);
    expect(r.skipped.map((s) => s.line)).toEqual([3]);
    expect(r.notices).toEqual([
      expect.objectContaining({ code: 'cnab.extra_records', params: { count: 1, types: '2', lines: '3' } }),
    ]);
  });

  it('Sicredi: a placeholder header date (zeros, blanks, an impossible date) is read as none, with a notice', () => {
    const expected = standard(['261000011', '261000029', '261000037'], ['06', '06', '02']);
    const zeros = parse('sicredi-748-placeholder-date.ret');
    const blanks = parseCnabReturn(patch(bytes('sicredi-748-placeholder-date.ret'), 1, 95, '        '));
    const impossible = parseCnabReturn(patch(bytes('sicredi-748-placeholder-date.ret'), 1, 95, '20261399'));
    for (const [r, value] of [
      [zeros, '00000000'],
      [blanks, ''],
      [impossible, '20261399'],
    ] as const) {
      expect([r.variant, r.fileDate, rows(r)]).toEqual(['sicredi-400', null, expected]);
      expect(r.notices).toEqual([expect.objectContaining({ code: 'cnab.header_date', params: { value } })]);
    }
  });

  it('BB: every record 401 characters (a trailing blank) is read as the 400 one, with one notice', () => {
    const wide = parse('bb-001-401cols.ret');
    const narrow = parseCnabReturn(
      join1(lines(bytes('bb-001-401cols.ret')).map((l) => l.replace(/ (\r?\n)$/, '$1'))),
    );
    expect(narrow.notices).toEqual([]);
    expect({ ...wide, notices: [] }).toEqual(narrow);
    expect(wide.notices).toEqual([
      expect.objectContaining({
        code: 'cnab.wide_records',
        params: { count: 5, lines: '1, 2, 3, 4, 5', length: 401 },
      }),
    ]);
    expect(rows(wide)).toEqual(
      standard(['12345670000000011', '12345670000000022', '12345670000000033'], ['06', '06', '02']),
    );
  });

  it('BB 401: a character inserted or deleted inside a record is still refused (395–400 anchors the end)', () => {
    const b = bytes('bb-001-401cols.ret');
    for (const [what, mutated] of [
      ['a digit inserted at 200', insert(b, 3, 200, '0')],
      ['a blank inserted at 300', insert(b, 3, 300, ' ')],
      ['a digit inserted at 396', insert(b, 3, 396, '0')],
      ['a character deleted at 200', insert(b, 3, 200, '', 1)],
    ] as const) {
      // The sequence number moved off 395–400, or its last digit pushed past 400: refused, line named.
      const e = failure(() => parseCnabReturn(mutated));
      expect(['cnab.sequence', 'cnab.line_length'], what).toContain(e.code);
      expect(e.params?.line, what).toBe(3);
    }
    // The 401st character not a blank: one character more, refused.
    const e = failure(() => parseCnabReturn(patch(b, 3, 401, 'X')));
    expect([e.code, e.params?.line]).toEqual(['cnab.line_length', 3]);
  });

  it('a record type no layout names (a digit) is left out and named; a title whose type was damaged is refused', () => {
    const r = parse('cresol-133-extra-record.ret');
    expect(rows(r)).toEqual(standard(['000000004441', '000000004452', '000000004463'], ['06', '17', '02']));
    expect(r.notices).toEqual([
      expect.objectContaining({ code: 'cnab.extra_records', params: { count: 1, types: '5', lines: '4' } }),
    ]);
    // A title whose type character became another digit still reads as a title: refused, never dropped.
    const damaged = failure(() => parseCnabReturn(patch(bytes('cresol-133.ret'), 2, 1, '4')));
    expect([damaged.code, damaged.params?.line]).toEqual(['cnab.bad_line', 2]);
    // A letter is no record type at all.
    const letter = failure(() => parseCnabReturn(patch(bytes('cresol-133.ret'), 2, 1, 'q')));
    expect([letter.code, letter.params?.line]).toEqual(['cnab.bad_line', 2]);
  });

  it('a header company name that does not read (a C1 control byte) is not used, with a notice', () => {
    const r = parseCnabReturn(patch(bytes('banrisul-041.ret'), 1, 47, '\x85ACADEMIA'));
    expect(rows(r)).toEqual(rows(parse('banrisul-041.ret')));
    expect(r.notices.map((n) => n.code)).toEqual(['cnab.header_name']);
  });

  it('every notice has its sentence in pt-BR and English, each placeholder filled by its params', () => {
    const made = [
      parse('santander-033-pix-type2.ret'),
      parse('sicredi-748-placeholder-date.ret'),
      parse('bb-001-401cols.ret'),
      parseCnabReturn(patch(bytes('banrisul-041.ret'), 1, 47, '\x85')),
    ].flatMap((r) => r.notices);
    expect(new Set(made.map((n) => n.code))).toEqual(
      new Set(['cnab.extra_records', 'cnab.header_date', 'cnab.wide_records', 'cnab.header_name']),
    );
    for (const n of made) {
      for (const lang of [ptBR, en]) {
        const texts = lang.import.notices.cnab as Record<string, string>;
        const key = n.code.slice(5);
        expect(texts[key], n.code).toBeTruthy();
        // The singular form, where there is one, is chosen by i18next from `count`.
        for (const text of [texts[key]!, texts[`${key}_one`] ?? '']) {
          for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g))
            expect(n.params ?? {}, n.code).toHaveProperty(name!);
        }
      }
    }
  });
});

describe('strict: money, credit dates, identity and counts refuse the file, naming the line', () => {
  it('letters in an amount (BRB paid, 258–270)', () => {
    const e = failure(() => parseCnabReturn(patch(bytes('brb-070.ret'), 2, 258, '00000001344O')));
    expect([e.code, e.params?.line, e.params?.bankCode]).toEqual(['cnab.bad_line', 2, '070']);
  });

  it('an impossible credit date (Inter, 173–178)', () => {
    const e = failure(() => parseCnabReturn(patch(bytes('inter-077.ret'), 3, 173, '320826')));
    expect([e.code, e.params?.line]).toEqual(['cnab.bad_line', 3]);
  });

  it('an impossible credit date in HSBC’s header', () => {
    const e = failure(() => parseCnabReturn(patch(bytes('hsbc-399.ret'), 1, 120, '321326')));
    expect([e.code, e.params?.line]).toEqual(['cnab.bad_line', 1]);
  });

  it('a blank nosso número (Unicred, 46–62) and letters in an occurrence code (C6)', () => {
    const blank = failure(() => parseCnabReturn(patch(bytes('unicred-136.ret'), 2, 46, ' '.repeat(17))));
    expect([blank.code, blank.params?.line]).toEqual(['cnab.bad_line', 2]);
    const code = failure(() => parseCnabReturn(patch(bytes('c6-336.ret'), 3, 109, 'O6')));
    expect([code.code, code.params?.line]).toEqual(['cnab.bad_line', 3]);
  });

  it('a settlement with nothing at the amount paid (positions not this file’s) is refused, not stored as 0', () => {
    const e = failure(() => parseCnabReturn(patch(bytes('c6-336.ret'), 2, 254, '0000000000000')));
    expect([e.code, e.params?.line]).toEqual(['cnab.bad_line', 2]);
    expect(e.params?.reason).toMatch(/no amount paid at positions 254-266/);
    // The entry confirmation carries none and is read (only settlements are money).
    expect(parse('c6-336.ret').titles[2]!.paidCents).toBeNull();
  });

  it('a record lost or repeated shows in the sequence numbers', () => {
    const ls = lines(bytes('safra-422.ret'));
    const e = failure(() => parseCnabReturn(join1([ls[0]!, ls[1]!, ls[1]!, ...ls.slice(2)])));
    expect([e.code, e.params?.line]).toEqual(['cnab.sequence', 3]);
  });

  it('for every bank, one character more or less inside a title is refused', () => {
    for (const b of BANKS) {
      for (const mutated of [insert(bytes(b.file), 2, 150, '7'), insert(bytes(b.file), 2, 150, '', 1)]) {
        const e = failure(() => parseCnabReturn(mutated));
        expect(['cnab.sequence', 'cnab.line_length'], b.file).toContain(e.code);
      }
    }
  });
});
