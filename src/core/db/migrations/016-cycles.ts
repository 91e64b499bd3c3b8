import type { Migration } from '../migrate';

/** [U] reserved: filled in by the cycle work (issue 29). Never edit once released. */
export const m016Cycles: Migration = {
  version: 16,
  name: 'cycles',
  sql: ``,
};
