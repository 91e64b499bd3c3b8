/**
 * CardSales ([J] item 5) rendered to HTML with the real pt-BR and English texts: a card credit as its sales
 * (member, sale day, card, gross, fee, net) and the deposit's fee as an amount and a percent.
 */
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { CardSaleDto } from '../../../../shared/contract/matching';
import { resources } from '../../../../shared/i18n/resources';
import { CardSales } from './CardSales';

const sale = (x: Partial<CardSaleDto>): CardSaleDto => ({
  receivableId: 5001,
  payerName: 'Ana Lima',
  saleDate: '2026-06-05',
  dueDate: '2026-07-05',
  acquirer: 'Cielo',
  flag: 'Visa',
  paymentTypeId: 2,
  installment: null,
  grossCents: 9990,
  feeCents: 319,
  netCents: 9671,
  feePercent: 3.19,
  ...x,
});

async function render(sales: CardSaleDto[], lng = 'pt-BR') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ resources, lng, interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(CardSales, { sales })),
  ).replace(/\u00a0/g, ' ');
}

const two = [
  sale({}),
  sale({
    receivableId: 5002,
    payerName: null,
    saleDate: '2026-04-06',
    installment: '3/12',
    grossCents: 12990,
    feeCents: 505,
    netCents: 12485,
    feePercent: 3.89,
  }),
];

describe('CardSales', () => {
  it('lists each sale and the deposit’s fee as an amount and a percent, in Portuguese', async () => {
    const html = await render(two);
    expect(html).toContain('Vendas deste depósito de cartão (2)');
    expect(html).toContain('Ana Lima');
    expect(html).toContain('sem nome');
    expect(html).toContain('05/06/2026');
    expect(html).toContain('Cielo · Visa · Crédito · parcela 3/12');
    expect(html).toContain('R$ 99,90');
    expect(html).toContain('R$ 3,19 <span class="muted">(3,19%)</span>');
    expect(html).toContain('R$ 96,71');
    // Totals: gross 229,80, fee 8,24, net 221,56; 8,24 ÷ 229,80 = 3,59 %.
    expect(html).toContain('R$ 229,80');
    expect(html).toContain('R$ 221,56');
    expect(html).toContain('Taxa do adquirente: R$ 8,24 (3,59% do bruto)');
    expect(html).not.toMatch(/cards\.|receivableId|null/);
  });

  it('one sale reads in the singular; English texts', async () => {
    expect(await render([sale({})])).toContain('Venda deste depósito de cartão (1)');
    const en = await render(two, 'en');
    expect(en).toContain('Sales of this card deposit (2)');
    expect(en).toContain('Acquirer fee: R$8.24 (3.59% of the gross)');
    expect(en).toContain('no name');
  });

  it('renders nothing without sales', async () => {
    expect(await render([])).toBe('');
  });
});
