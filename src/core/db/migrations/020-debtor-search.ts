import type { Migration } from '../migrate';

/**
 * [W] (docs/postgres.md): the debtors' search matched names through a function registered on the SQLite connection
 * (`quita_fold`: accents and case folded, api/normalize.ts), which PostgreSQL does not have. The folded name is
 * now a column, written by the cache with the same `fold` (as geography's `search` columns are), so the search is
 * one plain LIKE on both databases. Back-filled here through the same function, which migrate() registers on the
 * connection before migrating.
 */
export const m020DebtorSearch: Migration = {
  version: 20,
  name: 'debtor-search',
  sql: `
ALTER TABLE debtors ADD COLUMN search TEXT;
UPDATE debtors SET search = quita_fold(name) WHERE name IS NOT NULL;
`,
};
