import { describe, expect, it } from 'vitest';
import { centsToInput, parseMoneyInput, readRange } from './rule-narrowing';

describe("a set-aside rule's amount range, typed in reais", () => {
  it('reads the ways a clerk types money', () => {
    expect(parseMoneyInput('')).toEqual({ ok: true, cents: null });
    expect(parseMoneyInput('80')).toEqual({ ok: true, cents: 8000 });
    expect(parseMoneyInput('R$ 1.234,56')).toEqual({ ok: true, cents: 123456 });
    expect(parseMoneyInput('1234,5')).toEqual({ ok: true, cents: 123450 });
    expect(parseMoneyInput('1234.56')).toEqual({ ok: true, cents: 123456 });
    expect(parseMoneyInput('1.234')).toEqual({ ok: true, cents: 123400 });
    expect(parseMoneyInput('12,3,4')).toEqual({ ok: false });
    expect(parseMoneyInput('-5')).toEqual({ ok: false });
    expect(parseMoneyInput('abc')).toEqual({ ok: false });
  });

  it('writes cents back as typed, and checks the order of the bounds', () => {
    expect(centsToInput(123456)).toBe('1234,56');
    expect(centsToInput(5)).toBe('0,05');
    expect(centsToInput(null)).toBe('');
    expect(readRange('', '')).toEqual({ ok: true, minCents: null, maxCents: null });
    expect(readRange('10', '5')).toEqual({ ok: false, field: 'to' });
    expect(readRange('x', '5')).toEqual({ ok: false, field: 'from' });
    expect(readRange('5', '10,50')).toEqual({ ok: true, minCents: 500, maxCents: 1050 });
  });
});
