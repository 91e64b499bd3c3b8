/**
 * Where a credit line stands, one bucket per line (LINE_BUCKETS in src/shared/contract/dashboard.ts): the one
 * rule Início counts by and Conciliar's lists filter by (match.lines gives each line its bucket). "Decided" is
 * DECIDED_STATES, read here, never restated.
 */
import type { LineBucket } from '../../shared/contract/dashboard';
import { DECIDED_STATES, type MatchState } from '../../shared/contract/matching';
import type { Tx } from '../store/store';
import { approvedNotQueued } from '../outbox/approved.repo';
import type { BatchState } from '../outbox/outbox.repo';
import { dashboardRepo } from './dashboard.repo';

const DECIDED: ReadonlySet<string> = new Set(DECIDED_STATES);
/** The EVO has not confirmed these yet; a read-back will (sent, unknown) or the sender will send them. */
const WAITING: ReadonlySet<BatchState> = new Set(['queued', 'sending', 'sent', 'unknown']);

export interface LineFacts {
  state: MatchState | null;
  /** Enviar would mark at least one of its receivables now. */
  sendable: boolean;
  /** States of the outbox batches holding its receivables (empty: never sent). */
  batches: ReadonlySet<BatchState>;
  /** Its receivables are all received or conciliated in the EVO, as last synced. */
  receivedInEvo: boolean;
}

/** The one bucket of a line. */
export function bucketOf(f: LineFacts): LineBucket {
  if (f.state === null || !DECIDED.has(f.state)) return 'toDecide';
  if (f.state === 'recorded') return 'recorded';
  if (f.state === 'set_aside') return 'setAside';
  // Approved: what is left to do with it is in Enviar, or in the outbox.
  if (f.sendable) return 'toSend';
  if (f.batches.size === 0) {
    // Approved, never sent, nothing left to send: the EVO already has it received (nothing to do), or its
    // receivable was cancelled there since (the line needs another decision).
    return f.receivedInEvo ? 'recorded' : 'toDecide';
  }
  if (f.batches.has('needs_review')) return 'sentFailed';
  if ([...f.batches].some((s) => WAITING.has(s))) return 'sentWaiting';
  return 'sentConfirmed';
}

/**
 * The bucket of each line given, in its order, with the facts it needs read once in the caller's transaction: what
 * Enviar would mark now, the outbox batches holding each line's receivables, and (for an approved line nothing is
 * left to send of) whether the EVO has its receivables received.
 */
export async function lineBuckets(
  tx: Tx,
  lines: readonly { id: number; state: MatchState | null; matchId: number | null }[],
): Promise<LineBucket[]> {
  const sendable = new Set((await approvedNotQueued(tx)).map((p) => p.lineId));
  const batches = new Map<number, Set<BatchState>>();
  for (const r of await dashboardRepo.lineBatchStates(tx))
    batches.set(r.lineId, (batches.get(r.lineId) ?? new Set<BatchState>()).add(r.state));
  const none: ReadonlySet<BatchState> = new Set();
  const asksEvo = (l: (typeof lines)[number]) =>
    l.state === 'approved' && !sendable.has(l.id) && !batches.has(l.id) && l.matchId !== null;
  const received = await dashboardRepo.receivedCounts(tx, [
    ...new Set(lines.flatMap((l) => (asksEvo(l) ? [l.matchId!] : []))),
  ]);
  return lines.map((l) => {
    let receivedInEvo = false;
    if (asksEvo(l)) {
      const r = received.get(l.matchId!);
      receivedInEvo = r !== undefined && r.total > 0 && r.received === r.total;
    }
    return bucketOf({
      state: l.state,
      sendable: sendable.has(l.id),
      batches: batches.get(l.id) ?? none,
      receivedInEvo,
    });
  });
}
