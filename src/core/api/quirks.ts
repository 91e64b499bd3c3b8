import type { ListFilter } from './filters';

/**
 * What Quita has learned about one profile's server where the documentation leaves room (docs/api-behaviour.md):
 * a server that refuses several values of a documented list filter, or a time of day in a date filter. Learned
 * from a 400 that names the parameter, kept per profile (in its database), so the next run asks right at once.
 */
export type Quirk =
  | `single-value:${ListFilter}`
  | 'date-only-filters'
  /** `updateDateStart` with a time of day did not find receivables the server had just updated. */
  | 'coarse-update-date'
  /** [V] A 400 naming `idBranch`: this server takes no branch filter; a network is read whole and split. */
  | 'id-branch-refused'
  /** [V] Rows of other branches came back under `idBranch`: the filter is ignored; likewise. */
  | 'id-branch-ignored'
  /** [V] A multi-location key asked without `idBranch` was refused: the network is read branch by branch. */
  | 'admin-needs-branch';

export interface ApiQuirks {
  has(q: Quirk): boolean;
  learn(q: Quirk, evidence: string): void;
}

/** Quirks kept in memory only (tests, one-off clients). */
export function memoryQuirks(initial: Quirk[] = []): ApiQuirks & { learned: Quirk[] } {
  const set = new Set<Quirk>(initial);
  const learned: Quirk[] = [];
  return {
    learned,
    has: (q) => set.has(q),
    learn(q) {
      if (set.has(q)) return;
      set.add(q);
      learned.push(q);
    },
  };
}
