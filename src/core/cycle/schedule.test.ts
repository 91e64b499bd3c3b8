import { describe, expect, it } from 'vitest';
import { brasiliaClock, DEFAULT_SCHEDULE, inOfficeHours, nextRun } from './schedule';

// Fixed instants (never today's date). 2026-03-13 is a Friday, 03-14 a Saturday, 03-15 a Sunday; Brasília = UTC−3.
const at = (iso: string) => new Date(iso);

describe('the cycle schedule (Brasília office hours)', () => {
  it('is in office hours on a weekday from 07:00 to 19:00 and on Saturday until 13:00, never on Sunday', () => {
    expect(inOfficeHours(at('2026-03-13T10:00:00Z'), DEFAULT_SCHEDULE)).toBe(true); // Fri 07:00
    expect(inOfficeHours(at('2026-03-13T09:59:00Z'), DEFAULT_SCHEDULE)).toBe(false); // Fri 06:59
    expect(inOfficeHours(at('2026-03-13T22:00:00Z'), DEFAULT_SCHEDULE)).toBe(true); // Fri 19:00
    expect(inOfficeHours(at('2026-03-14T16:30:00Z'), DEFAULT_SCHEDULE)).toBe(false); // Sat 13:30
    expect(inOfficeHours(at('2026-03-15T14:00:00Z'), DEFAULT_SCHEDULE)).toBe(false); // Sun 11:00
  });

  it('runs every 30 minutes from the opening: the next slot after 8:10 is 8:30, after 19:00 it is the next morning', () => {
    expect(nextRun(at('2026-03-13T11:10:00Z'), DEFAULT_SCHEDULE)?.toISOString()).toBe(
      '2026-03-13T11:30:00.000Z',
    );
    expect(brasiliaClock(nextRun(at('2026-03-13T11:10:00Z'), DEFAULT_SCHEDULE)!)).toBe('8:30');
    // Exactly on a slot: the next one, not this one again.
    expect(nextRun(at('2026-03-13T11:30:00Z'), DEFAULT_SCHEDULE)?.toISOString()).toBe(
      '2026-03-13T12:00:00.000Z',
    );
    // Friday 19:00 was the last; Saturday 07:00 comes next.
    expect(nextRun(at('2026-03-13T22:00:00Z'), DEFAULT_SCHEDULE)?.toISOString()).toBe(
      '2026-03-14T10:00:00.000Z',
    );
    // Saturday after 13:00: Monday 07:00 (Sunday has no office hours).
    expect(nextRun(at('2026-03-14T16:01:00Z'), DEFAULT_SCHEDULE)?.toISOString()).toBe(
      '2026-03-16T10:00:00.000Z',
    );
    // In the small hours, whatever the computer's zone: 07:00 Brasília.
    expect(nextRun(at('2026-03-13T05:00:00Z'), DEFAULT_SCHEDULE)?.toISOString()).toBe(
      '2026-03-13T10:00:00.000Z',
    );
  });

  it('follows a branch of its own: every 20 minutes, 06:00–10:00 on Sundays too; off means no next run', () => {
    const own = {
      enabled: true,
      everyMinutes: 20,
      days: [{ from: '06:00', to: '10:00' }, null, null, null, null, null, null],
    };
    expect(nextRun(at('2026-03-13T12:00:00Z'), own)?.toISOString()).toBe('2026-03-15T09:00:00.000Z');
    expect(nextRun(at('2026-03-15T09:05:00Z'), own)?.toISOString()).toBe('2026-03-15T09:20:00.000Z');
    expect(nextRun(at('2026-03-13T12:00:00Z'), { ...own, enabled: false })).toBeNull();
    expect(
      nextRun(at('2026-03-13T12:00:00Z'), { ...own, days: [null, null, null, null, null, null, null] }),
    ).toBeNull();
  });

  it('counts the year end and a leap day like any other day', () => {
    // 2027-12-31 is a Friday; after 19:00 the next slot is Saturday 2028-01-01 07:00.
    expect(nextRun(at('2027-12-31T22:30:00Z'), DEFAULT_SCHEDULE)?.toISOString()).toBe(
      '2028-01-01T10:00:00.000Z',
    );
    // 2028-02-29 is a Tuesday.
    expect(nextRun(at('2028-02-29T21:45:00Z'), DEFAULT_SCHEDULE)?.toISOString()).toBe(
      '2028-02-29T22:00:00.000Z',
    );
  });
});
