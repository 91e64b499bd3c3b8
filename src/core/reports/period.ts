import { addDays } from '../sync/dates';

export interface Period {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Brasília has kept UTC−03:00 all year since daylight saving ended in 2019, and Quita's data starts long
 * after that, so a Brasília day maps to a fixed UTC interval. SQL uses the same offset (`'-3 hours'`).
 */
export const BRASILIA_OFFSET = '-03:00';
export const SQL_BRASILIA_SHIFT = '-3 hours';

/**
 * Inclusive Brasília days → half-open UTC bounds for comparing with the ISO timestamps of `audit_log.at`
 * (always written by `toISOString()`, so string order is time order).
 */
export function utcBounds(p: Period): { fromUtc: string | undefined; toUtc: string | undefined } {
  const at = (day: string) => new Date(`${day}T00:00:00${BRASILIA_OFFSET}`).toISOString();
  return {
    fromUtc: p.from ? at(p.from) : undefined,
    toUtc: p.to ? at(addDays(p.to, 1)) : undefined,
  };
}

const day = (d: string) => d.split('-').reverse().join('/');

/** "01/11/2026 a 30/11/2026", "desde 01/11/2026", "até 30/11/2026" or "todo o período". */
export function periodLabel(p: Period): string {
  if (p.from && p.to) return `${day(p.from)} a ${day(p.to)}`;
  if (p.from) return `desde ${day(p.from)}`;
  if (p.to) return `até ${day(p.to)}`;
  return 'todo o período';
}

/** The part of a file name that says which period it covers. */
export function periodSlug(p: Period, today: string): string {
  return `${p.from ?? 'inicio'}_a_${p.to ?? today}`;
}
