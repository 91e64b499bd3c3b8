import { describe, expect, it } from 'vitest';
import { fold, idOf, toCents, toIsoDate } from './normalize';

describe('API normalization', () => {
  it('turns every amount form into exact integer cents', () => {
    expect(toCents(79.9)).toBe(7990);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.56)).toBe(123456);
    expect(toCents('79.90')).toBe(7990);
    expect(toCents('79,9')).toBe(7990);
    expect(toCents('1.234,56')).toBe(123456);
    expect(toCents('1,234.56')).toBe(123456);
    expect(toCents('R$ 99,90')).toBe(9990);
    expect(toCents('-12,00')).toBe(-1200);
    expect(toCents('1000')).toBe(100000);
    expect(toCents(null)).toBeNull();
    expect(() => toCents('abc')).toThrow();
    expect(() => toCents(Number.NaN)).toThrow();
  });

  it('reads dates with or without an offset as Brasília calendar dates', () => {
    expect(toIsoDate('2024-07-27T09:05:00')).toBe('2024-07-27');
    expect(toIsoDate('2024-07-27')).toBe('2024-07-27');
    expect(toIsoDate('2024-07-27T01:30:00Z')).toBe('2024-07-26');
    expect(toIsoDate('2024-07-27T23:30:00-03:00')).toBe('2024-07-27');
    expect(toIsoDate('2024-07-28T01:30:00+00:00')).toBe('2024-07-27');
    expect(toIsoDate('27/07/2024')).toBeNull();
    expect(toIsoDate(null)).toBeNull();
  });

  it('accepts ids as objects, numbers or numeric strings', () => {
    expect(idOf({ id: 4, name: 'Vencido' })).toBe(4);
    expect(idOf(4)).toBe(4);
    expect(idOf('18')).toBe(18);
    expect(idOf({ name: 'x' })).toBeNull();
    expect(idOf('Open')).toBeNull();
  });

  it('folds accents and case', () => {
    expect(fold('  São Paulo ')).toBe('sao paulo');
    expect(fold('JOÃO AÇAÍ')).toBe('joao acai');
  });
});
