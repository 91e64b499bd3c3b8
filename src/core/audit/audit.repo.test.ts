import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { m004AuditNotifications } from '../db/migrations/004-audit-notifications';
import { appendAudit, canonicalJson, queryAudit } from './audit.repo';
import { verifyAudit } from './audit-verify';

const fresh = () => {
  const db = new Database(':memory:');
  db.exec(m004AuditNotifications.sql);
  return db;
};
const entry = (n: number) => ({
  actor: 'maria (desktop)',
  profileId: 'p-1',
  action: 'match.approved',
  subject: `line:${n}`,
  before: { state: 'suggested' },
  after: { state: 'approved', n },
});

describe('audit log', () => {
  it('chains entries and verifies them', () => {
    const db = fresh();
    for (let i = 1; i <= 5; i++) appendAudit(db, entry(i));
    expect(verifyAudit(db)).toEqual({ ok: true, entries: 5, brokenAt: null, reason: null, anchor: null });
    const { entries, total } = queryAudit(db, { action: 'match' });
    expect(total).toBe(5);
    expect(entries[0]).toMatchObject({ seq: 5, subject: 'line:5', after: { state: 'approved', n: 5 } });
  });

  it('refuses updates and deletes from the app', () => {
    const db = fresh();
    appendAudit(db, entry(1));
    expect(() => db.prepare("UPDATE audit_log SET actor = 'x'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
  });

  it('detects an entry changed behind the app’s back, and where', () => {
    const db = fresh();
    for (let i = 1; i <= 4; i++) appendAudit(db, entry(i));
    db.exec('DROP TRIGGER audit_log_no_update');
    db.prepare(`UPDATE audit_log SET after_json = '{"state":"rejected"}' WHERE seq = 3`).run();
    expect(verifyAudit(db)).toMatchObject({
      ok: false,
      brokenAt: 3,
      reason: 'entry 3 was changed after it was written',
    });
  });

  it('detects a deleted entry and a re-hashed forgery that does not relink', () => {
    const db = fresh();
    for (let i = 1; i <= 4; i++) appendAudit(db, entry(i));
    db.exec('DROP TRIGGER audit_log_no_delete');
    db.prepare('DELETE FROM audit_log WHERE seq = 2').run();
    expect(verifyAudit(db)).toMatchObject({ ok: false, brokenAt: 2, reason: 'entry 2 is missing' });
  });

  it('hashes content canonically (key order does not matter)', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: null }] })).toBe('{"a":[2,{"c":null,"d":3}],"b":1}');
  });
});
