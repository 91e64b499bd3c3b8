import { addDays, brasiliaDateTime } from '../../shared/dates';
import type { CycleSchedule } from '../../shared/contract/cycle';

/**
 * When the automatic cycle runs: every `everyMinutes` inside each weekday's office hours, in Brasília time whatever
 * the computer's zone (the branch's morning is Brasília's). Slots are counted from the day's opening, so with 30
 * minutes and 07:00–19:00 the cycle runs at 07:00, 07:30 … 19:00 — the times a clerk can predict and Início shows.
 * Pure: the clock is always given.
 */

/** Mon–Fri 07:00–19:00, Saturday 07:00–13:00, Sunday off, every 30 minutes: a gym's front office. */
export const DEFAULT_SCHEDULE: CycleSchedule = {
  enabled: true,
  everyMinutes: 30,
  // Index = day of the week, 0 = Sunday (JavaScript's getUTCDay of the Brasília date).
  days: [
    null,
    { from: '07:00', to: '19:00' },
    { from: '07:00', to: '19:00' },
    { from: '07:00', to: '19:00' },
    { from: '07:00', to: '19:00' },
    { from: '07:00', to: '19:00' },
    { from: '07:00', to: '13:00' },
  ],
};

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const wallMs = (local: string) => Date.parse(`${local}Z`);

/**
 * The instant of a Brasília wall-clock time (`YYYY-MM-DDTHH:MM:SS`). Brasília is UTC−3 (no daylight saving since
 * 2019); the correction below keeps the answer right should the zone's rules change again.
 */
export function brasiliaInstant(local: string): Date {
  let t = wallMs(local) + 3 * 3600_000;
  const drift = wallMs(local) - wallMs(brasiliaDateTime(new Date(t)));
  t += drift;
  return new Date(t);
}

/** Whether `now` falls inside the day's office hours (both ends included). */
export function inOfficeHours(now: Date, s: CycleSchedule): boolean {
  const local = brasiliaDateTime(now);
  const day = s.days[weekday(local.slice(0, 10))];
  if (!day) return false;
  const m = minutesOf(local.slice(11, 16));
  return m >= minutesOf(day.from) && m <= minutesOf(day.to);
}

/**
 * The next slot strictly after `now` (null when the schedule is off or has no day at all). A slot already missed
 * (the computer was asleep) is not made up one by one: the next one to come is the answer.
 */
export function nextRun(now: Date, s: CycleSchedule): Date | null {
  if (!s.enabled || s.days.every((d) => d === null)) return null;
  const local = brasiliaDateTime(now);
  const today = local.slice(0, 10);
  for (let k = 0; k <= 7; k++) {
    const date = addDays(today, k);
    const day = s.days[weekday(date)];
    if (!day) continue;
    const open = minutesOf(day.from);
    const close = minutesOf(day.to);
    for (let m = open; m <= close; m += s.everyMinutes) {
      const hh = String(Math.floor(m / 60)).padStart(2, '0');
      const mm = String(m % 60).padStart(2, '0');
      const at = brasiliaInstant(`${date}T${hh}:${mm}:00`);
      if (at.getTime() > now.getTime()) return at;
    }
  }
  return null;
}

/** Brasília wall-clock "HH:MM" of an instant, for sentences ("às 8:30"). */
export function brasiliaClock(at: Date): string {
  const t = brasiliaDateTime(at).slice(11, 16);
  return t.startsWith('0') ? t.slice(1) : t;
}
