import { diffDays, saoPauloDateTime, saoPauloToday } from './dates';
import type { Clock } from './routes/context';

const DAY_MS = 86_400_000;

/**
 * The sandbox's "now": the real time of day, on the sandbox's `today`. With a fixed today (tests,
 * a persisted db file) the clock is shifted by whole days, so receivingDate/updateDate written by
 * mark-received land after every generated date and an updateDate high-water mark keeps working.
 */
export function createClock(today: string, realNow: () => Date = () => new Date()): Clock {
  const offsetMs = diffDays(saoPauloToday(realNow()), today) * DAY_MS;
  const now = () => new Date(realNow().getTime() + offsetMs);
  return {
    now,
    local: () => saoPauloDateTime(now()),
    utc: () => now().toISOString(),
    today: () => saoPauloDateTime(now()).slice(0, 10),
  };
}
