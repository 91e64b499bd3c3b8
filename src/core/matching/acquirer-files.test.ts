/**
 * The acquirer files' pass ([J]) on hand-made batches: a credit is a batch (or a day's / a product's batches)
 * and is matched as exactly its sales; a tie between batches, a sale without its receivable, or a sale whose
 * amount differs from its receivable never reaches green.
 */
import { describe, expect, it } from 'vitest';
import type { MatchAcquirerPayment, MatchAcquirerSale } from './acquirer-files';
import { matchStatement } from './engine';
import { renderReason } from './reasons-pt';
import { DEFAULT_MATCH_SETTINGS } from './settings';
import { line, rec } from './testing';
import type { MatchLine, MatchReceivable } from './types';

let saleId = 1;
const sale = (gross: number, net: number, extra: Partial<MatchAcquirerSale> = {}): MatchAcquirerSale => ({
  id: saleId++,
  kind: 'sale',
  nsu: null,
  authorization: null,
  tid: null,
  brand: 'visa',
  product: 'credit',
  grossCents: gross,
  feeCents: gross - net,
  netCents: net,
  saleDate: '2026-06-05',
  installment: null,
  installments: null,
  ...extra,
});
let payId = 1;
const batch = (
  date: string,
  rows: MatchAcquirerSale[],
  extra: Partial<MatchAcquirerPayment> = {},
): MatchAcquirerPayment => ({
  id: payId++,
  acquirer: 'cielo',
  layout: 'cielo-edi-15',
  paymentDate: date,
  netCents: rows.reduce((n, r) => n + r.netCents, 0),
  brand: 'visa',
  product: 'credit',
  settled: true,
  rows,
  ...extra,
});
const card = (id: number, amount: number, due: string, extra: Partial<MatchReceivable> = {}) =>
  rec(id, amount, due, `Membro ${id}`, {
    paymentTypeId: 2,
    cardAcquirer: 'Cielo',
    cardFlag: 'Visa',
    ...extra,
  });

function run(lines: MatchLine[], receivables: MatchReceivable[], acquirerPayments: MatchAcquirerPayment[]) {
  const plan = matchStatement({
    lines,
    receivables,
    aliases: [],
    settings: DEFAULT_MATCH_SETTINGS,
    acquirerPayments,
  });
  return plan.results.map((r) => ({
    ...r,
    codes: r.reasons.map((x) => x.code),
    texts: r.reasons.map(renderReason),
  }));
}

describe('acquirer files explain card credits', () => {
  it('a credit equal to a batch is exactly its sales, by NSU, green, with the fee said', () => {
    const rs = [
      card(1, 10000, '2026-07-05', { nsu: '000123' }),
      card(2, 5000, '2026-07-05', { nsu: '456' }),
      card(3, 10000, '2026-07-05'),
    ];
    const [r] = run([line('2026-07-06', 14550, 'CIELO VISA CREDITO')], rs, [
      batch('2026-07-06', [sale(10000, 9700, { nsu: '123' }), sale(5000, 4850, { nsu: '000456' })]),
    ]);
    expect(r!.zone).toBe('green');
    expect(r!.items).toEqual([
      { receivableId: 1, amountCents: 9700 },
      { receivableId: 2, amountCents: 4850 },
    ]);
    expect(r!.texts[0]).toBe(
      'arquivo da Cielo: pagamento de 06/07 com 2 vendas, taxa R$ 4,50 sobre R$ 150,00 dá o valor',
    );
  });

  it('a day consolidated in one credit (“CRED CARTAO”) is all the day’s batches; installments sharing an NSU take the one due nearest', () => {
    const rs = [
      card(1, 10000, '2026-07-06', { nsu: '77' }),
      card(2, 10000, '2026-08-06', { nsu: '77' }),
      card(3, 8000, '2026-07-06', { nsu: '88', cardFlag: 'Mastercard', paymentTypeId: 3 }),
    ];
    const [r] = run([line('2026-07-06', 9700 + 7920, 'CRED CARTAO')], rs, [
      batch('2026-07-06', [sale(10000, 9700, { nsu: '77', installment: 1, installments: 2 })]),
      batch('2026-07-06', [sale(8000, 7920, { nsu: '88', brand: 'mastercard', product: 'debit' })], {
        brand: 'mastercard',
        product: 'debit',
      }),
    ]);
    expect(r!.zone).toBe('green');
    expect(r!.items.map((i) => i.receivableId)).toEqual([1, 3]);
    expect(r!.reasons[0]!.params).toMatchObject({ batches: 2, count: 2 });
  });

  it('two batches of the same net on the day: the credit is left undecided (nothing green)', () => {
    const [r] = run(
      [line('2026-07-06', 9700, 'CIELO')],
      [card(1, 10000, '2026-07-06', { nsu: '1' }), card(2, 10000, '2026-07-06', { nsu: '2' })],
      [
        batch('2026-07-06', [sale(10000, 9700, { nsu: '1' })]),
        batch('2026-07-06', [sale(10000, 9700, { nsu: '2' })]),
      ],
    );
    expect(r!.zone).not.toBe('green');
    expect(r!.codes).toContain('acquirer_batch_tie');
  });

  it('without keys, two receivables of the sale’s amount, brand and dates: not guessed, the line stays out of green', () => {
    const [r] = run(
      [line('2026-07-06', 9700 + 4850, 'CIELO VISA')],
      [card(1, 10000, '2026-07-01'), card(2, 10000, '2026-07-02'), card(3, 5000, '2026-07-01')],
      [batch('2026-07-06', [sale(10000, 9700), sale(5000, 4850)])],
    );
    expect(r!.zone).not.toBe('green');
    expect(r!.items.map((i) => i.receivableId)).toEqual([3]);
    expect(r!.codes).toContain('acquirer_sale_unresolved');
  });

  it('a sale whose receivable (by NSU) is of another amount is shown with the difference, below yellow', () => {
    const [r] = run(
      [line('2026-07-06', 9700, 'CIELO')],
      [card(1, 9000, '2026-07-06', { nsu: '5' })],
      [batch('2026-07-06', [sale(10000, 9700, { nsu: '5' })])],
    );
    expect(r!.zone).toBe('red');
    expect(r!.codes).toContain('acquirer_sale_difference');
    expect(r!.texts.find((t) => t.startsWith('venda 5'))).toBe(
      'venda 5 de R$ 10,00 a mais que o recebível 1: confira antes de aprovar',
    );
  });

  it('the POS rent in the batch makes the credit smaller and is listed, not tied to a member', () => {
    const [r] = run(
      [line('2026-07-06', 9700 - 8990 + 20000, 'STONE PAGAMENTOS')],
      [
        card(1, 10000, '2026-07-06', { nsu: '9', cardAcquirer: 'Stone' }),
        card(2, 20000, '2026-07-06', { nsu: '10', cardAcquirer: 'Stone' }),
      ],
      [
        batch(
          '2026-07-06',
          [
            sale(10000, 9700, { nsu: '9' }),
            sale(20000, 20000, { nsu: '10' }),
            { ...sale(-8990, -8990), kind: 'rent' },
          ],
          {
            acquirer: 'stone',
            layout: 'stone-xml-2.2',
          },
        ),
      ],
    );
    expect(r!.zone).toBe('green');
    expect(r!.codes).toContain('acquirer_adjustments');
    expect(r!.items.map((i) => i.receivableId)).toEqual([1, 2]);
  });

  it('a credit naming a person is not an acquirer’s, whatever its amount', () => {
    const [r] = run(
      [line('2026-07-06', 9700, 'JOAO DA SILVA SANTOS', { payerText: 'JOAO DA SILVA SANTOS' })],
      [card(1, 10000, '2026-07-06', { nsu: '1' })],
      [batch('2026-07-06', [sale(10000, 9700, { nsu: '1' })])],
    );
    expect(r!.codes).not.toContain('acquirer_file');
  });

  it('a credit naming another acquirer is not explained by this one’s batch', () => {
    const [r] = run(
      [line('2026-07-06', 9700, 'REDE VISA')],
      [card(1, 10000, '2026-07-06', { nsu: '1' })],
      [batch('2026-07-06', [sale(10000, 9700, { nsu: '1' })])],
    );
    expect(r!.codes).not.toContain('acquirer_file');
  });
});
