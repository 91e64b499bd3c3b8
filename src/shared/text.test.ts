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

  it('stripAccents: every letter of U+00C0–U+024F to the first unit of its decomposition, anything else kept', () => {
    const wrong: string[] = [];
    for (let c = 0; c < 0x3000; c++) {
      const ch = String.fromCharCode(c);
      const want = c >= 0xc0 && c < 0x250 ? ch.normalize('NFD')[0]! : ch;
      // Mixed with plain text and repeated: the unchanged runs between folded letters are kept as they are.
      if (stripAccents(`a${ch}bc${ch}${ch}d`) !== `a${want}bc${want}${want}d`) wrong.push(ch);
    }
    expect(wrong).toEqual([]);
    expect(stripAccents('São João, Conceição, Ñandú, Łódź, İstanbul')).toBe(
      'Sao Joao, Conceicao, Nandu, Łodz, Istanbul',
    );
  });

  it('foldWords: the words a matcher compares, punctuation as single spaces', () => {
    expect(foldWords('PIX RECEBIDO - MARIA D’ÁVILA (CPF ***.123.456-**)')).toBe(
      'pix recebido maria d avila cpf 123 456',
    );
    expect(foldWords('  ')).toBe('');
  });
});
