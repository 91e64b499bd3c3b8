import { describe, expect, it } from 'vitest';
import { REASON_CODES } from '../../shared/contract/matching';
import { brl, renderReason } from './reasons-pt';

describe('reasons in Portuguese', () => {
  it('words the examples of the issue', () => {
    expect(renderReason({ code: 'amount_equal' })).toBe('valor igual');
    expect(
      renderReason({
        code: 'lag',
        params: { days: 2, paymentType: 5, expected: '1–3', business: 1, relation: 'on_time' },
      }),
    ).toBe('pago 2 dias após o vencimento (boleto: esperado 1–3)');
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
      'pago 1 dia antes do vencimento (Pix: esperado 0)',
    );
    expect(renderReason({ code: 'lag', params: { days: 0, paymentType: 13, expected: '0–1' } })).toBe(
      'pago no dia do vencimento (transferência: esperado 0–1)',
    );
    expect(renderReason({ code: 'tie', params: { others: 1 } })).toBe(
      'empate com outro candidato igualmente bom: nada proposto',
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
