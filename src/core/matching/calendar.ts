/**
 * Dates as whole day numbers (days since 1970-01-01) so the engine compares integers, not strings, in its
 * inner loops; and the Brazilian bank calendar, because boletos, TEDs and card deposits settle on business
 * days only (Pix settles every day).
 */
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

function easterDay(year: number): number {
  // Anonymous Gregorian algorithm (Meeus/Jones/Butcher).
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
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

const FIXED = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'];
const holidays = new Map<number, Set<number>>();

/** National bank holidays: fixed dates plus Carnival (Mon, Tue), Good Friday and Corpus Christi. */
function holidaysOf(year: number): Set<number> {
  let set = holidays.get(year);
  if (!set) {
    set = new Set(FIXED.map((md) => dayNumber(`${year}-${md}`)));
    const easter = easterDay(year);
    for (const offset of [-48, -47, -2, 60]) set.add(easter + offset);
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

/** "12/11" for the reasons' short dates. */
export function shortBr(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}
