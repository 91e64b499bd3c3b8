import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { CycleRecord } from '../../shared/contract/cycle';
import { lockAdvisory, type Store } from '../store/store';
import { cycleRepo } from './cycle.repo';

/**
 * One cycle at a time per branch, across processes (the desktop app or browser host on its timer, and the
 * operating system's scheduler running `quita run --cycle` on the same data folder, or two office-server processes
 * on one PostgreSQL database). The cycle's own row is the lease: it is started in a Store write transaction under
 * the `cycle` advisory lock only when no other running cycle has renewed its heartbeat within `staleMs`, and
 * renewed by a timer while the cycle runs. (SQLite: the write transaction, BEGIN IMMEDIATE, already excludes every
 * other writer. PostgreSQL, at READ COMMITTED: without the lock two processes would both read no running cycle and
 * both start one.) This is the sender's lease (outbox/sender-lease.ts)
 * applied to the cycle, and not core/fs-lock.ts: fs-lock blocks the thread while it waits and is meant for a few
 * milliseconds of file I/O, while a cycle holds its turn for minutes of network work. A process that dies stops
 * renewing; a holder on this machine whose pid is gone is taken over at once, any other after `staleMs`.
 */
export const DEFAULT_CYCLE_LEASE_MS = 60_000;

/** The advisory lock of the claim (per branch schema: lockAdvisory prefixes it). */
export const CYCLE_LOCK = 'cycle';

export const newCycleOwner = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

function deadHere(owner: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== hostname() || !pid || !/^\d+$/.test(pid)) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export interface CycleLease {
  cycleId: number;
  owner: string;
  /** False once a renewal found the cycle taken over (this process stalled longer than the lease). */
  held(): boolean;
  release(): void;
}

export async function claimCycle(
  store: Store,
  trigger: CycleRecord['trigger'],
  opts: { now?: () => Date; staleMs?: number; owner?: string } = {},
): Promise<CycleLease | { busy: true }> {
  const now = opts.now ?? (() => new Date());
  const staleMs = opts.staleMs ?? DEFAULT_CYCLE_LEASE_MS;
  const owner = opts.owner ?? newCycleOwner();
  const id = await store.write(async (tx): Promise<number | null> => {
    await lockAdvisory(tx, CYCLE_LOCK);
    const at = now();
    const cur = await cycleRepo.running(tx);
    if (cur) {
      const fresh = at.getTime() - new Date(cur.heartbeat_at).getTime() < staleMs;
      if (fresh && !deadHere(cur.owner)) return null;
      // Its owner died mid-cycle: what it did stays done (every step is durable on its own).
      await cycleRepo.interrupt(tx, cur.id, at.toISOString());
    }
    return cycleRepo.start(tx, trigger, owner, at.toISOString());
  });
  if (id === null) return { busy: true };
  let held = true;
  // One renewal at a time: a tick that finds the last one still waiting for the database lets it finish.
  let renewing = false;
  const timer = setInterval(
    () => {
      if (!held || renewing) return;
      renewing = true;
      store
        .write((tx) => cycleRepo.heartbeat(tx, id, owner, now().toISOString()))
        .then(
          (still) => {
            // A release meanwhile stays released.
            if (held) held = still;
          },
          () => {
            // The database is busy with a long write: the next tick tries again; the lease is ours until then.
          },
        )
        .finally(() => {
          renewing = false;
        });
    },
    Math.max(200, Math.floor(staleMs / 3)),
  );
  timer.unref();
  return {
    cycleId: id,
    owner,
    held: () => held,
    release() {
      clearInterval(timer);
      held = false;
    },
  };
}
