/** Calendar dates as YYYY-MM-DD, shared by the core and the renderer (no dependencies). */

/** Calendar arithmetic on YYYY-MM-DD strings (UTC-based, so no daylight-saving surprises). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The gyms' business day and the API's clock are Brasília's, whatever the computer's zone. */
export const BRASILIA_TIME_ZONE = 'America/Sao_Paulo';

const BRASILIA_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: BRASILIA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Brasília calendar day (YYYY-MM-DD) of an instant; today by default. */
export function todayInBrasilia(now = new Date()): string {
  return BRASILIA_DAY.format(now);
}

const BRASILIA_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: BRASILIA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Brasília wall-clock time as the API writes it, `YYYY-MM-DDTHH:MM:SS` (no offset; Brasília is UTC−3). */
export function brasiliaDateTime(instant: Date): string {
  const p = Object.fromEntries(BRASILIA_PARTS.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}
