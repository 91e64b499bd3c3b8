/**
 * [W] A decision on a line someone just decided (docs/concurrency.md). A review command may carry what the clerk
 * saw of each match (`seen`: its version, as `match.lines` gave it); a match whose version has moved since was
 * changed by someone else, so it is left as it is and named: who changed it last and when (from the audit log),
 * and how it stands now. Checked inside the decision's own transaction, after the match is read for the write.
 */
import type { ReviewConflict } from '../../shared/contract/review';
import type { Tx } from '../store/store';
import { reviewRepo } from './review.repo';

/** What the clerk saw of one match. `lineId` names its line should the match be gone (a re-run replaced it). */
export interface SeenMatch {
  matchId: number;
  version: number;
  lineId?: number | undefined;
}

/**
 * The login part of an audit actor: `maria (desktop)` → `maria`, `ana (server)` → `ana`. An actor with no such
 * suffix (the send policy's name) is shown whole.
 */
export function loginOf(actor: string): string {
  const login = actor.replace(/\s*\([^()]*\)\s*$/, '').trim();
  return login || actor;
}

export const seenById = (seen: readonly SeenMatch[] | undefined) =>
  new Map((seen ?? []).map((s) => [s.matchId, s]));

/**
 * The conflict to report for a line: who changed it last and when (the newest audit entry about the line or its
 * statement), and the state of its match now. `by` and `at` are empty only if nothing was ever audited about it.
 */
export async function conflictOf(tx: Tx, matchId: number, lineId: number): Promise<ReviewConflict> {
  const last = await reviewRepo.lastChangeOfLine(tx, lineId);
  const now = await reviewRepo.lineMatch(tx, lineId);
  return {
    matchId,
    lineId,
    by: last ? loginOf(last.actor) : '',
    at: last?.at ?? '',
    state: now?.state ?? 'unmatched',
  };
}
