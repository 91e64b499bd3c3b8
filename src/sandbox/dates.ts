/**
 * Calendar helpers on plain `yyyy-mm-dd` strings (Brasília local dates). Arithmetic goes through UTC
 * midnight so no host time zone can shift a day.
 */
import { bankHolidays } from '../shared/bank-calendar';
import { brasiliaDateTime, todayInBrasilia } from '../shared/dates';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function toUtc(date: string): number {
  if (!isValidIsoDate(date)) throw new Error(`invalid date ${date}`);
  return Date.parse(`${date}T00:00:00Z`);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function diffDays(a: string, b: string): number {
  return Math.round((toUtc(b) - toUtc(a)) / DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(toUtc(date)).getUTCDay();
}

/** Same day of month `months` later, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total % 12;
  const last = new Date(Date.UTC(ny, nm + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(ny, nm, Math.min(d, last)));
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-mm-ddTHH:MM:SS` for a date plus minutes after midnight (API style: no offset). */
export function localDateTime(date: string, minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  return `${date}T${pad(h)}:${pad(minutes % 60)}:00`;
}

/** The wall-clock time in Brasília as `yyyy-mm-ddTHH:MM:SS`, and its day: the app's own formatters (src/shared/dates.ts). */
export const saoPauloDateTime = brasiliaDateTime;
export const saoPauloToday = (instant: Date = new Date()): string => todayInBrasilia(instant);

/** National bank holidays: the app's own calendar (src/shared/bank-calendar.ts), so both sides agree on the days. */
export { bankHolidays };

export function isBusinessDay(date: string): boolean {
  const dow = dayOfWeek(date);
  return dow !== 0 && dow !== 6 && !bankHolidays(Number(date.slice(0, 4))).has(date);
}

/** The date itself when it is a business day, else the next one. */
export function onOrNextBusinessDay(date: string): string {
  let d = date;
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

export function addBusinessDays(date: string, n: number): string {
  let d = date;
  for (let i = 0; i < n; i++) d = onOrNextBusinessDay(addDays(d, 1));
  return d;
}

export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
