/** The hard cases of shared/docs/reconciliation-domain.md, one by one. */
import { describe, expect, it } from 'vitest';
import { line, rec, run } from './testing';

// 2026-07-01 is a Wednesday; 07-03 a Friday; 07-04/05 a weekend; 07-06 a Monday.

describe('1. many members pay the same amount on the same day', () => {
  const crowd = [
    rec(1, 9990, '2026-07-01', 'Ana Lima'),
    rec(2, 9990, '2026-07-01', 'Bruno Costa'),
    rec(3, 9990, '2026-07-01', 'Carla Dias'),
    rec(4, 9990, '2026-07-01', 'Diego Souza'),
  ];

  it('the payer’s name decides, and the reasons say how many others had the same amount', () => {
    const r = run([line('2026-07-01', 9990, 'PIX RECEBIDO - CARLA DIAS')], crowd);
    expect(r.ids()).toEqual([3]);
    expect(r.first.zone).toBe('green');
    expect(r.texts()).toContain('outros 3 candidatos com o mesmo valor');
  });

  it('a deposit naming nobody, with two equally good candidates, proposes nothing and says so', () => {
    const r = run(
      [line('2026-07-01', 9990, 'DEPOSITO DINHEIRO')],
      [
        rec(1, 9990, '2026-07-01', 'Ana Lima', { paymentTypeId: 7 }),
        rec(2, 9990, '2026-07-01', 'Bia Reis', { paymentTypeId: 7 }),
      ],
    );
    expect(r.first.items).toEqual([]);
    expect(r.first.state).toBe('unmatched');
    expect(r.texts()).toEqual(['empate com outro candidato igualmente bom: nada proposto']);
  });

  it('two identical deposits and two equally good receivables: the pair is certain, so both are proposed', () => {
    const deposit = () => line('2026-07-01', 9990, 'DEPOSITO DINHEIRO');
    const pool = [
      rec(1, 9990, '2026-07-01', 'Ana Lima', { paymentTypeId: 7 }),
      rec(2, 9990, '2026-07-01', 'Bia Reis', { paymentTypeId: 7 }),
    ];
    const r = run([deposit(), deposit()], pool);
    expect([r.ids(0), r.ids(1)]).toEqual([[1], [2]]);
    expect(r.results.map((x) => x.zone)).toEqual(['yellow', 'yellow']);
    // A third candidate as good makes the set itself uncertain: nothing is proposed.
    const three = run(
      [deposit(), deposit()],
      [...pool, rec(3, 9990, '2026-07-01', 'Caio Dias', { paymentTypeId: 7 })],
    );
    expect(three.results.map((x) => x.items)).toEqual([[], []]);
    expect(three.codes(0)).toEqual(['tie']);
  });

  it('deposits naming nobody are decided together: the first does not take what the second needs', () => {
    // Monday's deposit fits Ana (due that day) and Bia (due Friday, credited by Monday) equally: alone, a
    // tie. Tuesday's fits Ana on time and Bia a day late. Strongest-first would stop at Monday's tie and
    // leave Tuesday nothing; together, Bia on Monday and Ana on Tuesday is clearly the best.
    const r = run(
      [line('2026-07-06', 9990, 'DEPOSITO DINHEIRO'), line('2026-07-07', 9990, 'DEP DINHEIRO AG 1234')],
      [
        rec(1, 9990, '2026-07-06', 'Ana Lima', { paymentTypeId: 7 }),
        rec(2, 9990, '2026-07-03', 'Bia Reis', { paymentTypeId: 7 }),
      ],
    );
    expect([r.ids(0), r.ids(1)]).toEqual([[2], [1]]);
    const alone = run(
      [line('2026-07-06', 9990, 'DEPOSITO DINHEIRO')],
      [
        rec(1, 9990, '2026-07-06', 'Ana Lima', { paymentTypeId: 7 }),
        rec(2, 9990, '2026-07-03', 'Bia Reis', { paymentTypeId: 7 }),
      ],
    );
    expect(alone.codes()).toEqual(['tie']);
  });

  it('a Monday and a Tuesday deposit that certainly pay two receivables are paired in date order, and say so', () => {
    const r = run(
      [line('2026-07-07', 9990, 'DEPOSITO DINHEIRO'), line('2026-07-06', 9990, 'DEPOSITO DINHEIRO')],
      [
        rec(1, 9990, '2026-07-06', 'Ana Lima', { paymentTypeId: 7 }),
        rec(2, 9990, '2026-07-05', 'Bia Reis', { paymentTypeId: 7 }),
      ],
    );
    // Tuesday's line (first in the input) gets Monday's due date; Monday's gets Sunday's.
    expect([r.ids(0), r.ids(1)]).toEqual([[1], [2]]);
    expect(r.texts(1)).toContain(
      '2 linhas pagam com certeza estes 2 recebíveis; quem pagou qual não se sabe: pareados por ordem de data',
    );
    expect(r.results.map((x) => x.zone)).toEqual(['yellow', 'yellow']);
  });

  it('homonyms owing the same amount are a tie, not a coin toss', () => {
    const r = run(
      [line('2026-07-01', 9990, 'PIX RECEBIDO - MARIA SOUZA')],
      [rec(1, 9990, '2026-07-01', 'Maria Souza'), rec(2, 9990, '2026-07-01', 'Maria Souza')],
    );
    expect(r.first.items).toEqual([]);
    expect(r.codes()).toEqual(['tie']);
  });

  it('a stranger paying exactly a plan price is not matched to anyone', () => {
    const r = run([line('2026-07-01', 9990, 'PIX RECEBIDO - ROBERTO CARLOS BRAGA')], crowd);
    expect(r.first.items).toEqual([]);
    expect(r.codes()).toEqual(['name_mismatch']);
  });
});

describe('2. the bank’s payer is not the member', () => {
  it('a parent paying for a child (the receivable’s payer is the parent)', () => {
    const r = run(
      [line('2026-07-01', 8990, 'PIX RECEBIDO - CARLOS S LIMA')],
      [
        rec(1, 8990, '2026-07-01', 'Carlos Souza Lima', { memberId: 900 }),
        rec(2, 8990, '2026-07-01', 'Carla Lima'),
      ],
    );
    expect(r.ids()).toEqual([1]);
  });

  it('a company, its name truncated by the bank', () => {
    const r = run(
      [line('2026-07-01', 12990, 'TED RECEBIDA TRANSPORTADORA LTD', { payerText: 'TRANSPORTADORA LTD' })],
      [
        rec(1, 12990, '2026-07-01', 'Transportadora Estrela do Sul Ltda', {
          memberId: null,
          paymentTypeId: 13,
        }),
      ],
    );
    expect(r.ids()).toEqual([1]);
  });

  it('upper case, no accents, middle names as initials: "PIX RECEBIDO - MARIA S SOUZA"', () => {
    const r = run(
      [line('2026-07-01', 9990, 'PIX RECEBIDO - MARIA S SOUZA')],
      [rec(1, 9990, '2026-07-01', 'Maria Silva de Souza'), rec(2, 9990, '2026-07-01', 'Mariana Souza')],
    );
    expect(r.ids()).toEqual([1]);
    expect(r.first.zone).toBe('green');
  });

  it('Nubank’s mixed case with accents and a masked CPF', () => {
    const r = run(
      [line('2026-07-01', 9990, 'Transferência recebida pelo Pix - Conceição Araújo - •••.456.789-••')],
      [rec(1, 9990, '2026-07-01', 'Conceição Araújo')],
    );
    expect(r.ids()).toEqual([1]);
  });

  it('a name nothing resembles becomes matchable once learned, and says when it was learned', () => {
    const l = () => [line('2026-07-01', 9990, 'PIX RECEBIDO - CONSTRUTORA BETA')];
    const recs = [rec(1, 9990, '2026-07-01', 'Ana Lima', { memberId: 42 })];
    expect(run(l(), recs).first.items).toEqual([]);
    const learned = run(l(), recs, {
      aliases: [
        {
          payerKey: 'construtora beta',
          memberId: 42,
          payerName: 'CONSTRUTORA BETA',
          learnedAt: '2026-11-12',
        },
      ],
    });
    expect(learned.ids()).toEqual([1]);
    expect(learned.texts()[0]).toBe('pagador reconhecido: aprendido em 12/11');
  });
});

describe('3. settlement lag depends on the payment type', () => {
  it('a boleto due on Friday credited on Tuesday (two business days) is on time', () => {
    const r = run(
      [line('2026-07-07', 9990, 'LIQ COBRANCA ANA LIMA')],
      [rec(1, 9990, '2026-07-03', 'Ana Lima', { paymentTypeId: 5 })],
    );
    expect(r.first.zone).toBe('green');
    expect(r.first.reasons.find((x) => x.code === 'lag')?.params?.relation).toBe('on_time');
  });

  it('a card sale due on Saturday lands in Monday’s deposit', () => {
    const r = run(
      [line('2026-07-06', 9691, 'CIELO VISA CREDITO')],
      [
        rec(1, 9990, '2026-07-04', 'Ana Lima', {
          paymentTypeId: 2,
          cardAcquirer: 'Cielo',
          cardFlag: 'Visa',
          feesCents: 299,
        }),
      ],
    );
    expect(r.ids()).toEqual([1]);
    expect(r.first.zone).toBe('green');
  });
});

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
    expect(r.texts()).toContain('1 recebível deste depósito já estava baixado');
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
    expect(r.texts(0)).toContain(`a linha ${b.id} disputa o mesmo recebível (pagamento em duplicidade?)`);
    expect(r.ids(1)).toEqual([]);
    expect(r.texts(1)).toEqual([`mesmo pagamento que a linha ${a.id} (duplicidade?): nada proposto`]);
  });
});

describe('6. a statement imported twice, or overlapping periods', () => {
  it('a receivable already held by another statement’s plan is not proposed again, and the line says where it is', () => {
    const r = run(
      [line('2026-07-01', 9990, 'PIX RECEBIDO - ANA LIMA')],
      [rec(1, 9990, '2026-07-01', 'Ana Lima')],
      {
        held: new Map([[1, { statementId: 3, lineId: 77 }]]),
      },
    );
    expect(r.first.items).toEqual([]);
    expect(r.texts()).toEqual(['o candidato já está vinculado à linha 77 do extrato #3']);
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
    expect(r.texts()).toEqual(['já conciliado: o recebível 1 foi baixado em 01/07']);
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
