/**
 * ReturnTitles ([K]) rendered to HTML with the real pt-BR texts: a boleto credit as its titles, with the
 * difference from each receivable (late charges, an underpayment, a title without a receivable).
 */
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ReturnTitleDto } from '../../../../shared/contract/matching';
import { resources } from '../../../../shared/i18n/resources';
import { ReturnTitles } from './ReturnTitles';

const title = (x: Partial<ReturnTitleDto>): ReturnTitleDto => ({
  titleId: 1,
  receivableId: 5001,
  occurrence: 'Liquidação',
  nossoNumero: '109000101',
  seuNumero: '5001',
  payerName: 'ANA LIMA',
  payerDocument: null,
  dueDate: '2026-07-03',
  paidDate: '2026-07-03',
  creditDate: '2026-07-06',
  faceCents: 9990,
  paidCents: 9990,
  interestFineCents: 0,
  discountCents: 0,
  feeCents: 250,
  creditedCents: null,
  differenceCents: 0,
  ...x,
});

async function render(titles: ReturnTitleDto[], lng = 'pt-BR') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ resources, lng, interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(ReturnTitles, { titles })),
  ).replace(/\u00a0/g, ' ');
}

describe('ReturnTitles', () => {
  it('lists payer, nosso número, dates, face, paid, fee and the difference, in Portuguese', async () => {
    const html = await render([
      title({}),
      title({
        titleId: 2,
        nossoNumero: '109000119',
        payerName: 'BIA NUNES',
        paidCents: 13280,
        interestFineCents: 290,
        differenceCents: 290,
      }),
      title({
        titleId: 3,
        nossoNumero: '109000127',
        payerName: null,
        paidCents: 8990,
        discountCents: 1000,
        differenceCents: -1000,
      }),
      title({ titleId: 4, nossoNumero: '109000135', receivableId: null, differenceCents: null }),
    ]);
    expect(html).toContain('Boletos do arquivo retorno (4)');
    for (const h of [
      'Pagador',
      'Nosso número',
      'Vencimento',
      'Pago em',
      'Valor do título',
      'Valor pago',
      'Tarifa',
      'Diferença',
    ])
      expect(html).toContain(h);
    expect(html).toContain('ANA LIMA');
    expect(html).toContain('03/07/2026');
    expect(html).toContain('multa e juros R$ 2,90');
    expect(html).toContain('-R$ 10,00 (pago a menos)');
    expect(html).toContain('pagador não informado pelo banco');
    expect(html).toContain('sem recebível');
    expect(html).toContain('R$ 422,50'); // total paid: 99,90 + 132,80 + 89,90 + 99,90
  });

  it('renders nothing without titles, and in English too', async () => {
    expect(await render([])).toBe('');
    expect(await render([title({})], 'en')).toContain('Boletos of the return file (1)');
  });
});
