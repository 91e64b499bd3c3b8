import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DateWhy } from '../../src/core/import/dates';
import { importErrors } from '../../src/core/import/import-errors';
import type { MoneyWhy } from '../../src/core/import/money';
import { parseStatement } from '../../src/core/import/parse-statement';
import { describeErrorWith } from '../../src/shared/i18n/describe-error';
import { lineProblemText, rejectedText } from '../../src/shared/i18n/rejected-text';
import { resources } from '../../src/shared/i18n/resources';

/** Words of the core's English reasons that must never reach a Portuguese sentence. */
const ENGLISH = /\b(the|is|not|row|amount|date|calendar|plausible|statement|formula|has|cell|credit|debit)\b/;

const FIXTURES = join(import.meta.dirname, '../fixtures/statements');

async function instance(lng: 'pt-BR' | 'en'): Promise<i18n> {
  const i = i18next.createInstance();
  await i.init({ resources, lng, interpolation: { escapeValue: false } });
  return i;
}
const translator = (i: i18n) => ({
  t: (k: string, p?: object) => String(i.t(k, p as Record<string, unknown>)),
  exists: (k: string) => i.exists(k),
});

// Every reason the readers give, by code: a missing one fails the type check (satisfies), a missing text the test.
const DATE_WHYS = { implausible: 1, not_calendar: 1, not_date: 1, no_result: 1 } satisfies Record<DateWhy, 1>;
const MONEY_WHYS = {
  too_large: 1,
  decimals: 1,
  not_amount: 1,
  not_number: 1,
  no_result: 1,
  credit_and_debit: 1,
} satisfies Record<MoneyWhy, 1>;
const CODES = [
  'row.no_date',
  'row.no_amount',
  'row.incomplete',
  'row.foreign_currency',
  ...Object.keys(DATE_WHYS).map((w) => `row.bad_date.${w}`),
  ...Object.keys(MONEY_WHYS).map((w) => `row.bad_amount.${w}`),
];

/**
 * [T] item 2: a refused line's reason is a code with parameters, worded in the catalogue in both languages, so a
 * pt-BR clerk reads “linha 5: “32/13/2026” não é uma data que exista no calendário”, not the core's English.
 */
describe('refused lines in the clerk’s language', () => {
  let pt: i18n;
  let en: i18n;
  beforeAll(async () => {
    pt = await instance('pt-BR');
    en = await instance('en');
  });

  it('words every reason the readers give, in both languages, every placeholder filled', () => {
    for (const code of CODES) {
      const r = { line: 3, code, reason: 'English for the log', params: { value: 'x1', currency: 'USD' } };
      const ptText = rejectedText(translator(pt), r);
      const enText = rejectedText(translator(en), r);
      expect(ptText, code).not.toMatch(ENGLISH);
      expect(ptText, code).not.toMatch(/\{\{|English for the log|importing\./);
      expect(enText, code).not.toMatch(/\{\{|English for the log|importing\./);
      expect(ptText, code).not.toBe(pt.t('importing.rejects.other'));
    }
    // An older stored code (the family alone) or an unknown one: a plain sentence, never a key or the English.
    for (const code of ['row.bad_date', 'row.something_new'])
      expect(rejectedText(translator(pt), { code, reason: 'the row is odd' })).toBe(
        'a linha não pôde ser lida',
      );
  });

  it('a spreadsheet’s refused rows carry a code and the value, and read in Portuguese in Importar', () => {
    const r = parseStatement(readFileSync(join(FIXTURES, 'serial-dates.csv')));
    expect(r.rejected.map((x) => [x.line, x.code, x.params])).toEqual([
      [4, 'row.bad_amount.not_amount', { value: 'abc' }],
      [5, 'row.bad_date.not_calendar', { value: '32/13/2026' }],
    ]);
    // The English stays for the log and the stored import.
    expect(r.rejected[1]!.reason).toBe('“32/13/2026” is not a calendar date');
    const lines = r.rejected.map((x) =>
      pt.t('import.rejectedLine', { line: x.line, reason: rejectedText(translator(pt), x) }),
    );
    expect(lines).toEqual([
      'Linha 4: “abc” não é um valor',
      'Linha 5: “32/13/2026” não é uma data que exista no calendário',
    ]);
    expect(rejectedText(translator(en), r.rejected[1]!)).toBe('“32/13/2026” is not a date on the calendar');
  });

  it('“no line could be read” names the first line’s reason in the clerk’s language', () => {
    const r = parseStatement(readFileSync(join(FIXTURES, 'serial-dates.csv')));
    const e = importErrors.allRejected(2, r.rejected[1]!);
    // The English message for the log is unchanged.
    expect(e.message).toContain('(line 5: “32/13/2026” is not a calendar date)');
    const info = { kind: e.kind, message: e.message, code: e.code, params: e.params };
    const ptText = describeErrorWith(translator(pt), info);
    expect(ptText).toContain('linha 5: “32/13/2026” não é uma data que exista no calendário');
    expect(ptText).not.toMatch(/is not|calendar date/);
    expect(describeErrorWith(translator(en), info)).toContain('“32/13/2026” is not a date on the calendar');
  });

  it('a read line’s remarks (cut description, rounded amount) in Portuguese', () => {
    expect(lineProblemText(translator(pt), 'the description was cut to 500 characters')).toBe(
      'a descrição foi cortada em 500 caracteres',
    );
    expect(lineProblemText(translator(pt), 'the amount had a fraction of a cent and was rounded')).toBe(
      'o valor tinha fração de centavo e foi arredondado',
    );
  });
});
