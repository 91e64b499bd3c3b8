/**
 * [W] Issue 34: `quita server` on the office's PostgreSQL (QUITA_DATABASE_URL). A branch made at a desk (the demo
 * branch: synced, a statement imported and matched) is moved into the office's database with
 * `quita migrate-to-server --banco`, then served from there: two clerks sign in, read Conciliar's list, decide lines,
 * one is refused with who decided first, a supervisor runs the matching again (decisions kept). Every answer comes
 * from the branch's schema in PostgreSQL — the server folder holds no SQLite file of the branch — and the audit chain
 * there verifies, with each entry's "Quem" the clerk's login.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { pgDestination } from '../../src/core/migrate-server/pg-destination';
import { verifyAudit } from '../../src/core/audit/audit.store';
import { branchSchema, openPgStore } from '../../src/core/store/pg-store';
import { createTestDatabase } from '../../src/core/store/testing-pg';
import { openOffice } from '../../src/core/users/office';
import type { ReviewConflict } from '../../src/shared/contract/review';
import { ensureRendererBuilt } from '../helpers/host';
import {
  must,
  signIn,
  spawnServer,
  type ClerkSession,
  type MatchRow,
  type ServerProcess,
} from '../helpers/office-server';
import { tempDir } from '../helpers/tmp';

const pgDescribe = process.env.QUITA_TEST_PG_URL ? describe : describe.skip;
const SCHEMA = branchSchema('demo');

let t: { dir: string; cleanup: () => void };
let db: { url: string; drop: () => Promise<void> } | undefined;
let server: ServerProcess | undefined;
let caio: ClerkSession;
let sara: ClerkSession;
let serverDir = '';

async function quita(dataDir: string, args: string[], env: Record<string, string>): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(['--data-dir', dataDir, ...args], {
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    env,
  });
  expect(code, `${args.join(' ')}: ${err.join('\n')}`).toBe(0);
  return out.join('\n');
}

pgDescribe('quita server on the office’s PostgreSQL', () => {
  beforeAll(async () => {
    ensureRendererBuilt();
    t = tempDir('quita-server-pg-');
    db = await createTestDatabase();
    const desk = join(t.dir, 'desk');
    const deskEnv = { QUITA_KEY_FILE: join(t.dir, 'desk-keys', 'master.key') };
    await quita(desk, ['demo', 'start'], deskEnv);
    await quita(desk, ['sync'], deskEnv);
    const st = JSON.parse(await quita(desk, ['demo', 'statement', '--json'], deskEnv)) as {
      path: string;
      bankAccountId: number;
    };
    await quita(desk, ['import', st.path, '--bank-account', String(st.bankAccountId)], deskEnv);
    await quita(desk, ['match'], deskEnv);

    // The office's server folder, and its users in PostgreSQL.
    serverDir = join(t.dir, 'server');
    mkdirSync(serverDir, { recursive: true });
    const clerks = [
      { login: 'caio', name: 'Caio Martins', role: 'conferente' as const, password: 'senha-longa-do-caio-1' },
      { login: 'sara', name: 'Sara Nunes', role: 'supervisor' as const, password: 'senha-longa-da-sara-1' },
    ];
    // The users only in the office's database: migrate-to-server finds the office there (no office.sqlite).
    for (const place of [{ url: db.url }]) {
      const office = await openOffice(place);
      try {
        for (const c of clerks) await office.addUser(c, 'test');
      } finally {
        await office.close();
      }
    }
    const serverKey = join(t.dir, 'server-keys', 'master.key');
    await quita(
      desk,
      ['migrate-to-server', '--destino', serverDir, '--chave-destino', serverKey, '--banco', db.url],
      deskEnv,
    );
    server = await spawnServer(serverDir, {
      ...process.env,
      QUITA_KEY_FILE: serverKey,
      QUITA_DATABASE_URL: db.url,
    });
    const ca = readFileSync(join(serverDir, 'server-tls', 'server-cert.pem'), 'utf8');
    caio = await signIn(server, ca, 'caio', clerks[0]!.password);
    sara = await signIn(server, ca, 'sara', clerks[1]!.password);
  }, 240_000);

  afterAll(async () => {
    caio?.close();
    sara?.close();
    await server?.stop();
    await db?.drop();
    t?.cleanup();
  });

  it('serves the branch from its schema: decisions, a refusal naming who decided first, a re-run keeping them', async () => {
    const { rows, statementId } = await must<{
      rows: (MatchRow & { zone: string })[];
      statementId: number;
    }>(caio, 'match.lines', {
      limit: 5000,
      details: false,
    });
    const greens = rows.filter((r) => r.state === 'suggested' && r.zone === 'green').slice(0, 5);
    expect(greens.length).toBe(5);
    const seen = (list: MatchRow[]) =>
      list.map((l) => ({ matchId: l.matchId, version: l.version, lineId: l.lineId }));

    const approved = await must<{ changed: number }>(caio, 'review.approve', {
      matchIds: greens.map((l) => l.matchId),
      seen: seen(greens),
    });
    expect(approved.changed).toBe(5);
    // Sara still has the list from before Caio's approval: her rejection of the first line is refused, naming him.
    const late = await must<{ changed: number; conflicts: ReviewConflict[] }>(sara, 'review.reject', {
      matchIds: [greens[0]!.matchId],
      seen: seen([greens[0]!]),
    });
    expect(late.changed).toBe(0);
    expect(late.conflicts).toHaveLength(1);
    expect(late.conflicts[0]).toMatchObject({ lineId: greens[0]!.lineId });
    expect(JSON.stringify(late.conflicts[0])).toContain('caio');

    // A conferente may not send; the supervisor runs the matching again: the five decisions are kept.
    const refused = await caio.command('send.confirm', { wait: false });
    expect(refused.ok).toBe(false);
    const again = await must<{ kept: number; statementId: number }>(sara, 'match.run', { statementId });
    expect(again.kept).toBeGreaterThanOrEqual(5);

    // What PostgreSQL holds: the five lines approved in the current plan, the chain whole, the clerks as "Quem".
    const store = openPgStore(db!.url, { schema: SCHEMA });
    try {
      const states = await store.read((tx) =>
        tx
          .selectFrom('matches as m')
          .innerJoin('match_plans as p', 'p.id', 'm.plan_id')
          .select(['m.line_id as lineId', 'm.state'])
          .where('p.statement_id', '=', statementId)
          .where(
            'm.line_id',
            'in',
            greens.map((g) => g.lineId),
          )
          .orderBy('m.line_id')
          .execute(),
      );
      expect(states.map((s) => s.state)).toEqual([
        'approved',
        'approved',
        'approved',
        'approved',
        'approved',
      ]);
      const audit = await store.read(verifyAudit);
      expect(audit.ok).toBe(true);
      const actors = await store.read((tx) =>
        tx.selectFrom('audit_log').select(['actor', 'action']).orderBy('seq', 'desc').limit(10).execute(),
      );
      expect(actors).toContainEqual({ actor: 'caio (server)', action: 'match.approved' });
      expect(actors.some((a) => a.actor === 'sara (server)' && a.action === 'match.suggested')).toBe(true);
    } finally {
      await store.close();
    }
    // The anchor follows the chain kept in PostgreSQL (moved after each command, from the database): asked again until
    // it has caught up with the head (each answer is a request served; no timer).
    let verified = await must<{ ok: boolean; entries: number; anchor: { count: number } | null }>(
      sara,
      'audit.verify',
    );
    for (let i = 0; i < 50 && verified.anchor?.count !== verified.entries; i++)
      verified = await must(sara, 'audit.verify');
    expect(verified.ok).toBe(true);
    expect(verified.anchor?.count).toBe(verified.entries);
    // A backup is PostgreSQL's own there: refused in one sentence, nothing written.
    const backup = await sara.command('db.backup');
    expect(backup.ok).toBe(false);
    expect(!backup.ok && backup.error.code).toBe('db.on_office_database');
    // On the server's own folder, a command not through the server is refused in one sentence, and starts no empty
    // file beside the data (the folder says where the branch went).
    const out: string[] = [];
    const code = await runCli(['--data-dir', serverDir, 'status'], {
      stdout: (m) => out.push(m),
      stderr: (m) => out.push(m),
      env: { QUITA_KEY_FILE: join(t.dir, 'server-keys', 'master.key') },
    });
    expect(code).not.toBe(0);
    expect(out.join('\n')).toContain('Os dados desta filial estão no PostgreSQL do escritório');
    // The branch's data is the database's only: no SQLite file of it in the server's folder.
    expect(existsSync(join(serverDir, 'profiles', 'demo', 'quita.db'))).toBe(false);
  }, 120_000);

  it('tells migrate-to-server that a server is running on the office database, while it runs and not after', async () => {
    // The users live in PostgreSQL: no office.sqlite in the folder is held open to tell. Another branch asked for:
    // refused because of the running server, before anything is looked at or made.
    const ask = async () => {
      const dest = pgDestination({
        dir: serverDir,
        keyFile: join(t.dir, 'server-keys', 'master.key'),
        url: db!.url,
      });
      try {
        return await dest.refusal('outra-filial');
      } finally {
        await dest.close();
      }
    };
    const refusal = await ask();
    expect(refusal?.reason).toBe('server_running_database');
    expect(refusal?.params?.server).toBeTruthy();
    expect(JSON.stringify(refusal)).not.toContain(db!.url);
    // A server that stops gives its mark back: the same question then passes this check (nothing else is in the way).
    await server!.stop();
    server = undefined;
    expect(await ask()).toBeNull();
  }, 60_000);
});
