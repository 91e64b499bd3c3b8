import { describe, expect, it } from 'vitest';
import { bankHolidays, easterSunday } from './bank-calendar';

describe('the bank calendar (one for the engine and the sandbox)', () => {
  it('moves Carnival, Good Friday and Corpus Christi with Easter', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    const h = bankHolidays(2026);
    for (const day of ['2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04'])
      expect(h.has(day), day).toBe(true);
  });

  it('has the national fixed dates, Consciência Negra included, and nothing else', () => {
    const h = bankHolidays(2026);
    for (const day of ['2026-01-01', '2026-04-21', '2026-09-07', '2026-11-20', '2026-12-25'])
      expect(h.has(day), day).toBe(true);
    expect(h.size).toBe(13);
    expect(h.has('2026-01-25')).toBe(false); // São Paulo city's anniversary: not a national bank holiday
  });
});
