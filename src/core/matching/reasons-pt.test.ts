import { describe, expect, it } from 'vitest';
import { REASON_CODES } from '../../shared/contract/matching';
import { brl, renderReason } from './reasons-pt';
import { receivedNames } from '../../shared/received-names';
import type { MatchReceivable } from './types';

const bare: MatchReceivable = {
  id: 0,
  amountCents: 0,
  dueDate: null,
  statusId: 2,
  paymentTypeId: 5,
  payerName: null,
  memberId: null,
  authorization: null,
  nsu: null,
  tid: null,
  cardAcquirer: null,
  cardFlag: null,
  feesCents: null,
};

describe('reasons in Portuguese', () => {
  it('words the examples of the issue', () => {
    expect(renderReason({ code: 'amount_equal' })).toBe('valor igual');
    expect(
      renderReason({
        code: 'lag',
        params: { days: 2, paymentType: 5, expected: '1–3', business: 1, relation: 'on_time' },
      }),
    ).toBe(
      'pago 2 dias após o vencimento (por boleto, o crédito costuma chegar de 1 a 3 dias após o vencimento)',
    );
    expect(renderReason({ code: 'name_similarity', params: { percent: 92 } })).toBe('nome 92% parecido');
    expect(renderReason({ code: 'others_same_amount', params: { others: 3 } })).toBe(
      'outros 3 candidatos com o mesmo valor',
    );
    expect(renderReason({ code: 'alias', params: { learnedAt: '2026-11-12' } })).toBe(
      'pagador reconhecido: aprendido em 12/11',
    );
    expect(renderReason({ code: 'manual', params: { at: '2026-11-12' } })).toBe(
      'escolhido manualmente em 12/11',
    );
  });

  it('singular and plural, before and after the due date', () => {
    expect(renderReason({ code: 'lag', params: { days: -1, paymentType: 18, expected: '0' } })).toBe(
      'pago 1 dia antes do vencimento (por Pix, o crédito costuma chegar no dia do vencimento)',
    );
    expect(renderReason({ code: 'lag', params: { days: 0, paymentType: 13, expected: '0–1' } })).toBe(
      'pago no dia do vencimento (por transferência, o crédito costuma chegar no dia do vencimento ou no seguinte)',
    );
    expect(renderReason({ code: 'tie', params: { others: 1 } })).toBe(
      'empate com outro candidato igualmente bom: nada proposto',
    );
  });

  it('names whose money a deposit held was received already, and that a candidate is in the proposal ([T] item 2)', () => {
    expect(renderReason({ code: 'lump_received', params: { count: 2 } })).toBe(
      '2 recebíveis deste depósito já estavam baixados',
    );
    expect(
      renderReason({
        code: 'lump_received',
        params: { count: 2, explained: 1, names: '9990 José Caio\n13263 Yasmin Andrade' },
      }),
    ).toBe(
      '2 recebíveis deste depósito já estavam baixados: José Caio (R$ 99,90), Yasmin Andrade (R$ 132,63)',
    );
    expect(
      renderReason({
        code: 'lump_received',
        params: {
          count: 8,
          names: receivedNames(
            Array.from({ length: 8 }, (_, i) => ({
              r: { ...bare, id: i + 1, payerName: `Sócio ${i + 1}`, amountCents: 1000 },
            })),
          ),
        },
      }),
    ).toBe(
      '8 recebíveis deste depósito já estavam baixados: Sócio 1 (R$ 10,00), Sócio 2 (R$ 10,00), Sócio 3 (R$ 10,00), Sócio 4 (R$ 10,00), Sócio 5 (R$ 10,00), Sócio 6 (R$ 10,00) e mais 2',
    );
    expect(renderReason({ code: 'in_proposal', params: { count: 1 } })).toBe('é a proposta desta linha');
    expect(renderReason({ code: 'in_proposal', params: { count: 2 } })).toBe(
      'na proposta desta linha, com outro recebível',
    );
    expect(renderReason({ code: 'in_proposal', params: { count: 3 } })).toBe(
      'na proposta desta linha, com outros 2 recebíveis',
    );
  });

  it('has a sentence for every code', () => {
    for (const code of REASON_CODES) expect(renderReason({ code, params: {} }).length).toBeGreaterThan(5);
  });

  it('formats money the Brazilian way', () => {
    expect(brl(123456)).toBe('R$ 1.234,56');
    expect(brl(5)).toBe('R$ 0,05');
    expect(brl(-9990)).toBe('-R$ 99,90');
  });
});
