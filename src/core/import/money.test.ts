import { describe, expect, it } from 'vitest';
import { numberToCents, parseDirection, parseMoneyText } from './money';

const cents = (s: string, dec: ',' | '.' | 'auto' = ',') => {
  const r = parseMoneyText(s, dec);
  return r === null ? null : r.ok ? r.cents : r.reason;
};

describe('amounts into integer cents', () => {
  it('reads the Brazilian and the US number styles exactly', () => {
    expect(cents('-1.234,56')).toBe(-123456);
    expect(cents('1.234.567,89')).toBe(123456789);
    expect(cents('1,234.56', '.')).toBe(123456);
    expect(cents('0,1')).toBe(10);
    expect(cents('99,90')).toBe(9990);
    expect(cents('1234')).toBe(123400);
    expect(cents('R$ 1.234,56')).toBe(123456);
    expect(cents('-R$ 10,00')).toBe(-1000);
    expect(cents('R$ -10,00')).toBe(-1000);
  });

  it('understands trailing D/C, parentheses, a minus at the end and a plus sign', () => {
    expect(cents('1.234,56 D')).toBe(-123456);
    expect(cents('1.234,56 C')).toBe(123456);
    expect(cents('1.234,56D')).toBe(-123456);
    expect(cents('(50,00)')).toBe(-5000);
    expect(cents('75,00-')).toBe(-7500);
    expect(cents('+300,00')).toBe(30000);
    expect(cents('\u2212 5,00')).toBe(-500);
  });

  it('decides the separator per value for OFX', () => {
    expect(cents('-45.00', 'auto')).toBe(-4500);
    expect(cents('45,10', 'auto')).toBe(4510);
    expect(cents('1.234,56', 'auto')).toBe(123456);
    expect(cents('1,234,567', 'auto')).toBe(123456700);
    expect(cents('1234', 'auto')).toBe(123400);
    // Without a separator only digits are an amount: an OFX TRNAMT of letters, hex or an exponent is refused,
    // never read as NaN, R$ 26,00 or R$ 100.000,00.
    expect(cents('abc', 'auto')).toMatch(/not an amount/);
    expect(cents('0x1A', 'auto')).toMatch(/not an amount/);
    expect(cents('1e5', 'auto')).toMatch(/not an amount/);
    expect(cents('-', 'auto')).toBeNull();
  });

  it('refuses what is not money instead of guessing', () => {
    expect(cents('')).toBeNull();
    expect(cents('abc')).toMatch(/not an amount/);
    expect(cents('1,234')).toMatch(/more than 2 decimal places/);
  });

  it('keeps sub-cent precision out of storage', () => {
    expect(cents('1,235')).toMatch(/more than 2 decimal places/);
    expect(cents('1,2300')).toBe(123);
    expect(cents('99999999999999,00')).toMatch(/too large/);
  });

  it('turns numeric cells into cents without floating-point drift', () => {
    expect(numberToCents(0.1 + 0.2)).toEqual({ ok: true, cents: 30, rounded: false });
    expect(numberToCents(1234.56)).toEqual({ ok: true, cents: 123456, rounded: false });
    expect(numberToCents(-99.9)).toEqual({ ok: true, cents: -9990, rounded: false });
    expect(numberToCents(1.4985)).toEqual({ ok: true, cents: 150, rounded: true });
    expect(numberToCents(Number.NaN).ok).toBe(false);
  });

  it('reads C/D markers of a separate column', () => {
    expect(parseDirection('D')).toBe('D');
    expect(parseDirection('Crédito')).toBe('C');
    expect(parseDirection('Saída')).toBe('D');
    expect(parseDirection('x')).toBeNull();
  });
});
