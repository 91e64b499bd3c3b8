import type { Migration } from '../migrate';

/**
 * Every line ends decided ([M] item 3): two more states of a match, and set-aside rules.
 *
 * - `recorded`: the line's money was already recorded in the gym system (the receivable it pays is received
 *   there). Written by the engine, so a re-run recomputes it; counted as reconciled.
 * - `set_aside`: not a member's payment (bank interest, a transfer between the branch's own accounts, a
 *   partner's payout, a refund, other). By the clerk (kept by re-runs) or by a rule (`aside_rule_id`; a
 *   re-run applies the rules again, so removing a rule gives its lines back to matching).
 * - `aside_rules`: "always set aside lines like this": every word of `pattern` (folded text) appears in the
 *   line's description or payer text; optionally only on one bank account.
 *
 * SQLite cannot change a CHECK in place, so `matches` is rebuilt. `match_items` references it with ON DELETE
 * CASCADE and foreign keys are on (they cannot be turned off inside the migration's transaction), so it is
 * rebuilt too: both copied, the old ones dropped child first (nothing cascades), the new ones renamed (SQLite
 * rewrites the reference), indexes and triggers created again.
 */
export const m009DecidedLines: Migration = {
  version: 9,
  name: 'decided-lines',
  sql: `
CREATE TABLE aside_rules (
  id               INTEGER PRIMARY KEY,
  pattern          TEXT    NOT NULL CHECK (length(pattern) BETWEEN 3 AND 120),
  reason           TEXT    NOT NULL CHECK (reason IN ('interest', 'own_transfer', 'partner_payout', 'refund', 'other')),
  note             TEXT,
  bank_account_id  INTEGER,                     -- null: every account
  created_at       TEXT    NOT NULL,
  updated_at       TEXT    NOT NULL,
  last_applied_at  TEXT                         -- the last run that set a line aside by it
);

CREATE TABLE matches_new (
  id               INTEGER PRIMARY KEY,
  plan_id          INTEGER NOT NULL REFERENCES match_plans (id) ON DELETE CASCADE,
  line_id          INTEGER NOT NULL REFERENCES statement_lines (id) ON DELETE CASCADE,
  score            INTEGER NOT NULL CHECK (score BETWEEN 0 AND 100),
  zone             TEXT    NOT NULL CHECK (zone IN ('green', 'yellow', 'red')),
  reasons_json     TEXT    NOT NULL,
  state            TEXT    NOT NULL CHECK (state IN
                     ('suggested', 'unmatched', 'overridden', 'approved', 'rejected', 'to_review',
                      'recorded', 'set_aside')),
  updated_at       TEXT    NOT NULL,
  aside_reason     TEXT    CHECK (aside_reason IN ('interest', 'own_transfer', 'partner_payout', 'refund', 'other')),
  aside_note       TEXT,
  aside_rule_id    INTEGER REFERENCES aside_rules (id) ON DELETE SET NULL,
  UNIQUE (plan_id, line_id),
  CHECK ((state = 'set_aside') = (aside_reason IS NOT NULL))
);
INSERT INTO matches_new (id, plan_id, line_id, score, zone, reasons_json, state, updated_at)
  SELECT id, plan_id, line_id, score, zone, reasons_json, state, updated_at FROM matches;

CREATE TABLE match_items_new (
  id               INTEGER PRIMARY KEY,
  match_id         INTEGER NOT NULL REFERENCES matches_new (id) ON DELETE CASCADE,
  plan_id          INTEGER NOT NULL,
  receivable_id    INTEGER NOT NULL,
  amount_cents     INTEGER NOT NULL,
  active           INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  UNIQUE (match_id, receivable_id)
);
INSERT INTO match_items_new SELECT id, match_id, plan_id, receivable_id, amount_cents, active FROM match_items;

DROP TABLE match_items;
DROP TABLE matches;
ALTER TABLE matches_new RENAME TO matches;
ALTER TABLE match_items_new RENAME TO match_items;

CREATE INDEX matches_line ON matches (line_id);
CREATE INDEX matches_aside_rule ON matches (aside_rule_id) WHERE aside_rule_id IS NOT NULL;
CREATE UNIQUE INDEX match_items_one_live ON match_items (plan_id, receivable_id) WHERE active = 1;
CREATE INDEX match_items_receivable ON match_items (receivable_id) WHERE active = 1;

-- Only a match proposing or holding receivables keeps them live.
CREATE TRIGGER matches_state_items AFTER UPDATE OF state ON matches
BEGIN
  UPDATE match_items SET active = (NEW.state NOT IN ('rejected', 'unmatched', 'recorded', 'set_aside'))
  WHERE match_id = NEW.id;
END;
CREATE TRIGGER matches_plan_items AFTER UPDATE OF plan_id ON matches
BEGIN
  UPDATE match_items SET plan_id = NEW.plan_id WHERE match_id = NEW.id;
END;
`,
};
