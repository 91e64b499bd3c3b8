/**
 * Dates as whole day numbers (days since 1970-01-01) so the engine compares integers, not strings, in its
 * inner loops; and the Brazilian bank calendar, because boletos, TEDs and card deposits settle on business
 * days only (Pix settles every day).
 */
import { bankHolidays } from '../../shared/bank-calendar';

const DAY_MS = 86_400_000;

/** YYYY-MM-DD → day number; NaN for anything else. */
export function dayNumber(date: string | null | undefined): number {
  if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) return Number.NaN;
  const ms = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return Math.round(ms / DAY_MS);
}

export function isoOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

const holidays = new Map<number, Set<number>>();

/** National bank holidays (src/shared/bank-calendar.ts, the one calendar) as day numbers. */
function holidaysOf(year: number): Set<number> {
  let set = holidays.get(year);
  if (!set) {
    set = new Set([...bankHolidays(year)].map(dayNumber));
    holidays.set(year, set);
  }
  return set;
}

const business = new Map<number, boolean>();

export function isBusinessDay(day: number): boolean {
  let b = business.get(day);
  if (b === undefined) {
    const dow = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
    b = dow !== 0 && dow !== 6 && !holidaysOf(new Date(day * DAY_MS).getUTCFullYear()).has(day);
    business.set(day, b);
  }
  return b;
}

export function onOrNextBusinessDay(day: number): number {
  let d = day;
  while (!isBusinessDay(d)) d++;
  return d;
}

/** n business days after `day` (a non-business start counts from the next business day). */
export function addBusinessDays(day: number, n: number): number {
  let d = onOrNextBusinessDay(day);
  for (let i = 0; i < n; i++) d = onOrNextBusinessDay(d + 1);
  return d;
}
