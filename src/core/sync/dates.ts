/** Calendar arithmetic on YYYY-MM-DD strings (UTC-based, so no daylight-saving surprises). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today in Brasília. */
export function todayInBrasilia(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export interface DateRange {
  from: string;
  to: string;
}

/**
 * The parts of `wanted` not inside `have`, as at most two ranges. When they do not overlap at all the whole
 * wanted range is returned (the caller then forgets the old coverage rather than claim the gap).
 */
export function uncovered(wanted: DateRange, have: DateRange | null): DateRange[] {
  if (!have || wanted.to < have.from || wanted.from > have.to) return [wanted];
  const parts: DateRange[] = [];
  if (wanted.from < have.from) parts.push({ from: wanted.from, to: addDays(have.from, -1) });
  if (wanted.to > have.to) parts.push({ from: addDays(have.to, 1), to: wanted.to });
  return parts;
}
