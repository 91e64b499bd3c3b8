import type { Migration } from '../migrate';

/**
 * [R] item 4: a set-aside rule can be narrowed by amount — only lines of at least `min_cents` and at most
 * `max_cents` (either null: no bound). With the words and the bank account, what a clerk narrows a too-wide
 * rule with (core/matching/aside-rules.ts).
 */
export const m013AsideRuleRange: Migration = {
  version: 13,
  name: 'aside-rule-range',
  sql: `
ALTER TABLE aside_rules ADD COLUMN min_cents INTEGER CHECK (min_cents IS NULL OR min_cents >= 0);
ALTER TABLE aside_rules ADD COLUMN max_cents INTEGER CHECK (max_cents IS NULL OR max_cents >= 0);
`,
};
