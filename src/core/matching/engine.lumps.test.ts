/** The hard cases of shared/docs/reconciliation-domain.md, 4 to 6: lumps, partial payments, overlaps. */
import { describe, expect, it } from 'vitest';
import { line, rec, run } from './testing';

// 2026-07-01 is a Wednesday; 07-03 a Friday; 07-04/05 a weekend; 07-06 a Monday.

const card = (id: number, amount: number, fees: number | null, extra = {}) =>
  rec(id, amount, '2026-07-06', `Sócio ${id}`, {
    paymentTypeId: 2,
    cardAcquirer: 'Cielo',
    cardFlag: 'Visa',
    feesCents: fees,
    ...extra,
  });

describe('4. lump deposits net of fees, aggregated boleto credits', () => {
  it('a card deposit is the sales of the day minus the recorded fees', () => {
    const r = run(
      [line('2026-07-06', 9691 + 12602 + 4850, 'CIELO VISA CREDITO')],
      [card(1, 9990, 299), card(2, 12990, 388), card(3, 5000, 150)],
    );
    expect(r.ids()).toEqual([1, 2, 3]);
    expect(r.first.zone).toBe('green');
    expect(r.codes()).toContain('amount_net_fees');
    expect(r.first.items.reduce((t, i) => t + i.amountCents, 0)).toBe(9691 + 12602 + 4850);
  });

  it('without recorded fees, within the fee tolerance', () => {
    const r = run(
      [line('2026-07-06', Math.round(22980 * 0.97), 'CIELO VISA CREDITO')],
      [card(1, 9990, null), card(2, 12990, null)],
    );
    expect(r.ids()).toEqual([1, 2]);
    expect(r.texts()).toContain('valor dentro da tolerância de taxa do cartão (R$ 6,89; 3%)');
  });

  it('a declined sale expected the same day is left out when exactly one combination fits', () => {
    const r = run(
      [line('2026-07-06', 9691 + 12602, 'CIELO VISA CREDITO')],
      [card(1, 9990, 299), card(2, 12990, 388), card(3, 5000, null)],
    );
    expect(r.ids()).toEqual([1, 2]);
    expect(r.texts()).toContain('1 venda do dia ficou de fora');
  });

  it('a deposit partly reconciled before: the received sales count toward the sum, only the open ones are proposed', () => {
    const r = run(
      [line('2026-07-06', 9691 + 12602, 'CIELO VISA CREDITO')],
      [
        card(1, 9990, 299, { statusId: 2, receivingDate: '2026-07-06', bankAccountId: 1 }),
        card(2, 12990, 388),
      ],
    );
    expect(r.ids()).toEqual([2]);
    // Whose it was, named ([T] item 2): the member and the amount the EVO received.
    expect(r.texts()).toContain('1 recebível deste depósito já estava baixado: Sócio 1 (R$ 99,90)');
  });

  it('two combinations fit: nothing is proposed', () => {
    const r = run([line('2026-07-06', 9691, 'CIELO VISA CREDITO')], [card(1, 9990, 299), card(2, 9990, 299)]);
    expect(r.first.items).toEqual([]);
    expect(r.codes()).toEqual(['lump_ambiguous']);
  });

  it('an aggregated boleto credit with a single exact combination', () => {
    const boleto = (id: number, amount: number) =>
      rec(id, amount, '2026-07-01', `Sócio ${id}`, { paymentTypeId: 5 });
    const r = run(
      [line('2026-07-02', 9990 + 14990, 'LIQUIDACAO DE COBRANCA 2 TIT')],
      [boleto(1, 9990), boleto(2, 14990), boleto(3, 8990)],
    );
    expect(r.ids()).toEqual([1, 2]);
    expect(r.first.zone).not.toBe('green');
    expect(r.texts()).toContain('crédito agregado de cobrança (2 boletos)');
  });

  it('an aggregated boleto credit the clerk half reconciled: the rest is the one open boleto that fits, late charges included', () => {
    const received = (id: number, amount: number) =>
      rec(id, amount, '2026-07-01', `Sócio ${id}`, {
        paymentTypeId: 5,
        statusId: 2,
        receivingDate: '2026-07-06',
        bankAccountId: 1,
        amountPaidCents: amount,
      });
    // Boleto 3 (due Wednesday 07-01) paid on Friday: 2 % fine + 2 days of 1 %/month = R$ 101,97.
    const late = rec(3, 9990, '2026-07-01', 'Sócio 3', { paymentTypeId: 5 });
    // Boleto 4, due two weeks earlier, could carry charges that close the sum too, but fits the date worse.
    const older = rec(4, 9990, '2026-06-19', 'Sócio 4', { paymentTypeId: 5 });
    const r = run(
      [line('2026-07-06', 8990 + 14990 + 10197, 'LIQUIDACAO DE COBRANCA 3 TIT')],
      [received(1, 8990), received(2, 14990), late, older],
      { bankAccountId: 1 },
    );
    expect(r.first.items).toEqual([{ receivableId: 3, amountCents: 10197 }]);
    expect(r.codes()).toEqual(
      expect.arrayContaining(['boleto_lump', 'amount_with_charges', 'lump_received']),
    );
    expect(r.first.zone).not.toBe('green');
    // Every boleto of the credit already received: nothing to propose, and the line says why.
    const done = run(
      [line('2026-07-06', 8990 + 14990, 'LIQUIDACAO DE COBRANCA 2 TIT')],
      [received(1, 8990), received(2, 14990), late],
      { bankAccountId: 1 },
    );
    expect(done.first.items).toEqual([]);
    expect(done.codes()).toEqual(['lump_received']);
  });

  it('one payer’s several receivables in one transfer, only when one combination fits', () => {
    const kids = [
      rec(1, 9990, '2026-07-01', 'Carlos Souza Lima', { memberId: 7 }),
      rec(2, 9990, '2026-07-01', 'Carlos Souza Lima', { memberId: 7 }),
    ];
    const r = run([line('2026-07-01', 19980, 'PIX RECEBIDO - CARLOS S LIMA')], kids);
    expect(r.ids()).toEqual([1, 2]);
    expect(r.texts()).toContain('2 recebíveis do mesmo pagador somam o valor');
    const three = [...kids, rec(3, 9990, '2026-07-01', 'Carlos Souza Lima', { memberId: 7 })];
    const amb = run([line('2026-07-01', 19980, 'PIX RECEBIDO - CARLOS S LIMA')], three);
    expect(amb.first.items).toEqual([]);
    expect(amb.codes()).toEqual(['tie']);
  });
});

describe('5. partial payments, over-payments, the same receivable paid twice', () => {
  it('half paid: a red lead that says so', () => {
    const r = run(
      [line('2026-07-01', 4995, 'PIX RECEBIDO - ANA LIMA')],
      [rec(1, 9990, '2026-07-01', 'Ana Lima')],
    );
    expect(r.ids()).toEqual([1]);
    expect(r.first.zone).toBe('red');
    expect(r.texts()).toContain('valor diferente: R$ 49,95 a menos (pagamento parcial?)');
  });

  it('a Pix rounded up to whole reais', () => {
    const r = run(
      [line('2026-07-01', 10000, 'PIX RECEBIDO - ANA LIMA')],
      [rec(1, 9990, '2026-07-01', 'Ana Lima')],
    );
    expect(r.ids()).toEqual([1]);
    expect(r.texts()).toContain('valor arredondado para cima (+R$ 0,10)');
  });

  it('a late boleto paid with fine and interest', () => {
    const r = run(
      [line('2026-07-10', 12990 + 260 + 30, 'LIQ COBRANCA ANA LIMA')],
      [rec(1, 12990, '2026-07-01', 'Ana Lima', { paymentTypeId: 5 })],
    );
    expect(r.ids()).toEqual([1]);
    expect(r.texts()).toContain('valor com multa e juros de atraso (+R$ 2,90)');
  });

  it('the same Pix twice: one line gets the receivable (not green), the other is flagged as a duplicate', () => {
    const a = line('2026-07-01', 9990, 'PIX RECEBIDO - ANA LIMA');
    const b = line('2026-07-01', 9990, 'PIX RECEBIDO - ANA LIMA');
    const r = run([a, b], [rec(1, 9990, '2026-07-01', 'Ana Lima')]);
    expect(r.ids(0)).toEqual([1]);
    expect(r.results[0]!.zone).toBe('yellow');
    // The other line in words, never its id ([T] item 6).
    expect(r.texts(0)).toContain(
      'o lançamento de R$ 99,90 de 01/07 disputa o mesmo recebível (pagamento em duplicidade?)',
    );
    expect(r.ids(1)).toEqual([]);
    expect(r.texts(1)).toEqual([
      'mesmo pagamento que o lançamento de R$ 99,90 de 01/07 (duplicidade?): nada proposto',
    ]);
  });
});

describe('6. a statement imported twice, or overlapping periods', () => {
  it('a receivable already held by another statement’s plan is not proposed again, and the line says where it is', () => {
    const r = run(
      [line('2026-07-01', 9990, 'PIX RECEBIDO - ANA LIMA')],
      [rec(1, 9990, '2026-07-01', 'Ana Lima')],
      {
        held: new Map([
          [
            1,
            {
              statementId: 3,
              lineId: 77,
              date: '2026-06-30',
              amountCents: 9990,
              account: 'Itaú - Conta Movimento',
            },
          ],
        ]),
      },
    );
    expect(r.first.items).toEqual([]);
    // In words, not ids ([T] item 6): the other line's amount, date and account.
    expect(r.texts()).toEqual([
      'o candidato já está com o lançamento de R$ 99,90 de 30/06/2026 da conta Itaú - Conta Movimento',
    ]);
  });

  it('a line reconciled before (its receivable is received into this account) is not matched to next month’s charge', () => {
    const r = run(
      [line('2026-07-01', 9990, 'PIX RECEBIDO - ANA LIMA')],
      [
        rec(1, 9990, '2026-07-01', 'Ana Lima', {
          statusId: 2,
          receivingDate: '2026-07-01',
          bankAccountId: 1,
          amountPaidCents: 9990,
        }),
        rec(2, 9990, '2026-07-06', 'Ana Lima'),
      ],
      { bankAccountId: 1 },
    );
    expect(r.first.items).toEqual([]);
    expect(r.texts()).toEqual(['já conciliado: o recebível 1 de Ana Lima foi baixado em 01/07']);
  });

  it('a deposit on the day the clerk recorded a payment of that amount into this account was reconciled before', () => {
    const received = rec(1, 9990, '2026-06-30', 'Ana Lima', {
      paymentTypeId: 7,
      statusId: 2,
      receivingDate: '2026-07-01',
      bankAccountId: 1,
      amountPaidCents: 9990,
    });
    const open = rec(2, 9990, '2026-07-01', 'Bia Reis', { paymentTypeId: 7 });
    const one = run([line('2026-07-01', 9990, 'DEPOSITO DINHEIRO')], [received, open], { bankAccountId: 1 });
    expect(one.first.items).toEqual([]);
    expect(one.codes()).toEqual(['already_received']);
    // Two such deposits that day: one is the payment already recorded, the other pays the open receivable.
    const two = run(
      [line('2026-07-01', 9990, 'DEPOSITO DINHEIRO'), line('2026-07-01', 9990, 'DEPOSITO DINHEIRO')],
      [received, open],
      { bankAccountId: 1 },
    );
    expect(two.results.flatMap((x) => x.items.map((i) => i.receivableId))).toEqual([2]);
    expect(two.results.flatMap((x) => x.reasons.map((c) => c.code))).toContain('already_received');
  });

  it('a receivable received in cash at the front desk explains no bank line', () => {
    const r = run(
      [line('2026-07-01', 9990, 'PIX RECEBIDO - ANA LIMA')],
      [
        rec(1, 9990, '2026-07-01', 'Ana Lima', {
          statusId: 2,
          receivingDate: '2026-07-01',
          bankAccountId: null,
        }),
        rec(2, 9990, '2026-07-03', 'Ana Lima'),
      ],
      { bankAccountId: 1 },
    );
    expect(r.ids()).toEqual([2]);
  });
});
