import type { Migration } from '../migrate';

/** [U] reserved: filled in by the Pix work (issue 29). Never edit once released. */
export const m015BankFeeds: Migration = {
  version: 15,
  name: 'bank-feeds',
  sql: ``,
};
