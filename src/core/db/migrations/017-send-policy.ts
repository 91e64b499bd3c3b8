import type { Migration } from '../migrate';

/** [U] reserved: filled in by the policy work (issue 29). Never edit once released. */
export const m017SendPolicy: Migration = {
  version: 17,
  name: 'send-policy',
  sql: ``,
};
