import type { Migration } from '../migrate';

/**
 * [R] item 6: a database says whose it is. `application_id` (in the file's header, readable without opening it:
 * db-identity.ts) marks the file as Quita's, and `db_identity` names the connection profile (branch) it belongs
 * to, so a restore refuses another branch's backup and a profile refuses another branch's file put in its folder.
 * An existing database takes the profile that wrote its first audit entry (every entry of a profile's log carries
 * that profile's id); one with no entry yet is claimed by the profile that opens it (open-db.ts).
 */
export const m014Identity: Migration = {
  version: 14,
  name: 'identity',
  sql: `
CREATE TABLE db_identity (
  key    TEXT PRIMARY KEY,                    -- 'profile_id'
  value  TEXT NOT NULL
);
INSERT INTO db_identity (key, value)
  SELECT 'profile_id', profile_id FROM audit_log ORDER BY seq LIMIT 1;
PRAGMA application_id = 1365865569;
`,
};
