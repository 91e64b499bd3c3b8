/**
 * [T] items 6 and 8 in Enviar's list, rendered with the real pt-BR texts: "Valor do recebível" is the
 * receivable's own value, with what the bank credited and the fee under it when they differ; the list grows
 * with the page, 50 rows at a time, a "Mostrar mais" button saying how many are left (never a box with a cut row).
 */
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { CommandOutput } from '../../../shared/contract';
import { resources } from '../../../shared/i18n/resources';
import { ItemsTable } from './SendScreen';

type Item = CommandOutput<'send.preview'>['items'][number];

const item = (i: number, x: Partial<Item> = {}): Item => ({
  receivableId: 100000 + i,
  payerName: `Aluno ${i}`,
  description: 'Plano Mensal',
  dueDate: '2026-11-03',
  amountCents: 9990,
  faceCents: 9990,
  bankAccountId: 3,
  accountName: 'Banco do Brasil - Recebimentos Cartões',
  lineDate: '2026-11-03',
  lineAmountCents: 9990,
  lineDescription: 'PIX RECEBIDO',
  ...x,
});

async function render(items: Item[], count = items.length) {
  const i = i18next.createInstance();
  await i.use(initReactI18next).init({ resources, lng: 'pt-BR', interpolation: { escapeValue: false } });
  const total = items.reduce((s, it) => s + it.amountCents, 0);
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: i },
      createElement(ItemsTable, { items, count, totalCents: total, label: 'O que será marcado' }),
    ),
  ).replace(/\u00a0/g, ' ');
}

describe('Enviar: the items list', () => {
  it("a card credit: the receivable's value, and under it what the bank credited and the fee", async () => {
    const html = await render([
      item(1, { amountCents: 9786, lineAmountCents: 9786, lineDescription: 'CIELO HIPER DEBITO' }),
      item(2),
    ]);
    expect(html).toContain('Valor do recebível');
    expect(html).toMatch(/R\$ 99,90<span class="send-net">creditado R\$ 97,86 \(taxa R\$ 2,04\)<\/span>/);
    // The plain Pix credit: its value alone, nothing under it.
    expect(html.match(/class="send-net"/g)).toHaveLength(2); // the card row, and the total's line
    expect(html).toContain('R$ 199,80<span class="send-net">creditado R$ 197,76</span>');
  });

  it('grows with the page: 50 rows, then "Mostrar mais" saying how many are left', async () => {
    const html = await render(Array.from({ length: 60 }, (_, i) => item(i)));
    const body = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'));
    expect(body.match(/<tr>/g)).toHaveLength(50);
    expect(html).toContain('Mostrar mais 10 (faltam 10)');
    const few = await render([item(1), item(2)]);
    expect(few).not.toContain('Mostrar mais');
  });
});
