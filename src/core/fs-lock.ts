import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { threadId } from 'node:worker_threads';
import { dirname } from 'node:path';
import { AppError } from './errors';

/**
 * A lock between processes on one file (`<file>.lock`, created with O_EXCL), for read-change-write of a file that
 * several Quita processes share (the desktop window, a scheduled `quita` run, the browser host): whoever holds the
 * lock reads the file, changes it and writes it back (writeFileAtomic renames, so a reader that takes no lock never
 * sees half a file); nobody else writes it in between, so no change is lost or brought back.
 *
 * A lock left behind by a process that died is taken over: its owner's pid no longer runs on this machine, or (on
 * another machine sharing the folder, or a pid reused) it is older than `staleMs`. Taking over renames the stale
 * file to a name of our own and checks it is still the one judged stale, so two processes recovering at once never
 * both believe they hold the lock. Waiting blocks the thread (the callers are synchronous and the work inside is a
 * few milliseconds of file I/O); after `timeoutMs` the caller gets `secrets.busy`.
 */
export interface FileLockOptions {
  timeoutMs?: number;
  staleMs?: number;
}

const held = new Set<string>();
const HOST = hostname();
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const pause = (ms: number) => void Atomics.wait(sleeper, 0, 0, ms);

interface LockOwner {
  pid: number;
  host: string;
  nonce: string;
  /** When it was taken, on the owner's clock (Date.now()). */
  at: number;
  /** The owner's thread in its process (worker_threads' threadId; 0: the main thread). */
  thread: number;
}

function readOwner(path: string): { text: string; owner: LockOwner | null } | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const o = JSON.parse(text) as Partial<LockOwner>;
    return typeof o.pid === 'number' &&
      typeof o.host === 'string' &&
      typeof o.nonce === 'string' &&
      typeof o.at === 'number'
      ? { text, owner: { pid: o.pid, host: o.host, nonce: o.nonce, at: o.at, thread: o.thread ?? 0 } }
      : { text, owner: null };
  } catch {
    return { text, owner: null }; // being written right now, or damaged: judged by its age
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When this thread first saw a lock file whose content it could not read (path and content), on its own clock. */
const unreadableSince = new Map<string, number>();

/**
 * The lock file's owner is gone (or it is too old to be a live holder's). Its age is read from the time the owner
 * wrote in it, on the same kind of clock as ours. A lock whose content cannot be read (being written this instant,
 * or damaged) is given `staleMs` from when this thread first saw it so, on this thread's own clock: never the
 * file's mtime, which is the filesystem's clock (a shared folder's, or one a shifted process clock disagrees with)
 * and made a lock caught mid-write look abandoned. A lock naming this very thread is one it no longer holds (`held`
 * is checked first): a leftover, taken over at once instead of waited for.
 */
function isStale(lock: string, text: { text: string; owner: LockOwner | null }, staleMs: number): boolean {
  const o = text.owner;
  if (!o) {
    const key = `${lock}\0${text.text}`;
    const first = unreadableSince.get(key) ?? performance.now();
    unreadableSince.set(key, first);
    return performance.now() - first > staleMs;
  }
  if (o.host === HOST && o.pid === process.pid && o.thread === threadId) return true;
  if (Date.now() - o.at > staleMs) return true;
  return o.host === HOST && o.pid !== process.pid && !alive(o.pid);
}

/** Move a stale lock out of the way, unless someone replaced it since we looked. */
function takeOver(lock: string, seen: string): void {
  const aside = `${lock}.${process.pid}.${randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // someone else moved or released it: try again from the start
  }
  const moved = readOwner(aside);
  if (moved && moved.text !== seen) {
    // A fresh lock taken between our look and our rename: give it back (if nobody took the name meanwhile).
    try {
      linkSync(aside, lock);
    } catch {
      // The name was taken again in that instant: the holder we moved keeps working unlocked. This needs a
      // lock left by a dead process and three processes at the same millisecond; the release below only
      // removes a lock that is still its holder's own.
    }
  }
  rmSync(aside, { force: true });
}

/** Run `fn` holding the lock of `file`; nested calls in one process on the same file just run. */
export function withFileLock<T>(file: string, fn: () => T, opts: FileLockOptions = {}): T {
  const lock = `${file}.lock`;
  if (held.has(lock)) return fn();
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const staleMs = opts.staleMs ?? 30_000;
  mkdirSync(dirname(lock), { recursive: true, mode: 0o700 });
  const me = JSON.stringify({
    pid: process.pid,
    host: HOST,
    nonce: randomBytes(8).toString('hex'),
    at: Date.now(),
    thread: threadId,
  });
  const deadline = Date.now() + timeoutMs;
  let wait = 1;
  for (;;) {
    let fd: number | undefined;
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (fd !== undefined) {
      try {
        writeSync(fd, me);
      } finally {
        closeSync(fd);
      }
      break;
    }
    const current = readOwner(lock);
    if (current && isStale(lock, current, staleMs)) {
      takeOver(lock, current.text);
      continue;
    }
    if (Date.now() > deadline)
      throw new AppError(
        'internal',
        `Another Quita process has kept ${file} busy for ${Math.round(timeoutMs / 1000)} s; try again.`,
        { code: 'secrets.busy' },
      );
    pause(wait + Math.random() * wait);
    wait = Math.min(wait * 2, 25);
  }
  for (const k of unreadableSince.keys()) if (k.startsWith(`${lock}\0`)) unreadableSince.delete(k);
  held.add(lock);
  try {
    return fn();
  } finally {
    held.delete(lock);
    // Released only if it is still ours (a holder stalled past staleMs may have been taken over).
    if (readOwner(lock)?.text === me) rmSync(lock, { force: true });
  }
}
