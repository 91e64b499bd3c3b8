/**
 * Início's numbers: every credit line of every statement's current plan in exactly one bucket (see LINE_BUCKETS
 * in src/shared/contract/dashboard.ts), so no line is counted twice and a suggestion nobody approved is never
 * "reconciled". "Decided" is DECIDED_STATES, read here, never restated.
 */
import { ACCOUNT_STATUS } from '../../shared/constants';
import type { CommandOutput } from '../../shared/contract';
import type { LineBucket, LineBuckets, AmountDto } from '../../shared/contract/dashboard';
import { LINE_BUCKETS } from '../../shared/contract/dashboard';
import { DECIDED_STATES, type MatchState } from '../../shared/contract/matching';
import { getSyncState } from '../cache/sync-state.repo';
import type { Db } from '../db/open-db';
import { dashboardRepo } from './dashboard.repo';
import { approvedNotQueued } from '../outbox/approved.repo';
import type { BatchState } from '../outbox/outbox.repo';

type Summary = CommandOutput<'dashboard.summary'>;

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

const zero = (): AmountDto => ({ count: 0, cents: 0 });
const emptyBuckets = (): LineBuckets =>
  Object.fromEntries(LINE_BUCKETS.map((b) => [b, zero()])) as LineBuckets;

function add(a: AmountDto, cents: number) {
  a.count++;
  a.cents += cents;
}

/** Outbox batch states per statement line. */
function batchStatesByLine(db: Db): Map<number, Set<BatchState>> {
  const out = new Map<number, Set<BatchState>>();
  for (const r of dashboardRepo.lineBatchStates(db)) {
    const set = out.get(r.lineId) ?? new Set<BatchState>();
    set.add(r.state);
    out.set(r.lineId, set);
  }
  return out;
}

export function dashboardSummary(db: Db): Summary {
  const sendable = new Set(approvedNotQueued(db).map((p) => p.lineId));
  const batches = batchStatesByLine(db);
  const receivedOf = dashboardRepo.receivedCounter(db);
  const none: ReadonlySet<BatchState> = new Set();

  const latest = dashboardRepo.latestStatement(db);

  const all = { lines: zero(), buckets: emptyBuckets() };
  const current = { lines: zero(), buckets: emptyBuckets() };
  const days = new Map<string, { date: string; decidedCents: number; toDecideCents: number }>();
  const perStatement = new Map<number, { lines: AmountDto; buckets: LineBuckets }>();

  for (const l of dashboardRepo.creditLines(db)) {
    const lineBatches = batches.get(l.id) ?? none;
    const approvedIdle = l.state === 'approved' && !sendable.has(l.id) && lineBatches.size === 0;
    let receivedInEvo = false;
    if (approvedIdle && l.matchId !== null) {
      const r = receivedOf(l.matchId);
      receivedInEvo = r.total > 0 && r.received === r.total;
    }
    const bucket = bucketOf({
      state: l.state,
      sendable: sendable.has(l.id),
      batches: lineBatches,
      receivedInEvo,
    });
    add(all.lines, l.cents);
    add(all.buckets[bucket], l.cents);
    const own = perStatement.get(l.statementId) ?? { lines: zero(), buckets: emptyBuckets() };
    add(own.lines, l.cents);
    add(own.buckets[bucket], l.cents);
    perStatement.set(l.statementId, own);
    if (l.statementId !== latest?.id) continue;
    add(current.lines, l.cents);
    add(current.buckets[bucket], l.cents);
    const day = days.get(l.date) ?? { date: l.date, decidedCents: 0, toDecideCents: 0 };
    if (bucket === 'toDecide') day.toDecideCents += l.cents;
    else day.decidedCents += l.cents;
    days.set(l.date, day);
  }

  return {
    open: dashboardRepo.receivablesWithStatus(db, ACCOUNT_STATUS.open),
    overdue: dashboardRepo.receivablesWithStatus(db, ACCOUNT_STATUS.overdue),
    lastSyncAt: getSyncState(db, 'receivables').lastSuccessAt,
    statements: dashboardRepo.statementCount(db),
    all,
    byStatement: dashboardRepo.statementsNewestFirst(db).flatMap((st) => {
      const own = perStatement.get(st.id);
      return own ? [{ ...st, ...own }] : [];
    }),
    statement: latest
      ? { ...latest, ...current, days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)) }
      : null,
  };
}
