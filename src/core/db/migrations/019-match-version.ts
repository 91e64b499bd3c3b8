import type { Migration } from '../migrate';

/**
 * [W] (issue 34, docs/concurrency.md): several clerks decide the same statements at once, so a decision carries the
 * version of the match the clerk saw, and a match changed since then is not changed again.
 *
 * - `matches.version`: moves every time what a clerk sees of the match changes (its state, its suggestion, why it
 *   was set aside). The review repo bumps it in the same UPDATE that checks it (`… WHERE id = ? AND version = ?`).
 * - `matches_version` trigger: the catch-all for every other writer (a re-run of matching rewriting a suggestion,
 *   a future path nobody remembered), so none can change a match without moving its version. It only fires when the
 *   statement did not move the version itself, and only when something a clerk sees really changed: a re-run that
 *   rewrites a suggestion with the same values, or moves a kept match into the new plan (`plan_id`), is not a
 *   change, and a clerk looking at that line is not refused for it.
 *   SQLite cannot assign NEW in a BEFORE trigger, hence AFTER + UPDATE (recursive triggers are off, and the WHEN
 *   would stop a second round anyway: the inner UPDATE moves the version). PostgreSQL: a BEFORE UPDATE trigger
 *   setting `NEW.version := OLD.version + 1` under the same condition.
 * No trigger on `match_items`: a re-run inserts every item of 20,000 lines ([X]'s bench); an override, the one
 * other path that changes a match's receivables, moves the version itself.
 */
export const m019MatchVersion: Migration = {
  version: 19,
  name: 'match-version',
  sql: `
ALTER TABLE matches ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER matches_version AFTER UPDATE ON matches
WHEN NEW.version = OLD.version AND (
  NEW.state IS NOT OLD.state OR NEW.score IS NOT OLD.score OR NEW.zone IS NOT OLD.zone
  OR NEW.reasons_json IS NOT OLD.reasons_json OR NEW.aside_reason IS NOT OLD.aside_reason
  OR NEW.aside_note IS NOT OLD.aside_note OR NEW.aside_rule_id IS NOT OLD.aside_rule_id)
BEGIN
  UPDATE matches SET version = OLD.version + 1 WHERE id = NEW.id;
END;
`,
};
