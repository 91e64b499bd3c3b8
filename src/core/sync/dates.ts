export { addDays, todayInBrasilia } from '../../shared/dates';
import { addDays } from '../../shared/dates';

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
