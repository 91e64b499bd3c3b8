import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { CycleRecord } from '../../shared/contract/cycle';
import type { Db } from '../db/open-db';
import { cycleRepo } from './cycle.repo';

/**
 * One cycle at a time per branch, across processes (the desktop app or browser host on its timer, and the
 * operating system's scheduler running `quita run --cycle` on the same data folder). The cycle's own row is the
 * lease: it is started in an IMMEDIATE transaction only when no other running cycle has renewed its heartbeat
 * within `staleMs`, and renewed by a timer while the cycle runs. This is the sender's lease (outbox/sender-lease.ts)
 * applied to the cycle, and not core/fs-lock.ts: fs-lock blocks the thread while it waits and is meant for a few
 * milliseconds of file I/O, while a cycle holds its turn for minutes of network work. A process that dies stops
 * renewing; a holder on this machine whose pid is gone is taken over at once, any other after `staleMs`.
 */
export const DEFAULT_CYCLE_LEASE_MS = 60_000;

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

export function claimCycle(
  db: Db,
  trigger: CycleRecord['trigger'],
  opts: { now?: () => Date; staleMs?: number; owner?: string } = {},
): CycleLease | { busy: true } {
  const now = opts.now ?? (() => new Date());
  const staleMs = opts.staleMs ?? DEFAULT_CYCLE_LEASE_MS;
  const owner = opts.owner ?? newCycleOwner();
  const id = db
    .transaction((): number | null => {
      const at = now();
      const cur = cycleRepo.running(db);
      if (cur) {
        const fresh = at.getTime() - new Date(cur.heartbeat_at).getTime() < staleMs;
        if (fresh && !deadHere(cur.owner)) return null;
        // Its owner died mid-cycle: what it did stays done (every step is durable on its own).
        cycleRepo.interrupt(db, cur.id, at.toISOString());
      }
      return cycleRepo.start(db, trigger, owner, at.toISOString());
    })
    .immediate();
  if (id === null) return { busy: true };
  let held = true;
  const timer = setInterval(
    () => {
      if (!held) return;
      try {
        held = cycleRepo.heartbeat(db, id, owner, now().toISOString());
      } catch {
        // The database is busy with a long write: the next tick tries again; the lease is ours until then.
      }
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
