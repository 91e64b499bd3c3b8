import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { acquirerErrors } from '../../src/core/import/acquirer/acquirer-errors';
import { ACQUIRER_LAYOUTS } from '../../src/core/import/acquirer/types';
import { en } from '../../src/shared/i18n/en';
import { ptBR } from '../../src/shared/i18n/pt-BR';
import { resources } from '../../src/shared/i18n/resources';
import { acquirerKindKey } from '../../src/shared/acquirer-kinds';

/** Every acquirer.* refusal the core makes, one of each. */
const made = [
  acquirerErrors.unsupported(),
  acquirerErrors.unsupportedVersion('Cielo', '012', '13, 14, 15'),
  acquirerErrors.unsupportedVersion('Getnet', '9', '10'),
  acquirerErrors.unsupportedOption('Cielo', '21'),
  acquirerErrors.cieloOtherFile('open_balance', '09'),
  acquirerErrors.cieloOtherFile('negotiation', '15'),
  acquirerErrors.cieloOtherFile('pix', '16'),
  acquirerErrors.cieloOtherFile('anticipation', '06'),
  acquirerErrors.cieloOtherFile('pending', '08'),
  acquirerErrors.stoneWithoutHeader(),
  acquirerErrors.badLine('Rede', 'rede-eevc', 3, 'the sale amount is “1A”, not an amount'),
  acquirerErrors.truncated('Cielo', 'cielo-edi-15', 'no trailer record “9”'),
  acquirerErrors.unsafeXml(),
  acquirerErrors.controlCharacter('Cielo', 'cielo-edi-13', 3, 40, 'NUL'),
  acquirerErrors.lineLength('Getnet', 'getnet-v10', 3, 401, 400),
  acquirerErrors.recordCount('Cielo', 'cielo-edi-14', 10, 11, 10),
  acquirerErrors.summaryTotal('Stone', 'stone-xml-2.2', 2, 'R$ 145,50', 'R$ 145,00'),
  acquirerErrors.truncated('PagBank', 'pagseguro-edi-json', 'the file holds 3 of the 1200 movements'),
];

/** [J], [S] item 4: every acquirer-file refusal and notice has a Portuguese and an English text whose placeholders the core fills. */
describe('acquirer file texts', () => {
  it('has a text for every acquirer.* refusal, each placeholder filled by the error’s params', () => {
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

  it('words the refusals for a clerk: no path of ours, no layout id, the layout named in words', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'pt-BR', interpolation: { escapeValue: false } });
    for (const e of made) {
      const text = i18n.t(`errors.${e.code!}`, e.params ?? {});
      expect(text, e.code).not.toMatch(
        /docs\/|\.md\b|\$t\(|\{\{|cielo-edi|rede-ee|stone-xml|getnet-v|pagseguro-edi/,
      );
      expect(text, e.code).not.toMatch(/\bv1[345]\b|EDI v/);
    }
    // The example of the issue, word for word; a line refusal names the layout in words.
    expect(i18n.t('errors.acquirer.cielo_open_balance', { acquirer: 'Cielo', value: '09' })).toBe(
      'Este arquivo da Cielo é o extrato de saldo em aberto (opção 09), que não traz as vendas; no site da Cielo, em Extrato Eletrônico (EDI), baixe o arquivo de vendas (03) ou de pagamentos (04).',
    );
    const line = acquirerErrors.badLine('Cielo', 'cielo-edi-13', 4, 'x');
    expect(i18n.t(`errors.${line.code!}`, line.params)).toContain(
      'deste arquivo da Cielo (extrato eletrônico, versão 13) está danificada',
    );
    // The acquirer with its article: “do PagBank”, “ao PagBank”, “da Cielo”.
    const pagbank = acquirerErrors.truncated('PagBank', 'pagseguro-edi-json', 'x');
    expect(i18n.t(`errors.${pagbank.code!}`, pagbank.params)).toMatch(
      /^Este arquivo do PagBank \(extrato eletrônico\) .* no site do PagBank\.$/,
    );
    const getnet = acquirerErrors.unsupportedVersion('Getnet', '9', '10');
    expect(i18n.t(`errors.${getnet.code!}`, getnet.params)).toContain(
      'peça à Getnet o extrato eletrônico (EDI)',
    );
    // The file's title in Importar: what the file is and whose, “do PagBank”, no format code ([T]).
    expect(i18n.t('acquirerFile.title', { acquirer: 'PagBank', kindKey: 'payments' })).toBe(
      'Arquivo de pagamentos do PagBank',
    );
    const stone = acquirerErrors.truncated('Stone', 'stone-xml-2.2', 'x');
    expect(i18n.t(`errors.${stone.code!}`, stone.params)).toContain('(arquivo de conciliação)');
  });

  it('names every layout in both languages', () => {
    for (const layout of ACQUIRER_LAYOUTS) {
      const key = layout.replace(/\./g, '_');
      expect((ptBR.acquirerFile.layouts as Record<string, string>)[key], layout).toBeTruthy();
      expect((en.acquirerFile.layouts as Record<string, string>)[key], layout).toBeTruthy();
    }
  });

  it('words every notice in both languages, with the same placeholders', () => {
    const pt = ptBR.import.notices.acquirer as Record<string, string>;
    const english = en.import.notices.acquirer as Record<string, string>;
    expect(Object.keys(english).sort()).toEqual(Object.keys(pt).sort());
    const names = (t: string) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
    for (const k of Object.keys(pt)) expect(names(english[k]!), k).toEqual(names(pt[k]!));
    for (const code of [
      'fee_apportioned',
      'summary_without_sales',
      'rejected_sales',
      'getnet_product_codes',
      'pagbank_installments_at_net',
    ])
      expect(pt[code], code).toBeTruthy();
  });

  // [T]: “EDI v15 · 04 pagamentos”, “Estabelecimento”, “registro 037”: the company's manual, not the clerk's words.
  it('speaks no layout jargon: no record numbers, layout codes or English reasons', async () => {
    const i18n = i18next.createInstance();
    for (const lng of ['pt-BR', 'en'] as const) {
      await i18n.init({ resources, lng, interpolation: { escapeValue: false } });
      const jargon =
        /registro|record|layout|Estabelecimento|Merchant|\b(UR|RO|EEVC|EEVD|EEFI|DOCTYPE)\b|\bv1[345]\b|XML 2|adquirente|acquirer\b/i;
      for (const e of made) {
        const text = i18n.t(`errors.${e.code!}`, e.params ?? {});
        expect(text, `${lng} ${e.code}`).not.toMatch(jargon);
        expect(text, `${lng} ${e.code}`).not.toMatch(/\{\{|\$t\(/);
      }
      const lang = lng === 'en' ? en : ptBR;
      for (const [key, text] of Object.entries(lang.import.notices.acquirer as Record<string, string>))
        expect(text, `${lng} ${key}`).not.toMatch(jargon);
      // A line refusal gives no English reason of the core's (“the sale amount is “1A”…”).
      for (const e of made)
        expect(i18n.t(`errors.${e.code!}`, e.params ?? {}), e.code).not.toMatch(
          /the sale amount|no trailer|holds 3 of/,
        );
      // Every kind of file the readers name, in words.
      for (const kind of [
        '03 vendas',
        '04 pagamentos',
        'EEVC',
        'EEVD',
        'EEFI',
        'transacional',
        'financeiro',
        'conciliação',
        'extrato eletrônico',
      ])
        expect(
          i18n.t('acquirerFile.title', { acquirer: 'Cielo', kindKey: acquirerKindKey(kind) }),
          kind,
        ).not.toMatch(/\d|EE|^Arquivo da Cielo$|^Cielo file$/);
    }
    expect(
      i18n.t('acquirerFile.title', { acquirer: 'Cielo', kindKey: acquirerKindKey('04 pagamentos') }),
    ).toBe('Cielo payments file');
  });
});
