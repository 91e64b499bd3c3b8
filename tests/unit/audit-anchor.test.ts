import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOf, type AuditRow } from '../../src/core/audit/audit.repo';
import type { RunningSandbox } from '../../src/sandbox';
import { createSay } from '../../src/cli/i18n';
import { quitaCli } from '../helpers/cli';
import { testSandbox } from '../helpers/sandbox';
import { tempDir } from '../helpers/tmp';

/**
 * [N] item 3, attacked: the two edits the hash chain alone cannot see — the last entries deleted, and an entry
 * edited with the chain recomputed after it — are caught by the anchor kept outside the database.
 */
const tmp = tempDir();
const dataDir = join(tmp.dir, 'data');
const quita = quitaCli(dataDir, { ...process.env, QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key') });
let sandbox: RunningSandbox;

/** What Auditoria says, from the catalogue: the command says the same. */
const say = createSay('pt-BR');
const ANY = '\u0001';
const shape = (key: string, params: Record<string, unknown>) =>
  new RegExp(
    say
      .t(key, params)
      .split(ANY)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\d+'),
  );
let dbFile: string;

/** What someone with the database file (and no key) can do: drop the guards and edit rows. */
function tamper(edit: (db: Database.Database) => void) {
  const db = new Database(dbFile);
  db.exec('DROP TRIGGER IF EXISTS audit_log_no_update; DROP TRIGGER IF EXISTS audit_log_no_delete;');
  edit(db);
  db.close();
}
const verify = async () => {
  const r = await quita(['audit', 'verify', '--json']);
  return {
    code: r.code,
    out: r.code === 0 ? (JSON.parse(r.stdout) as { entries: number }) : null,
    err: r.stderr,
  };
};

beforeAll(async () => {
  sandbox = await testSandbox();
  await quita(
    ['connect', '--base-url', sandbox.url, '--username', sandbox.username, '--key-kind', 'branch'],
    {
      QUITA_PASSWORD: sandbox.branchKey,
    },
  );
  for (let i = 0; i < 3; i++) expect((await quita(['sync', '--no-debtors'])).code).toBe(0);
  dbFile = join(dataDir, 'profiles', readdirSync(join(dataDir, 'profiles'))[0]!, 'quita.db');
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  tmp.cleanup();
});

describe('the audit log is anchored outside the database', () => {
  it('says where the anchor is, and catches entries re-hashed after an edit', async () => {
    const ok = await quita(['audit', 'verify']);
    expect(ok.code).toBe(0);
    // Auditoria's words: intact, then what the copy kept outside the database adds, then its count and hash.
    const [, anchor, technical] = ok.stdout.trimEnd().split('\n');
    expect(anchor).toBe(say.t('audit.verify.anchor'));
    expect(technical).toMatch(/[0-9a-f]{16}…/);
    tamper((db) => {
      const rows = db.prepare('SELECT * FROM audit_log ORDER BY seq').all() as AuditRow[];
      // Change what the second entry says, then recompute every hash from it on: the chain is whole again.
      let prev = rows[0]!.hash;
      for (const r of rows.slice(1)) {
        const after = r.seq === 2 ? '{"requests":0}' : r.after_json;
        const hash = hashOf({ ...r, after_json: after, prev_hash: prev });
        db.prepare('UPDATE audit_log SET after_json = ?, prev_hash = ?, hash = ? WHERE seq = ?').run(
          after,
          prev,
          hash,
          r.seq,
        );
        prev = hash;
      }
    });
    const v = await verify();
    expect(v.code).toBe(1);
    expect(v.err).toMatch(shape('audit.verify.reason.rewritten', { n: ANY }));
  });

  it('catches the last entries deleted', async () => {
    // A clean log again (the restore starts a new anchor and is itself recorded), then the attack.
    expect((await quita(['restore', '--latest'])).code).toBe(0);
    expect((await quita(['sync', '--no-debtors'])).code).toBe(0);
    expect((await verify()).code).toBe(0);
    tamper((db) =>
      db.prepare('DELETE FROM audit_log WHERE seq > (SELECT max(seq) - 2 FROM audit_log)').run(),
    );
    const v = await verify();
    expect(v.code).toBe(1);
    expect(v.err).toMatch(shape('audit.verify.reason.truncated', { last: ANY, anchored: ANY }));
    // The evidence stays: other commands do not move the anchor over a tampered log.
    await quita(['status']);
    expect((await verify()).code).toBe(1);
  });

  it('exports say which anchor the log was checked against', async () => {
    const out = join(tmp.dir, 'auditoria.csv');
    const r = await quita(['audit', 'export', '--format', 'csv', '--out', out]);
    expect(r.code).toBe(0);
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(out, 'utf8');
    // [T] in words: tampered with, and, for the auditor, the check copy with its hash labelled.
    expect(text).toMatch(/Verificação da auditoria: ADULTERADA/);
    expect(text).toMatch(
      /Para o auditor: cópia de conferência gravada em [\d/: ]+, com \d+ registros\. Código de conferência \(hash\) do último registro: [0-9a-f]{64}\./,
    );
    expect(text).not.toMatch(/Âncora|cabeça|cadeia de hashes/);
  });
});
