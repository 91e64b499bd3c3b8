import { describe, expect, it } from 'vitest';
import { cnabErrors } from '../../src/core/import/cnab/cnab-errors';
import { en } from '../../src/shared/i18n/en';
import { ptBR } from '../../src/shared/i18n/pt-BR';

/** [K]: every CNAB refusal is one sentence in both languages, naming what the error carries (bank, layout). */
describe('CNAB error texts', () => {
  it('has a text for every cnab.* code, each placeholder filled by the error’s params', () => {
    const made = [
      cnabErrors.notCnab(),
      cnabErrors.remessa('237', '400'),
      cnabErrors.unsupportedBank('422', '400'),
      cnabErrors.unsupportedLayout('001', '400', 'type 1 details'),
      cnabErrors.badLine(3, 'letters in an amount', '237', '400'),
      cnabErrors.truncated('104', '240'),
      cnabErrors.controlCharacter(7, 12, 'NUL', '237', '400'),
      cnabErrors.lineLength(7, 401, 400, '237', '400'),
      cnabErrors.sequence(7, '000009', 7, '237', '400'),
      cnabErrors.recordCount(14, 15, 14, '104', '240'),
      cnabErrors.batchCount(14, 2, 1, '104', '240'),
    ];
    expect(made.map((e) => e.code)).toEqual([
      'cnab.not_cnab',
      'cnab.remessa',
      'cnab.unsupported_bank',
      'cnab.unsupported_layout',
      'cnab.bad_line',
      'cnab.truncated',
      'cnab.control_character',
      'cnab.line_length',
      'cnab.sequence',
      'cnab.record_count',
      'cnab.batch_count',
    ]);
    // A damaged record is named by its line, first, in the clerk's words.
    for (const e of made.slice(6))
      expect((ptBR.errors.cnab as Record<string, string>)[e.code!.slice(5)]).toMatch(/^Linha \{\{line\}\}: /);
    for (const e of made) {
      const key = e.code!.replace(/^cnab\./, '');
      for (const lang of [ptBR, en]) {
        const text = (lang.errors.cnab as Record<string, string>)[key]!;
        expect(text, `${e.code}`).toBeTruthy();
        expect(text.split(/[.;:]\s/).length, `${e.code}: short`).toBeLessThanOrEqual(3);
        const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
        for (const name of names) expect(e.params ?? {}, `${e.code} ${name}`).toHaveProperty(name);
        // The bank by its name with the code (“Mercantil do Brasil (389)”, bankLabel), never “banco 341 (CNAB 400)”.
        if (e.code !== 'cnab.not_cnab') {
          expect(names.includes('bankName') || names.includes('bankShort'), `${e.code}: bank`).toBe(true);
          expect(names, `${e.code}: no layout code`).not.toContain('layout');
          expect(names, `${e.code}: no bare bank code`).not.toContain('bankCode');
        }
      }
    }
  });

  // [T]: a clerk reads what happened and what to do, not the layout manual (segment, record type, positions,
  // header, trailer, batch) nor the English reason the core keeps for its log.
  it('speaks no layout-manual jargon and embeds no English reason, in both languages', () => {
    const PT =
      /segmento|registro (tipo|de totais|final)|posi[çc](ão|ões)|cabe[çc]alho|header|trailer|\blote|layout|CNAB (240|400)(?!” da FEBRABAN)|\{\{(reason|detail|byte|position)\}\}/i;
    const EN =
      /segment|record type|position|header|trailer|\bbatch(es)?\b|layout|CNAB (240|400)(?!” standard)|\{\{(reason|detail|byte|position)\}\}/i;
    for (const [lang, jargon] of [
      [ptBR, PT],
      [en, EN],
    ] as const) {
      const texts = { ...lang.errors.cnab, ...lang.import.notices.cnab } as Record<string, string>;
      for (const [key, text] of Object.entries(texts)) expect(text, key).not.toMatch(jargon);
    }
    // The example: a boleto without its credit date, said plainly, with the lines it concerns.
    expect(ptBR.import.notices.cnab.no_credit_date_one).toBe(
      'O banco mandou {{count}} boleto pago sem a data do crédito (linha {{lines}}); usamos a data do pagamento.',
    );
  });
});
