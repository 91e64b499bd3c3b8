import { describe, expect, it } from 'vitest';
import { acquirerErrors } from '../../src/core/import/acquirer/acquirer-errors';
import { en } from '../../src/renderer/src/i18n/en';
import { ptBR } from '../../src/renderer/src/i18n/pt-BR';

/** [J]: every acquirer-file refusal and notice has a Portuguese and an English text whose placeholders the core fills. */
describe('acquirer file texts', () => {
  it('has a text for every acquirer.* refusal, each placeholder filled by the error’s params', () => {
    const made = [
      acquirerErrors.unsupported('acquirer', 'not a Cielo, Rede or Stone settlement file'),
      acquirerErrors.unsupported('Cielo', 'EDI layout version “014”', { kind: 'version', value: '014' }),
      acquirerErrors.unsupported('Cielo', 'the open balance file', { kind: 'option', value: '09' }),
      acquirerErrors.badLine('Rede', 'rede-eevc', 3, 'the sale amount is “1A”, not an amount'),
      acquirerErrors.truncated('Cielo', 'cielo-edi-15', 'no trailer record “9”'),
      acquirerErrors.unsafeXml(),
      acquirerErrors.controlCharacter('Cielo', 'cielo-edi-15', 3, 40, 'NUL'),
      acquirerErrors.lineLength('Cielo', 'cielo-edi-15', 3, 701, 700),
      acquirerErrors.recordCount('Cielo', 'cielo-edi-15', 10, 11, 10),
      acquirerErrors.summaryTotal('Rede', 'rede-eevc', 2, 'R$ 145,50', 'R$ 145,00'),
    ];
    for (const e of made) {
      const key = e.code!.replace(/^acquirer\./, '');
      for (const lang of [ptBR, en]) {
        const text = (lang.errors.acquirer as Record<string, string>)[key]!;
        expect(text, `${e.code}`).toBeTruthy();
        const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
        for (const name of names) expect(e.params ?? {}, `${e.code} ${name}`).toHaveProperty(name);
      }
    }
  });

  it('words every notice in both languages, with the same placeholders', () => {
    const pt = ptBR.import.notices.acquirer as Record<string, string>;
    const english = en.import.notices.acquirer as Record<string, string>;
    expect(Object.keys(english).sort()).toEqual(Object.keys(pt).sort());
    const names = (t: string) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
    for (const k of Object.keys(pt)) expect(names(english[k]!), k).toEqual(names(pt[k]!));
  });
});
