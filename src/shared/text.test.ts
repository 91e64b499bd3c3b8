import { describe, expect, it } from 'vitest';
import { fold, foldWords, stripAccents } from './text';

describe('accent folding, one rule for every layer', () => {
  it('fold: accents and case off, for search (what Conciliar and Localidades type)', () => {
    expect(fold('São Paulo')).toBe('sao paulo');
    expect(fold('JOÃO DA CONCEIÇÃO')).toBe('joao da conceicao');
    expect(fold('Ñandú Łódź Ǹ')).toBe('nandu łodz n');
    // Beyond Latin Extended: decomposed (Vietnamese ệ, and an e followed by a combining acute typed apart).
    expect(fold('Nguyễn Thị Hiệp')).toBe('nguyen thi hiep');
    expect(fold('Jose\u0301')).toBe('jose');
    expect(fold('  R$ 1.234,56  ')).toBe('  r$ 1.234,56  ');
  });

  it('stripAccents keeps the length and the case, so an index in the folded text cuts the original', () => {
    const cell = 'Crédito PIX — João Açaí';
    const folded = stripAccents(cell);
    expect(folded).toBe('Credito PIX — Joao Acai');
    expect(folded).toHaveLength(cell.length);
    expect(cell.slice(folded.indexOf('Joao'))).toBe('João Açaí');
  });

  it('foldWords: the words a matcher compares, punctuation as single spaces', () => {
    expect(foldWords('PIX RECEBIDO - MARIA D’ÁVILA (CPF ***.123.456-**)')).toBe(
      'pix recebido maria d avila cpf 123 456',
    );
    expect(foldWords('  ')).toBe('');
  });
});
