import { describe, expect, it } from 'vitest';
import { matchStatement } from './engine';
import { DEFAULT_MATCH_SETTINGS } from './settings';
import { line, rec, run } from './testing';

// 2026-07-01 is a Wednesday; 07-04/05 a weekend.

describe('one rule at a time', () => {
  it('amount equality in cents: 99,91 for 99,90 is only a red lead, "valor diferente"', () => {
    const r = run(
      [line('2026-07-01', 9991, 'PIX RECEBIDO - MARIA SOUZA')],
      [rec(1, 9990, '2026-07-01', 'Maria Souza')],
    );
    expect(r.first.zone).toBe('red');
    expect(r.codes()).not.toContain('amount_equal');
    expect(r.texts()).toContain('valor diferente: R$ 0,01 a mais');
    const ok = run(
      [line('2026-07-01', 9990, 'PIX RECEBIDO - MARIA SOUZA')],
      [rec(1, 9990, '2026-07-01', 'Maria Souza')],
    );
    expect(ok.ids()).toEqual([1]);
    expect(ok.texts()).toContain('valor igual');
  });

  it('settlement lag per payment type: a boleto two business days after its due date is on time, a Pix is late', () => {
    const boleto = run(
      [line('2026-07-03', 9990, 'LIQ COBRANCA MARIA SOUZA')],
      [rec(1, 9990, '2026-07-01', 'Maria Souza', { paymentTypeId: 5 })],
    );
    expect(boleto.texts()).toContain(
      'pago 2 dias após o vencimento (por boleto, o crédito costuma chegar de 1 a 3 dias após o vencimento)',
    );
    const pix = run(
      [line('2026-07-03', 9990, 'PIX RECEBIDO - MARIA SOUZA')],
      [rec(1, 9990, '2026-07-01', 'Maria Souza')],
    );
    expect(pix.texts()).toContain(
      'pago 2 dias após o vencimento (por Pix, o crédito costuma chegar no dia do vencimento)',
    );
    expect(boleto.first.score).toBeGreaterThan(pix.first.score);
  });

  it('outside the lag window a receivable is not a candidate at all (configurable)', () => {
    const far = run(
      [line('2026-07-01', 9990, 'PIX RECEBIDO - MARIA SOUZA')],
      [rec(1, 9990, '2026-05-15', 'Maria Souza')],
    );
    expect(far.first.items).toEqual([]);
    const settings = {
      ...DEFAULT_MATCH_SETTINGS,
      lag: { ...DEFAULT_MATCH_SETTINGS.lag, '18': { min: 0, max: 0, business: false, early: 7, late: 60 } },
    };
    const wide = run(
      [line('2026-07-01', 9990, 'PIX RECEBIDO - MARIA SOUZA')],
      [rec(1, 9990, '2026-05-15', 'Maria Souza')],
      { settings },
    );
    expect(wide.ids()).toEqual([1]);
    expect(wide.first.zone).not.toBe('green');
  });

  it('payer name after folding accents and case and stripping bank boilerplate and CPF digits', () => {
    const r = run(
      [line('2026-07-01', 9990, 'PIX RECEBIDO - JOAO P ASSUNCAO 123.456.789-00')],
      [rec(1, 9990, '2026-07-01', 'João Pedro Assunção'), rec(2, 9990, '2026-07-01', 'Joana Prado Assis')],
    );
    expect(r.ids()).toEqual([1]);
    expect(r.first.zone).toBe('green');
    expect(r.texts()).toContain('nome 94% parecido');
  });

  it('payment type against the line text: a card deposit never pays a Pix receivable, a boleto paid by Pix only costs points', () => {
    const card = run(
      [line('2026-07-01', 9691, 'CIELO VISA CREDITO')],
      [rec(1, 9990, '2026-07-01', 'Maria Souza')],
    );
    expect(card.first.items).toEqual([]);
    const viaPix = run(
      [line('2026-07-01', 9990, 'PIX RECEBIDO - MARIA SOUZA')],
      [rec(1, 9990, '2026-07-01', 'Maria Souza', { paymentTypeId: 5 })],
    );
    expect(viaPix.ids()).toEqual([1]);
    expect(viaPix.texts()).toContain('a linha parece Pix, o recebível é boleto');
    expect(viaPix.first.zone).toBe('yellow');
  });

  it('an authorization, NSU or TID printed on the line is an exact key', () => {
    const r = run(
      [line('2026-07-01', 9990, 'CRED PIX REF AUT 4KX9Q2 MARIA')],
      [
        rec(1, 9990, '2026-07-01', 'Maria Souza', { authorization: '4KX9Q2' }),
        rec(2, 9990, '2026-07-01', 'Maria Silva'),
      ],
    );
    expect(r.ids()).toEqual([1]);
    expect(r.codes()[0]).toBe('key');
  });

  it('never proposes received or cancelled receivables', () => {
    const r = run(
      [line('2026-07-01', 9990, 'PIX RECEBIDO - MARIA SOUZA')],
      [
        rec(1, 9990, '2026-07-01', 'Maria Souza', { statusId: 2 }),
        rec(2, 9990, '2026-07-01', 'Maria Souza', { statusId: 3 }),
      ],
    );
    expect(r.first.items).toEqual([]);
  });

  it('only credit lines are matched; debits and balance rows get no entry', () => {
    const plan = matchStatement({
      lines: [
        line('2026-07-01', -9990, 'PIX ENVIADO - MARIA SOUZA', { kind: 'debit' }),
        line('2026-07-01', 9990, 'SALDO DO DIA', { kind: 'balance' }),
        line('2026-07-01', 9990, 'PIX RECEBIDO - MARIA SOUZA'),
      ],
      receivables: [rec(1, 9990, '2026-07-01', 'Maria Souza')],
      aliases: [],
      settings: DEFAULT_MATCH_SETTINGS,
    });
    expect(plan.results).toHaveLength(1);
    expect(plan.results[0]!.items[0]!.receivableId).toBe(1);
  });

  it('zones follow the thresholds in the settings', () => {
    const input = () => [line('2026-07-01', 9990, 'PIX RECEBIDO - MARIA SOUZA')];
    const recs = [rec(1, 9990, '2026-07-01', 'Maria Souza')];
    expect(run(input(), recs).first.zone).toBe('green');
    const strict = { ...DEFAULT_MATCH_SETTINGS, thresholds: { green: 101, yellow: 60, propose: 40 } };
    expect(run(input(), recs, { settings: strict }).first.zone).toBe('yellow');
    const none = { ...DEFAULT_MATCH_SETTINGS, thresholds: { green: 101, yellow: 101, propose: 101 } };
    const r = run(input(), recs, { settings: none });
    expect(r.first.items).toEqual([]);
    expect(r.codes()).toEqual(['weak']);
  });

  it('every unmatched line says why', () => {
    const r = run(
      [
        line('2026-07-01', 1234, 'PIX RECEBIDO - ALGUEM'),
        line('2026-07-01', 9990, 'PIX RECEBIDO - PEDRO ALVARES CABRAL'),
      ],
      [rec(1, 9990, '2026-07-01', 'Maria Souza')],
    );
    expect(r.texts(0)).toEqual(['nenhum recebível em aberto combina com este valor e data']);
    expect(r.texts(1)).toEqual([
      '1 recebível com este valor no período, mas nenhum pagador parecido com “PEDRO ALVARES CABRAL”',
    ]);
  });

  it('is deterministic: the same inputs give the same plan, whatever the order of the receivables', () => {
    const lines = [
      line('2026-07-01', 9990, 'DEPOSITO DINHEIRO'),
      line('2026-07-02', 9990, 'PIX RECEBIDO - ANA LIMA'),
    ];
    const recs = [
      rec(1, 9990, '2026-07-01', 'Ana Lima'),
      rec(2, 9990, '2026-07-01', 'Bia Reis', { paymentTypeId: 7 }),
      rec(3, 9990, '2026-07-03', 'Caio Dias', { paymentTypeId: 7 }),
    ];
    const a = run(lines, recs).results;
    const b = run(lines, [...recs].reverse()).results;
    expect(b).toEqual(a);
  });
});
