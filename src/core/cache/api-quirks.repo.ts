import type { ApiQuirks, Quirk } from '../api/quirks';
import type { Store, Tx } from '../store/store';

export interface KnownQuirk {
  quirk: Quirk;
  evidence: string;
  learnedAt: string;
}

/** A profile's learned quirks (see api/quirks.ts), kept in its database, by name. */
export const listQuirks = async (tx: Tx): Promise<KnownQuirk[]> =>
  (await tx
    .selectFrom('api_quirks')
    .select(['quirk', 'evidence', 'learned_at as learnedAt'])
    .orderBy('quirk')
    .execute()) as KnownQuirk[];

/** Remember a quirk; one already known keeps its first evidence (another process may have learned it too). */
export async function saveQuirk(tx: Tx, quirk: Quirk, evidence: string, at: string): Promise<void> {
  await tx
    .insertInto('api_quirks')
    .values({ quirk, evidence, learned_at: at })
    .onConflict((oc) => oc.column('quirk').doNothing())
    .execute();
}

/**
 * The quirks of a profile's server for one API client, over the branch's Store: read once when the client is made
 * (the client asks `has` synchronously, before each request), and a quirk learned from a refused request is known
 * at once in memory and written to the database behind the request, in a write transaction of its own that the
 * request never waits for (a Store transaction awaits nothing but its own queries). A failed write is reported to
 * `onError` and costs only a second refused request in a later client. `settled()` waits for the writes so far.
 */
export async function storeQuirks(
  store: Store,
  opts: { now?: () => Date; onError?: (e: unknown) => void } = {},
): Promise<ApiQuirks & { settled(): Promise<void> }> {
  const now = opts.now ?? (() => new Date());
  const known = new Set((await store.read(listQuirks)).map((q) => q.quirk));
  let writes: Promise<void> = Promise.resolve();
  return {
    has: (q) => known.has(q),
    learn(q, evidence) {
      if (known.has(q)) return;
      known.add(q);
      const at = now().toISOString();
      writes = writes.then(() =>
        store.write((tx) => saveQuirk(tx, q, evidence, at)).catch((e: unknown) => opts.onError?.(e)),
      );
    },
    settled: () => writes,
  };
}
