import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { MIGRATIONS } from './index';

/**
 * Migration 009 rebuilds `matches` and `match_items` (SQLite cannot change a CHECK in place) with foreign keys on:
 * a branch upgrading from version 8 keeps every plan, match and item, with the triggers working after.
 */
describe('migration 009 on a database written by version 8', () => {
  it('keeps matches and their items, and the new states and triggers work', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, 8));
    db.exec(`
      INSERT INTO statements (id, bank_account_id, file_name, sha256, byte_size, format, mapping_json, mapping_source,
        imported_at, period_from, period_to, line_count, credit_count, debit_count, balance_count, inserted_count,
        known_count, rejected_count)
      VALUES (1, 1, 'x.ofx', 'h', 1, 'ofx', '{}', 'detected', '2026-11-01', '2026-11-01', '2026-11-02', 2, 2, 0, 0, 2, 0, 0);
      INSERT INTO statement_lines (id, statement_id, bank_account_id, position, date, amount_cents, kind, description,
        raw_json, fingerprint)
      VALUES (10, 1, 1, 1, '2026-11-01', 9990, 'credit', 'PIX RECEBIDO ANA', '{}', 'a'),
             (11, 1, 1, 2, '2026-11-02', 4990, 'credit', 'RENDIMENTO', '{}', 'b');
      INSERT INTO match_plans (id, statement_id, created_at, engine_version, settings_json)
      VALUES (5, 1, '2026-11-03', 'v', '{}');
      INSERT INTO matches (id, plan_id, line_id, score, zone, reasons_json, state, updated_at)
      VALUES (100, 5, 10, 95, 'green', '[]', 'approved', 't'), (101, 5, 11, 0, 'red', '[]', 'unmatched', 't');
      INSERT INTO match_items (id, match_id, plan_id, receivable_id, amount_cents, active)
      VALUES (1000, 100, 5, 777, 9990, 1);
    `);
    migrate(db, MIGRATIONS);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.prepare('SELECT id, state, score FROM matches ORDER BY id').all()).toEqual([
      { id: 100, state: 'approved', score: 95 },
      { id: 101, state: 'unmatched', score: 0 },
    ]);
    expect(db.prepare('SELECT id, match_id, receivable_id, active FROM match_items').all()).toEqual([
      { id: 1000, match_id: 100, receivable_id: 777, active: 1 },
    ]);
    // The new states are accepted; set aside needs its reason (and only it has one).
    db.prepare(`UPDATE matches SET state = 'set_aside', aside_reason = 'interest' WHERE id = 101`).run();
    expect(() => db.prepare(`UPDATE matches SET state = 'set_aside' WHERE id = 100`).run()).toThrow(/CHECK/);
    // The triggers came back: a rejected match lets go of its receivables; items still cascade with their match.
    db.prepare(`UPDATE matches SET state = 'rejected' WHERE id = 100`).run();
    expect(db.prepare('SELECT active FROM match_items WHERE id = 1000').pluck().get()).toBe(0);
    db.prepare('DELETE FROM matches WHERE id = 100').run();
    expect(db.prepare('SELECT count(*) FROM match_items').pluck().get()).toBe(0);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
  });
});
