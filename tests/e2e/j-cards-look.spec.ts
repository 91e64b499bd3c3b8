/**
 * [J] The card components as the clerk will see them, light and dark at 1366×768, with the app's own
 * stylesheet: a card credit as its sales (CardSales, which the lead mounts in Conciliar) and the learned fees
 * table of Configurações (CardFeesTable). Rendered from the components with the real pt-BR texts; the live
 * Settings panel (with its empty state) is shot through the host in p-settings-like fashion below.
 */
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { CardFeeDto, CardSaleDto } from '../../src/shared/contract/matching';
import { CardSales } from '../../src/renderer/src/components/reconcile/CardSales';
import { CardFeesTable } from '../../src/renderer/src/components/settings/CardFees';
import { resources } from '../../src/renderer/src/i18n/resources';
import { expect, shoot, test } from './fixtures';

const sales: CardSaleDto[] = [
  ['Ana Beatriz Lima', '2026-06-05', 'Visa', 2, null, 9990, 319],
  ['Carlos Eduardo Nogueira', '2026-06-05', 'Mastercard', 2, null, 12990, 414],
  ['Débora Machado Nascimento', '2026-04-06', 'Elo', 2, '3/12', 8990, 368],
  [null, '2026-07-03', 'Visa', 3, null, 14990, 253],
].map(([payerName, saleDate, flag, type, installment, gross, fee], k) => ({
  receivableId: 5001 + k,
  payerName: payerName as string | null,
  saleDate: saleDate as string,
  dueDate: null,
  acquirer: 'Cielo',
  flag: flag as string,
  paymentTypeId: type as number,
  installment: installment as string | null,
  grossCents: gross as number,
  feeCents: fee as number,
  netCents: (gross as number) - (fee as number),
  feePercent: Math.round(((fee as number) * 10000) / (gross as number)) / 100,
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

test('card sales of a deposit and the learned card fees, light and dark', async ({ page }) => {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ resources, lng: 'pt-BR', interpolation: { escapeValue: false } });
  const html = renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement('main', { className: 'screen' }, [
        createElement('section', { key: 's', className: 'card' }, createElement(CardSales, { sales })),
        createElement(
          'section',
          { key: 'f', className: 'card card-fees' },
          createElement('h2', null, i18n.t('cards.fees.title')),
          createElement(CardFeesTable, { rows: fees }),
        ),
      ]),
    ),
  );
  const css = readFileSync('src/renderer/src/styles.css', 'utf8');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.setContent(
    `<!DOCTYPE html><html lang="pt-BR" data-theme="system"><head><style>${css}</style></head><body>${html}</body></html>`,
  );
  await expect(page.getByText('Vendas deste depósito de cartão (4)')).toBeVisible();
  await expect(page.getByText('Taxa do adquirente: R$ 13,54 (2,88% do bruto)')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Crédito antecipado' })).toBeVisible();
  await shoot(page, 'j-card-sales-and-fees');
});

test('Configurações shows the learned card fees panel (none yet on a fresh demo branch)', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  const panel = page.getByRole('region', { name: 'Taxas de cartão aprendidas' });
  await expect(panel).toContainText(
    'Nenhuma taxa aprendida ainda: aprove alguns depósitos de cartão em Conciliar.',
  );
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'j-settings-card-fees');
});
