import type { Migration } from '../migrate';

/**
 * Matching: the plan proposed for a statement, exactly as the clerk reviews it and as it will be sent.
 *
 * - `match_plans`: one current plan per statement (a re-run replaces it, carrying reviewed matches over),
 *   with the settings and engine version that produced it.
 * - `matches`: one row per credit line of the statement; `state` starts as suggested/unmatched; the review
 *   workflow adds the others. Reasons are stored as codes + params (worded when shown).
 * - `match_items`: the receivables of a match. `active` mirrors the match's state (a trigger keeps it), so
 *   a partial unique index can refuse one receivable in two live matches of the same plan; across plans
 *   of different statements the matching service checks it.
 * - `aliases`: bank payer text (folded, boilerplate stripped) → member, learned from the clerk's choices.
 * - `matching_settings`: a single JSON row; absent means the defaults.
 */
export const m003Matching: Migration = {
  version: 3,
  name: 'matching',
  sql: `
CREATE TABLE match_plans (
  id               INTEGER PRIMARY KEY,
  statement_id     INTEGER NOT NULL REFERENCES statements (id) ON DELETE CASCADE,
  created_at       TEXT    NOT NULL,            -- ISO timestamp
  engine_version   TEXT    NOT NULL,
  settings_json    TEXT    NOT NULL
);
CREATE INDEX match_plans_statement ON match_plans (statement_id, id);

CREATE TABLE matches (
  id               INTEGER PRIMARY KEY,
  plan_id          INTEGER NOT NULL REFERENCES match_plans (id) ON DELETE CASCADE,
  line_id          INTEGER NOT NULL REFERENCES statement_lines (id) ON DELETE CASCADE,
  score            INTEGER NOT NULL CHECK (score BETWEEN 0 AND 100),
  zone             TEXT    NOT NULL CHECK (zone IN ('green', 'yellow', 'red')),
  reasons_json     TEXT    NOT NULL,            -- [{code, params?}]
  state            TEXT    NOT NULL CHECK (state IN
                     ('suggested', 'unmatched', 'overridden', 'approved', 'rejected', 'to_review')),
  updated_at       TEXT    NOT NULL,
  UNIQUE (plan_id, line_id)
);
CREATE INDEX matches_line ON matches (line_id);

CREATE TABLE match_items (
  id               INTEGER PRIMARY KEY,
  match_id         INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  plan_id          INTEGER NOT NULL,            -- copied from the match for the index below
  receivable_id    INTEGER NOT NULL,            -- no foreign key: the receivables cache may be rebuilt
  amount_cents     INTEGER NOT NULL,
  active           INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  UNIQUE (match_id, receivable_id)
);
CREATE UNIQUE INDEX match_items_one_live ON match_items (plan_id, receivable_id) WHERE active = 1;
CREATE INDEX match_items_receivable ON match_items (receivable_id) WHERE active = 1;

-- A rejected (or unmatched) match no longer holds its receivables; any other state does.
CREATE TRIGGER matches_state_items AFTER UPDATE OF state ON matches
BEGIN
  UPDATE match_items SET active = (NEW.state NOT IN ('rejected', 'unmatched')) WHERE match_id = NEW.id;
END;
CREATE TRIGGER matches_plan_items AFTER UPDATE OF plan_id ON matches
BEGIN
  UPDATE match_items SET plan_id = NEW.plan_id WHERE match_id = NEW.id;
END;

CREATE TABLE aliases (
  id               INTEGER PRIMARY KEY,
  payer_key        TEXT    NOT NULL,
  member_id        INTEGER NOT NULL,
  payer_name       TEXT,                        -- the line's payer text as the bank printed it
  learned_at       TEXT    NOT NULL,            -- ISO timestamp of the first time
  times_used       INTEGER NOT NULL DEFAULT 1,  -- how many times the clerk confirmed it
  UNIQUE (payer_key, member_id)
);

CREATE TABLE matching_settings (
  id               INTEGER PRIMARY KEY CHECK (id = 1),
  settings_json    TEXT    NOT NULL,
  updated_at       TEXT    NOT NULL
);
`,
};
