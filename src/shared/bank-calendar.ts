/**
 * Brazil's national bank holidays, the one calendar for every layer: boletos, TEDs and card deposits settle on
 * business days only (Pix every day), so the matching engine and the sandbox's settlements read the same days.
 * State and city holidays are not included.
 */
import { addDays } from './dates';

/** Easter Sunday as YYYY-MM-DD (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIXED = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'];
/** Carnival Monday and Tuesday, Good Friday and Corpus Christi, in days from Easter. */
const FROM_EASTER = [-48, -47, -2, 60];
const cache = new Map<number, ReadonlySet<string>>();

/** A year's national bank holidays as YYYY-MM-DD: fixed dates plus Carnival, Good Friday, Corpus Christi. */
export function bankHolidays(year: number): ReadonlySet<string> {
  let set = cache.get(year);
  if (!set) {
    const easter = easterSunday(year);
    set = new Set([...FIXED.map((md) => `${year}-${md}`), ...FROM_EASTER.map((n) => addDays(easter, n))]);
    cache.set(year, set);
  }
  return set;
}
