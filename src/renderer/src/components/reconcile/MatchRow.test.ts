/**
 * A row of Conciliar's list says where its line stands by the bucket Início counts it in (match.lines `bucket`,
 * core/dashboard/line-buckets.ts): an approved line the EVO received without Quita reads "já no EVO", and one
 * whose receivable is no longer open there says so instead of "aprovado".
 */
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '../../../../shared/i18n/resources';
import { MatchRow, type MatchLine } from './MatchRow';

const line = (x: Partial<MatchLine>): MatchLine => ({
  matchId: 1,
  version: 0,
  lineId: 10,
  position: 3,
  date: '2026-11-20',
  amountCents: 12990,
  description: 'PIX RECEBIDO',
  payerText: 'ANA LIMA',
  state: 'approved',
  bucket: 'toSend',
  score: 96,
  zone: 'green',
  reasons: [],
  receivables: [
    {
      id: 501,
      amountCents: 12990,
      faceCents: 12990,
      dueDate: '2026-11-20',
      payerName: 'Ana Lima',
      description: 'Mensalidade',
      paymentTypeId: 18,
      statusId: 1,
    },
  ],
  ...x,
});

async function render(l: MatchLine) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ resources, lng: 'pt-BR', interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(MatchRow, { line: l, focused: false, selected: false, onToggle: () => undefined }),
    ),
  );
}

describe('MatchRow', () => {
  it('an approved line to send shows its score and "aprovado"', async () => {
    const html = await render(line({}));
    expect(html).toContain('96 · aprovado');
    expect(html).not.toContain('já no EVO');
  });

  it('an approved line the EVO already has received is "já no EVO", as in Início', async () => {
    const html = await render(line({ bucket: 'recorded' }));
    expect(html).toMatch(/class="badge state-badge state-recorded">já no EVO</);
    expect(html).not.toContain('96 ·');
  });

  it('an approved line whose receivable is no longer open in the EVO says so', async () => {
    const html = await render(line({ bucket: 'toDecide' }));
    expect(html).toContain('96 · aprovado · não está mais em aberto no EVO');
  });

  it('a line the engine found already in EVO says why in the proposal column', async () => {
    const text = 'já conciliado: o recebível 501 de Ana Lima foi baixado em 01/07';
    const html = await render(
      line({
        state: 'recorded',
        bucket: 'recorded',
        receivables: [],
        reasons: [{ code: 'already_received', params: { receivableId: 501 }, text }],
      }),
    );
    expect(html).toContain(`title="${text}">${text}</span>`);
    expect(html).toContain('já no EVO');
  });

  it('a line set aside shows its reason and badge', async () => {
    const html = await render(
      line({
        state: 'set_aside',
        bucket: 'setAside',
        receivables: [],
        aside: { reason: 'interest', note: null, ruleId: null },
      }),
    );
    expect(html).toContain('deixado de lado');
  });

  it('a card deposit of several sales: their own sum and the card fee, in a neutral tone ([T] item 6)', async () => {
    const sale = (id: number, payerName: string) => ({
      id,
      amountCents: 4893,
      faceCents: 4995,
      dueDate: '2026-11-20',
      payerName,
      description: 'Mensalidade',
      paymentTypeId: 2,
      statusId: 1,
    });
    const html = (
      await render(
        line({
          amountCents: 9786,
          state: 'suggested',
          bucket: 'toDecide',
          score: 100,
          receivables: [sale(501, 'Ana Lima'), sale(502, 'Bruno Reis')],
          reasons: [{ code: 'acquirer_file', params: { count: 2, feeCents: 204 }, text: 'arquivo da Cielo' }],
        }),
      )
    ).replace(/\u00a0/g, ' ');
    expect(html).toContain(
      '<div class="muted small">2 recebíveis, soma R$ 99,90 · taxa do cartão R$ 2,04</div>',
    );
    // Not a card deposit: the receivables' parts of the credit, as before, and no fee said.
    const plain = (
      await render(line({ amountCents: 9786, receivables: [sale(501, 'Ana'), sale(502, 'Bia')] }))
    ).replace(/\u00a0/g, ' ');
    expect(plain).toContain('<div class="muted small">2 recebíveis, soma R$ 97,86</div>');
  });
});
