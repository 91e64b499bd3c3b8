import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { lockAdvisory, type Store } from '../store/store';
import { OUTBOX_LOCK } from './outbox.repo';
import { senderLeaseRepo, type LeaseHolder } from './sender-lease.repo';

/**
 * One sender per profile, across processes (the desktop app or browser host, and a scheduled `quita send` on
 * the same data folder). The lease is a row in the profile's database: taken in an IMMEDIATE transaction only
 * when free or expired, renewed by a timer while the sender runs, released at the end. A process that dies
 * stops renewing; its lease expires and the next sender takes over, reading back whatever was in flight.
 */
export interface SenderLease {
  owner: string;
  /** False once a renewal found the lease taken by someone else (this process was too slow to renew). */
  held(): boolean;
  release(): Promise<void>;
}

export const DEFAULT_LEASE_MS = 30_000;

export const newOwnerId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Whether the holder is a process of this machine that no longer exists (killed, crashed): its lease need not
 * be waited out. A pid reused by another process looks alive, which only means waiting for the expiry.
 */
function deadHereAndNow(holder: string): boolean {
  const [host, pid] = holder.split(':');
  if (host !== hostname() || !pid || !/^\d+$/.test(pid)) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Take or renew the lease for `owner` if it is free, expired, held by a dead process of this machine, or ours;
 * otherwise the holder that has it.
 */
function claim(store: Store, owner: string, now: Date, ttlMs: number): Promise<LeaseHolder | null> {
  return store.write(async (tx) => {
    // Under the outbox's lock: on PostgreSQL two processes would otherwise both read the lease as free and both take it.
    await lockAdvisory(tx, OUTBOX_LOCK);
    const cur = await senderLeaseRepo.current(tx);
    if (cur && cur.owner !== owner && cur.expiresAt > now.toISOString() && !deadHereAndNow(cur.owner))
      return cur;
    const expires = new Date(now.getTime() + ttlMs).toISOString();
    await senderLeaseRepo.put(tx, owner, now.toISOString(), expires);
    return null;
  });
}

/**
 * The lease, or the holder that has it. While held, a timer renews it every third of its lifetime (the timer is
 * unref'd: it never keeps a CLI alive).
 */
export async function acquireSenderLease(
  store: Store,
  opts: { owner?: string; ttlMs?: number; now?: () => Date } = {},
): Promise<SenderLease | { busy: LeaseHolder }> {
  const owner = opts.owner ?? newOwnerId();
  const ttl = opts.ttlMs ?? DEFAULT_LEASE_MS;
  const now = opts.now ?? (() => new Date());
  const holder = await claim(store, owner, now(), ttl);
  if (holder) return { busy: holder };
  let held = true;
  let renewing = false;
  const timer = setInterval(
    () => {
      if (!held || renewing) return;
      renewing = true;
      claim(store, owner, now(), ttl).then(
        (other) => {
          renewing = false;
          // Released meanwhile: the release's answer stands.
          if (held) held = other === null;
        },
        () => {
          // The database is busy with a long write: try again at the next tick; the lease is still ours until then.
          renewing = false;
        },
      );
    },
    Math.max(200, Math.floor(ttl / 3)),
  );
  timer.unref();
  return {
    owner,
    held: () => held,
    async release() {
      clearInterval(timer);
      if (!held) return;
      held = false;
      await store.write((tx) => senderLeaseRepo.release(tx, owner));
    },
  };
}
