/** The hard cases of shared/docs/reconciliation-domain.md, 1 to 3 (4 to 6: engine.lumps.test.ts). */
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
