import { describe, expect, it } from 'vitest';
import { openDb } from '../db/open-db';
import { actionLabelPt } from '../reports/audit-log.report';
import { storeOfDb } from '../store/sqlite-store';
import { appendAudit } from './audit.repo';
import { auditLastAt, listAudit } from './audit.store';
import { subjectParts, withSubjectNamesIn } from './audit-subject';
import { verifyAudit } from './audit-verify';

const who = { actor: 'maria (browser)', profileId: 'p-1' };

/** [T] item 4: what an audit entry is about, by name, without touching what the chain hashes. */
describe('audit subjects by name', () => {
  it('names files, members and connections from the entry itself or the branch, and leaves the rest to the id', async () => {
    const db = openDb(':memory:');
    const now = '2026-11-20T12:00:00.000Z';
    db.prepare(
      `INSERT INTO return_files (id, bank_account_id, file_name, sha256, byte_size, bank_code, layout, variant,
         imported_at, title_count, settlement_count, inserted_count, known_count)
       VALUES (1, 1, 'retorno.ret', 'x', 10, '341', '400', 'itau-400', ?, 7, 5, 5, 0)`,
    ).run(now);
    db.prepare(
      `INSERT INTO debtors (member_id, name, raw_json, fetched_at) VALUES (42, 'Maria Souza', '{}', ?)`,
    ).run(now);
    // A return file audited without its name in the entry: the branch's table names it.
    appendAudit(db, { ...who, action: 'import.committed', subject: 'return_file:1', after: { kind: 'x' } });
    // A card file with its name in the entry (as the importer writes it), gone from the branch's tables.
    appendAudit(db, {
      ...who,
      action: 'import.committed',
      subject: 'acquirer_file:9',
      after: { fileName: 'cielo-04.txt' },
    });
    // A removed statement: named by what the removal recorded (before), its row is gone.
    appendAudit(db, {
      ...who,
      action: 'import.removed',
      subject: 'statement:3',
      before: { fileName: 'extrato_nov.ofx' },
      after: { matchesDiscarded: 0 },
    });
    appendAudit(db, { ...who, action: 'notification.sent', subject: 'member:42', after: {} });
    appendAudit(db, {
      ...who,
      action: 'settings.changed',
      subject: 'profile:p-1',
      after: { renotifyDays: 7 },
    });
    appendAudit(db, { ...who, action: 'outbox.sent', subject: 'batch:2', after: { state: 'sent' } });
    appendAudit(db, { ...who, action: 'settings.changed', subject: 'matching', after: {} });
    appendAudit(db, { ...who, action: 'match.approved', subject: 'line:77', after: {} });

    const named = await storeOfDb(db).read(async (tx) =>
      withSubjectNamesIn(tx, (await listAudit(tx)).entries, (id) => (id === 'p-1' ? 'Centro' : undefined)),
    );
    expect(Object.fromEntries(named.map((e) => [e.subject, e.subjectName]))).toEqual({
      'return_file:1': 'retorno.ret',
      'acquirer_file:9': 'cielo-04.txt',
      'statement:3': 'extrato_nov.ofx',
      'member:42': 'Maria Souza',
      'profile:p-1': 'Centro',
      'batch:2': null, // "Lote 2" is its name
      matching: null,
      'line:77': null, // no such line any more: its number will do
    });
    // Shown only: the stored subjects are as written and the chain still verifies.
    expect(named.map((e) => e.subject)).toContain('return_file:1');
    expect(verifyAudit(db)).toMatchObject({ ok: true, entries: 8 });
    expect(await storeOfDb(db).read(auditLastAt)).toBe(named[0]!.at);
  });

  it('splits kind:id subjects only', () => {
    expect(subjectParts('return_file:12')).toEqual({ kind: 'return_file', id: '12' });
    expect(subjectParts('matching')).toBeNull();
    expect(subjectParts('cycle 3')).toBeNull();
    expect(subjectParts(null)).toBeNull();
  });

  it('an empty log has no last entry', async () => {
    expect(await storeOfDb(openDb(':memory:')).read(auditLastAt)).toBeNull();
  });
});

describe('the exports name each kind of import', () => {
  it('a return file and a card sales file are not "Extrato importado"', () => {
    expect(actionLabelPt('import.committed', 'statement:1')).toBe('Extrato importado');
    expect(actionLabelPt('import.committed', 'return_file:1')).toBe('Arquivo retorno importado');
    expect(actionLabelPt('import.committed', 'acquirer_file:1')).toBe(
      'Arquivo de vendas do cartão importado',
    );
    expect(actionLabelPt('outbox.sent', 'batch:1')).toBe('Lote enviado');
    expect(actionLabelPt('something.new', null)).toBeUndefined();
  });
});
