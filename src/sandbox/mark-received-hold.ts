/**
 * Test control of mark-received (no real API has it): hold one request open at the server once it has arrived
 * whole, tell the test it arrived, and let the test decide what the server does with it — apply it late (the
 * server was slow; its client may be gone by then) or drop it (the server never applied it). With `applyFirst`
 * the change is applied on arrival and only the answer is held (the server applied it, the client never heard).
 * Every mark-received that reached the handler is journaled with its outcome, so a test counts per receivable
 * what the server really did, whatever its clients saw.
 */

/** What the server did with one mark-received request that arrived whole and valid. */
export type MarkReceivedOutcome = 'applied' | 'refused' | 'dropped';

export interface MarkReceivedRecord {
  ids: readonly number[];
  idBankAccount: number;
  outcome: MarkReceivedOutcome;
}

export interface HoldOptions {
  /** Let this many mark-received requests through first; the next one is held. Default 0. */
  skip?: number;
  /** Apply the change when it arrives and hold only the answer. Default false: hold before applying. */
  applyFirst?: boolean;
}

export interface HeldMarkReceived {
  /** Resolves once the held request arrived whole (body read and valid) and waits at the server. */
  readonly arrived: Promise<{ ids: readonly number[]; idBankAccount: number }>;
  /** Resolves once the held request's connection closed: its client gave up or died. */
  readonly clientGone: Promise<void>;
  /**
   * The request goes on as if the server had only been slow: the change is applied (unless `applyFirst` did it
   * already), and answered if the client is still there. Resolves with what the server did.
   */
  release(): Promise<MarkReceivedOutcome>;
  /** The connection is destroyed and nothing (more) is applied. Resolves with what the server did. */
  drop(): Promise<MarkReceivedOutcome>;
}

type Decision = 'release' | 'drop';

/** What the route sees of a hold armed for the request in hand. */
export interface HoldGate {
  applyFirst: boolean;
  /** Tells the test the request arrived, then waits for its decision. */
  arrive(
    put: { ids: readonly number[]; idBankAccount: number },
    onClientGone: Promise<void>,
  ): Promise<Decision>;
  /** The route finished with the request. */
  done(outcome: MarkReceivedOutcome): void;
}

interface Armed {
  skip: number;
  gate: HoldGate;
  /** Unblocks a request still held (sandbox closing). */
  abandon(): void;
}

export interface MarkReceivedWatch {
  hold(opts?: HoldOptions): HeldMarkReceived;
  /** For the route: the gate of an armed hold if this request is the one to hold, else null. */
  take(): HoldGate | null;
  record(r: MarkReceivedRecord): void;
  readonly journal: readonly MarkReceivedRecord[];
  /** Drops whatever is held (the sandbox is closing). */
  closeAll(): void;
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export function createMarkReceivedWatch(): MarkReceivedWatch {
  const journal: MarkReceivedRecord[] = [];
  const armed: Armed[] = [];
  /** Holds taken by a request and not yet done. */
  const held = new Set<Armed>();

  return {
    journal,
    record: (r) => void journal.push({ ...r, ids: [...r.ids] }),
    hold(opts = {}) {
      const arrived = deferred<{ ids: readonly number[]; idBankAccount: number }>();
      const gone = deferred<void>();
      const decision = deferred<Decision>();
      const finished = deferred<MarkReceivedOutcome>();
      const gate: HoldGate = {
        applyFirst: opts.applyFirst ?? false,
        arrive(put, onClientGone) {
          void onClientGone.then(() => gone.resolve());
          arrived.resolve({ ids: [...put.ids], idBankAccount: put.idBankAccount });
          return decision.promise;
        },
        done: (outcome) => finished.resolve(outcome),
      };
      armed.push({ skip: opts.skip ?? 0, gate, abandon: () => decision.resolve('drop') });
      const decide = (d: Decision) => {
        decision.resolve(d);
        return finished.promise;
      };
      return {
        arrived: arrived.promise,
        clientGone: gone.promise,
        release: () => decide('release'),
        drop: () => decide('drop'),
      };
    },
    take() {
      const first = armed[0];
      if (!first) return null;
      if (first.skip > 0) {
        first.skip--;
        return null;
      }
      armed.shift();
      held.add(first);
      const gate = first.gate;
      return { ...gate, done: (o) => (held.delete(first), gate.done(o)) };
    },
    closeAll() {
      for (const a of [...armed.splice(0), ...held]) a.abandon();
    },
  };
}
