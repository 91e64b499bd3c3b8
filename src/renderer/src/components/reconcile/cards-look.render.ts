/**
 * [J] The card components rendered to static HTML with the real pt-BR texts, for tests/e2e/j-cards-look.spec.ts
 * to look at with the app's stylesheet (light and dark). Run by the spec as its own process
 * (`tsx cards-look.render.ts`, the HTML on stdout): the e2e suite is type-checked without JSX.
 */
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { CardFeeDto, CardSaleDto } from '../../../../shared/contract/matching';
import { resources } from '../../../../shared/i18n/resources';
import { CardFeesTable } from '../settings/CardFees';
import { CardSales } from './CardSales';

const rows: [string | null, string, string, number, string | null, number, number][] = [
  ['Ana Beatriz Lima', '2026-06-05', 'Visa', 2, null, 9990, 319],
  ['Carlos Eduardo Nogueira', '2026-06-05', 'Mastercard', 2, null, 12990, 414],
  ['Débora Machado Nascimento', '2026-04-06', 'Elo', 2, '3/12', 8990, 368],
  [null, '2026-07-03', 'Visa', 3, null, 14990, 253],
];
const sales: CardSaleDto[] = rows.map(([payerName, saleDate, flag, type, installment, gross, fee], k) => ({
  receivableId: 5001 + k,
  payerName,
  saleDate,
  dueDate: null,
  acquirer: 'Cielo',
  flag,
  paymentTypeId: type,
  installment,
  grossCents: gross,
  feeCents: fee,
  netCents: gross - fee,
  feePercent: Math.round((fee * 10000) / gross) / 100,
}));
const fees: CardFeeDto[] = [
  {
    acquirer: 'cielo',
    flag: 'visa',
    product: 'credit',
    percent: 3.19,
    samples: 12,
    updatedAt: '2026-07-14T18:20:00Z',
  },
  {
    acquirer: 'cielo',
    flag: 'visa',
    product: 'debit',
    percent: 1.69,
    samples: 9,
    updatedAt: '2026-07-14T18:20:00Z',
  },
  {
    acquirer: 'rede',
    flag: '',
    product: 'credit',
    percent: 3.05,
    samples: 4,
    updatedAt: '2026-07-10T12:02:00Z',
  },
  {
    acquirer: 'stone',
    flag: 'mastercard',
    product: 'anticipated',
    percent: 4.71,
    samples: 1,
    updatedAt: '2026-07-08T09:45:00Z',
  },
];

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ resources, lng: 'pt-BR', interpolation: { escapeValue: false } });
const h = createElement;
console.log(
  renderToStaticMarkup(
    h(
      I18nextProvider,
      { i18n },
      h(
        'main',
        { className: 'screen' },
        h('section', { className: 'card' }, h(CardSales, { sales })),
        h(
          'section',
          { className: 'card card-fees' },
          h('h2', null, i18n.t('cards.fees.title')),
          h(CardFeesTable, { rows: fees }),
        ),
      ),
    ),
  ),
);
