import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../../src/core/audit/audit.repo';
import { openDb } from '../../src/core/db/open-db';
import { profileDbPath } from '../../src/core/db/profile-dbs';
import type { RunningSandbox } from '../../src/sandbox';
import { createSay } from '../../src/cli/i18n';
import { quitaCli } from '../helpers/cli';
import { testSandbox } from '../helpers/sandbox';
import { tempDir } from '../helpers/tmp';

/**
 * Issue [R] item 3 through the `quita` bin: with write access to the data folder and no key, cutting the log's
 * last entries and then deleting the anchor from secrets.local.json, or putting back an older anchor, made
 * `quita audit verify` say OK. Now it exits 1 naming what was done to the anchor, and stays so.
 */
const tmp = tempDir();

/** What Auditoria says, from the catalogue: the command says the same. */
const say = createSay('pt-BR');
const ANY = '\u0001';
const shape = (key: string, params: Record<string, unknown>, s = say) =>
  new RegExp(
    s
      .t(key, params)
      .split(ANY)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\d+'),
  );
let sandbox: RunningSandbox;
afterAll(async () => {
  await sandbox.close();
  tmp.cleanup();
});
beforeAll(async () => {
  sandbox = await testSandbox();
});

async function branch(name: string) {
  const dataDir = join(tmp.dir, name);
  const quita = quitaCli(dataDir, { QUITA_KEY_FILE: join(tmp.dir, `${name}.key`) });
  const c = await quita(
    ['connect', '--base-url', sandbox.url, '--username', sandbox.username, '--key-kind', 'branch'],
    { QUITA_PASSWORD: sandbox.branchKey },
  );
  expect(c.code, c.stderr).toBe(0);
  const { activeProfileId: id } = JSON.parse((await quita(['profiles', '--json'])).stdout) as {
    activeProfileId: string;
  };
  const dbFile = profileDbPath(dataDir, id);
  const secretsFile = join(dataDir, 'secrets.local.json');
  /** Entries written as the app's services would (the anchor moves at the end of the next command). */
  const record = (n: number) => {
    const db = openDb(dbFile);
    for (let i = 0; i < n; i++)
      appendAudit(db, { actor: 'ana (cli)', profileId: id, action: 'match.approved', subject: `line:${i}` });
    db.close();
  };
  const verify = () => quita(['audit', 'verify', '--json']);
  const entries = async () => (JSON.parse((await verify()).stdout) as { entries: number }).entries;
  /** The attacker: the last entries deleted behind the app's back. */
  const cutTo = (count: number) => {
    const db = new Database(dbFile);
    db.exec('DROP TRIGGER IF EXISTS audit_log_no_delete');
    db.prepare('DELETE FROM audit_log WHERE seq > ?').run(count);
    db.close();
  };
  const anchorEntry = () =>
    (JSON.parse(readFileSync(secretsFile, 'utf8')) as { entries: Record<string, unknown> }).entries[
      `audit-anchor:${id}`
    ];
  const putAnchorEntry = (value: unknown) => {
    const s = JSON.parse(readFileSync(secretsFile, 'utf8')) as { entries: Record<string, unknown> };
    if (value === undefined) delete s.entries[`audit-anchor:${id}`];
    else s.entries[`audit-anchor:${id}`] = value;
    writeFileSync(secretsFile, JSON.stringify(s));
  };
  return { quita, record, verify, entries, cutTo, anchorEntry, putAnchorEntry };
}

describe('quita audit verify sees the anchor deleted or rolled back (issue [R] item 3)', () => {
  it('cut + anchor deleted: exit 1 "missing", and later commands do not anchor the cut log', async () => {
    const b = await branch('deleted');
    b.record(4);
    const n = await b.entries();
    expect((await b.verify()).code).toBe(0);
    b.cutTo(n - 2);
    b.putAnchorEntry(undefined);
    const v = await b.verify();
    expect(v.code).toBe(1);
    // One line, in Auditoria's words: where the log breaks, the copy deleted, the entries cut from the end.
    expect(v.stderr.trim().split('\n')).toHaveLength(1);
    expect(v.stderr.trim()).toMatch(/^quita: /);
    expect(v.stderr).toContain(
      say
        .t('audit.verify.broken', {
          n: n - 1,
          reason: [
            say.t('audit.verify.reason.anchorMissing', { generation: ANY }),
            say.t('audit.verify.reason.truncated', { last: n - 2, anchored: n }),
          ].join('; '),
        })
        .split(ANY)[0]!,
    );
    expect(v.stderr).toContain(say.t('audit.verify.reason.truncated', { last: n - 2, anchored: n }));
    expect(v.stderr).toMatch(shape('audit.verify.reason.anchorMissing', { generation: ANY }));
    b.record(1);
    expect((await b.quita(['status'])).code).toBe(0);
    expect((await b.verify()).code).toBe(1);
    expect(b.anchorEntry()).toBeUndefined();
  }, 60_000);

  it('cut + an older anchor put back: exit 1 "put back", and it stays so', async () => {
    const b = await branch('rolled-back');
    b.record(2);
    const then = await b.entries();
    await b.verify(); // the anchor moves to `then` at the end of this command
    const older = b.anchorEntry();
    b.record(3);
    expect((await b.verify()).code).toBe(0);
    b.cutTo(then);
    b.putAnchorEntry(older);
    const v = await b.verify();
    expect(v.code).toBe(1);
    expect(v.stderr).toMatch(shape('audit.verify.reason.anchorOlder', { kept: ANY, generation: ANY }));
    const en = await b.quita(['--lang', 'en', 'audit', 'verify']);
    expect(en.code).toBe(1);
    expect(en.stderr).toMatch(
      shape('audit.verify.reason.anchorOlder', { kept: ANY, generation: ANY }, createSay('en')),
    );
    b.record(1);
    expect((await b.verify()).code).toBe(1);
    expect(b.anchorEntry()).toEqual(older);
  }, 60_000);
});
