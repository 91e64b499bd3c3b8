import { describe, expect, it } from 'vitest';
import { createClock } from './clock';
import { addBusinessDays, addMonths, isBusinessDay, isValidIsoDate, saoPauloDateTime } from './dates';
import { parseDateBound } from './routes/query-params';

describe('dates', () => {
  it('validates real calendar dates only', () => {
    expect(isValidIsoDate('2028-02-29')).toBe(true);
    expect(isValidIsoDate('2026-02-29')).toBe(false);
    expect(isValidIsoDate('2026-02-30')).toBe(false);
    expect(isValidIsoDate('2026-7-1')).toBe(false);
  });

  it('adds months clamping to the end of short months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
  });

  it('skips weekends and national bank holidays (Carnival, Good Friday, Corpus Christi)', () => {
    expect(isBusinessDay('2026-02-16')).toBe(false); // Carnival Monday
    expect(isBusinessDay('2026-04-03')).toBe(false); // Good Friday
    expect(isBusinessDay('2026-06-04')).toBe(false); // Corpus Christi
    expect(isBusinessDay('2026-11-20')).toBe(false); // Consciência Negra
    expect(addBusinessDays('2026-04-02', 1)).toBe('2026-04-06');
  });

  it('formats Brasília wall-clock time without offset', () => {
    expect(saoPauloDateTime(new Date('2026-07-27T12:05:00Z'))).toBe('2026-07-27T09:05:00');
  });

  it('parses query date bounds: date, date-time, offsets; end dates cover the whole day', () => {
    expect(parseDateBound('2026-07-01', false)).toBe('2026-07-01T00:00:00');
    expect(parseDateBound('2026-07-01', true)).toBe('2026-07-01T23:59:59');
    expect(parseDateBound('2026-07-01T10:30', true)).toBe('2026-07-01T10:30:00');
    expect(parseDateBound('2026-07-01T10:30:15.123', false)).toBe('2026-07-01T10:30:15');
    expect(parseDateBound('2026-07-01T13:00:00Z', false)).toBe('2026-07-01T10:00:00');
    expect(parseDateBound('2026-07-01T10:00:00-03:00', false)).toBe('2026-07-01T10:00:00');
    expect(parseDateBound('2026-07-01T10:00:00 00:00', false)).toBe('2026-07-01T07:00:00'); // '+' sent unencoded
    for (const bad of ['2026-02-30', '2026-07-01T24:00', '01/07/2026', '2026-07-01T10', 'ontem']) {
      expect(parseDateBound(bad, false), bad).toBeNull();
    }
  });

  it('runs the sandbox clock on the configured today, keeping the real time of day', () => {
    const real = () => new Date('2026-11-21T15:30:00Z');
    const clock = createClock('2026-07-15', real);
    expect(clock.local()).toBe('2026-07-15T12:30:00');
    expect(clock.today()).toBe('2026-07-15');
    expect(clock.utc()).toBe('2026-07-15T15:30:00.000Z');
  });
});
