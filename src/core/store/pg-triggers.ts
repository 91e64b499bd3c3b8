/**
 * SQLite's triggers, translated to PostgreSQL by hand (a trigger body is a program, not a column list: no
 * translator would be trusted with it). Each entry keeps the SQLite text it was translated from; pg-schema.ts
 * refuses to build PostgreSQL's schema when a migration adds a trigger missing here or changes one (its text no
 * longer equal), so the two cannot drift apart unnoticed. Re-review the translation, then update `from`.
 */
export interface TriggerTranslation {
  /** SQLite's CREATE TRIGGER as sqlite_master holds it (compared with whitespace collapsed). */
  from: string;
  /** PostgreSQL statements: the function and the trigger(s), named after the SQLite trigger. */
  pg: string;
}

const APPEND_ONLY = `
create or replace function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the audit log is append-only';
end $$;`;

export const PG_TRIGGERS: Readonly<Record<string, TriggerTranslation>> = {
  audit_log_no_update: {
    from: `CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END`,
    pg: `${APPEND_ONLY}
create trigger audit_log_no_update before update on audit_log
  for each row execute function audit_log_append_only();`,
  },
  audit_log_no_delete: {
    from: `CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END`,
    // PostgreSQL also has TRUNCATE, which fires no DELETE trigger.
    pg: `${APPEND_ONLY}
create trigger audit_log_no_delete before delete on audit_log
  for each row execute function audit_log_append_only();
create trigger audit_log_no_delete_truncate before truncate on audit_log
  for each statement execute function audit_log_append_only();`,
  },
  matches_plan_items: {
    from: `CREATE TRIGGER matches_plan_items AFTER UPDATE OF plan_id ON matches
BEGIN
  UPDATE match_items SET plan_id = NEW.plan_id WHERE match_id = NEW.id;
END`,
    pg: `
create or replace function matches_plan_items() returns trigger language plpgsql as $$
begin
  update match_items set plan_id = new.plan_id where match_id = new.id;
  return null;
end $$;
create trigger matches_plan_items after update of plan_id on matches
  for each row execute function matches_plan_items();`,
  },
  matches_state_items: {
    from: `CREATE TRIGGER matches_state_items AFTER UPDATE OF state ON matches
BEGIN
  UPDATE match_items SET active = (NEW.state NOT IN ('rejected', 'unmatched', 'recorded', 'set_aside'))
  WHERE match_id = NEW.id;
END`,
    // SQLite's boolean is the integer 0/1 the column holds; PostgreSQL's must be turned into one.
    pg: `
create or replace function matches_state_items() returns trigger language plpgsql as $$
begin
  update match_items
     set active = case when new.state not in ('rejected', 'unmatched', 'recorded', 'set_aside') then 1 else 0 end
   where match_id = new.id;
  return null;
end $$;
create trigger matches_state_items after update of state on matches
  for each row execute function matches_state_items();`,
  },
  matches_version: {
    from: `CREATE TRIGGER matches_version AFTER UPDATE ON matches
WHEN NEW.version = OLD.version AND (
  NEW.state IS NOT OLD.state OR NEW.score IS NOT OLD.score OR NEW.zone IS NOT OLD.zone
  OR NEW.reasons_json IS NOT OLD.reasons_json OR NEW.aside_reason IS NOT OLD.aside_reason
  OR NEW.aside_note IS NOT OLD.aside_note OR NEW.aside_rule_id IS NOT OLD.aside_rule_id)
BEGIN
  UPDATE matches SET version = OLD.version + 1 WHERE id = NEW.id;
END`,
    // As migration 019 says: PostgreSQL can assign NEW in a BEFORE trigger, so no second UPDATE. SQLite's
    // IS NOT is PostgreSQL's IS DISTINCT FROM.
    pg: `
create or replace function matches_version() returns trigger language plpgsql as $$
begin
  if new.version = old.version and (
       new.state is distinct from old.state or new.score is distinct from old.score
    or new.zone is distinct from old.zone or new.reasons_json is distinct from old.reasons_json
    or new.aside_reason is distinct from old.aside_reason or new.aside_note is distinct from old.aside_note
    or new.aside_rule_id is distinct from old.aside_rule_id) then
    new.version := old.version + 1;
  end if;
  return new;
end $$;
create trigger matches_version before update on matches
  for each row execute function matches_version();`,
  },
};
