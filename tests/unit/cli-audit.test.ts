import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../../src/core/audit/audit.repo';
import { profileDbPath } from '../../src/core/db/profile-dbs';
import { openDb } from '../../src/core/db/open-db';
import { pdfPages } from '../../src/core/reports/pdf-text.testing';
import type { RunningSandbox } from '../../src/sandbox';
import { testSandbox } from '../helpers/sandbox';
import { quitaCli } from '../helpers/cli';
import { createSay, type Say } from '../../src/cli/i18n';
import { tempDir } from '../helpers/tmp';

const tmp = tempDir();
const dataDir = join(tmp.dir, 'data');
let sandbox: RunningSandbox;
let dbFile: string;

const quita = quitaCli(dataDir, { QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key') });

/** Auditoria's sentences, as the catalogue words them: the command says what the screen says. */
const say = createSay('pt-BR');
const ANY = '\u0001';
/** A catalogue sentence as a pattern, its parameters given as ANY standing for any text. */
const shape = (s: Say, key: string, params: Record<string, unknown>) =>
  new RegExp(
    `^${s
      .t(key, params)
      .split(ANY)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  );

/** Write straight into the profile's database, as the app's services would have. */
function withDb(fn: (db: ReturnType<typeof openDb>) => void) {
  const db = openDb(dbFile);
  try {
    fn(db);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  sandbox = await testSandbox();
  const c = await quita(
    ['connect', '--base-url', sandbox.url, '--username', sandbox.username, '--key-kind', 'branch'],
    { QUITA_PASSWORD: sandbox.branchKey },
  );
  expect(c.code, c.stderr).toBe(0);
  const { activeProfileId } = JSON.parse((await quita(['profiles', '--json'])).stdout) as {
    activeProfileId: string;
  };
  dbFile = profileDbPath(dataDir, activeProfileId);
  const who = { actor: 'ana (desktop)', profileId: activeProfileId };
  withDb((db) => {
    appendAudit(db, {
      ...who,
      at: '2026-11-20T13:00:00.000Z',
      action: 'import.committed',
      subject: 'statement:1',
    });
    appendAudit(db, {
      ...who,
      at: '2026-11-20T13:05:00.000Z',
      action: 'match.approved',
      subject: 'line:7',
      after: { matchId: 3, state: 'approved' },
    });
    appendAudit(db, {
      ...who,
      at: '2026-11-21T14:00:00.000Z',
      action: 'notification.sent',
      // A member name a spreadsheet would run as a formula, shown as the subject.
      subject: '=2+5',
      after: { memberId: 42 },
    });
  });
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  tmp.cleanup();
});

describe('quita audit', () => {
  it('verify: exit 0 and says the chain is intact', async () => {
    const r = await quita(['audit', 'verify']);
    expect(r.code, r.stderr).toBe(0);
    // 4: quita connect recorded the new connection profile first (without its key).
    // Auditoria's own sentences: intact, how many and up to when; what the anchor adds; its count and head.
    const [state, anchor, technical] = r.stdout.trimEnd().split('\n');
    expect(state).toMatch(shape(say, 'audit.verify.ok', { count: 4, when: ANY }));
    expect(state).toMatch(/ \d{2}\/\d{2}\/\d{4} .*\d{2}:\d{2}/);
    expect(anchor).toBe(say.t('audit.verify.anchor'));
    // The anchor moves at the end of a command: it may not count the entries written behind the app's back yet.
    const technicalShapes = [1, ANY].map((count) =>
      shape(say, 'audit.verify.anchorTechnical', { count, head: ANY, when: ANY }),
    );
    expect(
      technicalShapes.some((re) => re.test(technical!)),
      technical,
    ).toBe(true);
    expect(technical).toMatch(/[0-9a-f]{16}…/);
    const en = await quita(['--lang', 'en', 'audit', 'verify']);
    expect(en.stdout.split('\n')[0]).toMatch(
      shape(createSay('en'), 'audit.verify.ok', { count: 4, when: ANY }),
    );
    const j = await quita(['audit', 'verify', '--json']);
    expect(JSON.parse(j.stdout)).toMatchObject({ ok: true, entries: 4, brokenAt: null, reason: null });
  });

  it('export --format csv --out FILE writes the period’s entries, formulas neutralised, verification last', async () => {
    const out = join(tmp.dir, 'audit.csv');
    const r = await quita([
      'audit',
      'export',
      '--format',
      'csv',
      '--out',
      out,
      '--from',
      '2026-11-20',
      '--to',
      '2026-11-21',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(
      new RegExp(
        `^Arquivo gravado: ${out.replace(/[.*+?^$()|[\]\\]/g, '\\$&')} \\(CSV, [\\d.]+ bytes\\)\\.$`,
      ),
    );
    const lines = readFileSync(out, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toMatch(/^Nº;Data e hora \(Brasília\);Quem;Perfil;Ação;/);
    expect(lines[2]).toMatch(
      /^3;20\/11\/2026 10:05:00;ana, pelo aplicativo;[a-z0-9-]+;match\.approved;Sugestão aprovada;line:7;/,
    );
    expect(lines[3]).toContain(";notification.sent;Notificação enviada;'=2+5;");
    expect(lines.at(-3)).toBe(
      'Verificação da auditoria: íntegra. Os 4 registros foram conferidos, e nenhum foi alterado ou apagado.',
    );
    expect(lines.at(-2)).toMatch(
      /^Uma cópia de conferência .* Para o auditor: .*Código de conferência \(hash\) do último registro: [0-9a-f]{64}\.$/,
    );

    const day = join(tmp.dir, 'day.csv');
    await quita([
      'audit',
      'export',
      '--format',
      'csv',
      '--out',
      day,
      '--from',
      '2026-11-21',
      '--to',
      '2026-11-21',
    ]);
    expect(readFileSync(day, 'utf8')).toContain('1 registro no período.');

    // --action by Auditoria's filter groups, in the clerk's words: conciliacao is match.*.
    const matches = join(tmp.dir, 'matches.csv');
    const m = await quita([
      'audit',
      'export',
      '--out',
      matches,
      '--action',
      'Conciliação',
      '--from',
      '2026-11-20',
    ]);
    expect(m.code, m.stderr).toBe(0);
    const csv = readFileSync(matches, 'utf8');
    expect(csv).toContain(';match.approved;');
    expect(csv).not.toContain(';notification.sent;');
    expect(csv).not.toContain(';import.committed;');
  });

  it('export infers the format from the file name; PDF and XLSX are written too', async () => {
    const pdf = join(tmp.dir, 'auditoria.pdf');
    const r = await quita(['audit', 'export', '--out', pdf, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ path: pdf, mediaType: 'application/pdf' });
    const text = (await pdfPages(readFileSync(pdf))).flat();
    expect(text).toContain('Quita: registro de auditoria');
    expect(text.join(' ')).toContain('Verificação da auditoria: íntegra.');
    const xlsx = join(tmp.dir, 'conciliacao.xlsx');
    const x = await quita(['audit', 'export', '--kind', 'reconciliation', '--format', 'xlsx', '--out', xlsx]);
    expect(x.code, x.stderr).toBe(0);
    expect(readFileSync(xlsx).subarray(0, 2).toString('latin1')).toBe('PK');
    // The clerk's names of the kind (accents optional) give the same file as the script's.
    const pt = join(tmp.dir, 'conciliacao-pt.xlsx');
    const p = await quita(['audit', 'export', '--kind', 'Conciliação', '--out', pt, '--json']);
    expect(p.code, p.stderr).toBe(0);
    expect(JSON.parse(p.stdout)).toMatchObject({ fileName: expect.stringMatching(/concilia/i) as string });
  });

  it('bad usage exits 2 and writes nothing', async () => {
    const out = join(tmp.dir, 'never.csv');
    for (const args of [
      ['audit'],
      ['audit', 'purge'],
      ['audit', 'export', '--format', 'doc', '--out', out],
      ['audit', 'export', '--format', 'csv'],
      ['audit', 'export', '--format', 'csv', '--out', out, '--from', '2026-13-40'],
      ['audit', 'export', '--format', 'csv', '--out', out, '--from', '2026-11-30', '--to', '2026-11-01'],
    ]) {
      const r = await quita(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(/^quita: /);
      expect(r.stderr.split('\n')[1]).toBe('Veja quita audit --help.');
    }
    const said = async (...args: string[]) => (await quita(['audit', ...args])).stderr.split('\n')[0];
    expect(await said()).toBe('quita: diga o que fazer: export ou verify');
    expect(await said('export', '--format', 'doc', '--out', out)).toBe(
      'quita: --format aceita csv, xlsx ou pdf (não “doc”)',
    );
    expect(await said('export', '--out', out, '--kind', 'tudo')).toBe(
      'quita: --kind aceita registro ou conciliacao (não “tudo”)',
    );
    expect(await said('export', '--out', out, '--from', '2026-13-40')).toBe(
      'quita: --from precisa ser uma data (AAAA-MM-DD ou dd/mm/aaaa), não “2026-13-40”',
    );
    expect(existsSync(out)).toBe(false);
  });

  // Last: it breaks the chain for good.
  it('verify: exit 1 with one line naming the entry when the log was edited behind the app’s back', async () => {
    withDb((db) => {
      db.exec('DROP TRIGGER audit_log_no_update');
      db.prepare(`UPDATE audit_log SET actor = 'mallory (cli)' WHERE seq = 2`).run();
    });
    const r = await quita(['audit', 'verify']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    // One line, in Auditoria's words.
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    const broken = (s: Say) =>
      s.t('audit.verify.broken', { n: 2, reason: s.t('audit.verify.reason.changed', { n: 2 }) });
    expect(r.stderr.trim()).toMatch(/^quita: /);
    expect(r.stderr.trim().endsWith(broken(say))).toBe(true);
    const en = await quita(['--lang', 'en', 'audit', 'verify', '--json']);
    expect(en.code).toBe(1);
    expect(en.stdout).toBe('');
    expect(en.stderr.trim().endsWith(broken(createSay('en')))).toBe(true);
    const out = join(tmp.dir, 'broken.csv');
    expect((await quita(['audit', 'export', '--format', 'csv', '--out', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain(
      'Verificação da auditoria: ADULTERADA. A sequência se rompe no registro nº 2 (o registro nº 2 foi alterado depois de escrito).',
    );
  });
});
