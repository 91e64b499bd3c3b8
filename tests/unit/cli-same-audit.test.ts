import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../src/core/bootstrap';
import type { RunningSandbox } from '../../src/sandbox';
import { quitaCli } from '../helpers/cli';
import { commandCaller } from '../helpers/core';
import { TEST_TODAY, testDay, testSandbox, TO_RECONCILE } from '../helpers/sandbox';
import { tempDir } from '../helpers/tmp';

/**
 * [Q] item 2: the `quita` command and the screens run the same commands, so a day's work leaves the same audit
 * trail whichever door it came through. Two identical sandboxes (same seed), two data folders: one is driven by
 * the real `quita` bin, the other by the commands in the order the screens call them (Importar uploads the file
 * and commits it, Conciliar runs the matching and approves lines by their match ids, Enviar queues without
 * waiting and then polls the batches). The audit entries' kinds and subjects must be identical, in order.
 */
const tmp = tempDir();
const keyFile = join(tmp.dir, 'keys', 'master.key');
const cliDir = join(tmp.dir, 'cli-data');
const screenDir = join(tmp.dir, 'screen-data');
const quita = quitaCli(cliDir, { QUITA_KEY_FILE: keyFile });
let cliSandbox: RunningSandbox;
let screenSandbox: RunningSandbox;
let file: string;
let accountId: number;
let accountName: string;
const opened: Core[] = [];

const openCore = (dataDir: string, mode: 'browser' | 'cli') => {
  const core = createCore({ mode, version: '0.0.0-test', dataDir, env: { QUITA_KEY_FILE: keyFile } });
  opened.push(core);
  return core;
};

interface Entry {
  action: string;
  subject: string | null;
  seq: number;
}
async function trail(dataDir: string): Promise<string[]> {
  const call = commandCaller(openCore(dataDir, 'browser'));
  const { entries } = await call<{ entries: Entry[] }>('audit.list', { limit: 5000 });
  // A profile's id is random per data folder; everything else (statement, line, batch ids) is the same.
  const subject = (s: string | null) => (s ?? '-').replace(/^profile:p-[0-9a-f]+$/, 'profile:<id>');
  return entries.sort((a, b) => a.seq - b.seq).map((e) => `${e.action} ${subject(e.subject)}`);
}

beforeAll(async () => {
  [cliSandbox, screenSandbox] = await Promise.all([testSandbox(TO_RECONCILE), testSandbox(TO_RECONCILE)]);
  const account =
    cliSandbox.data.bankAccounts.find((a) => a.bankCode !== 1) ?? cliSandbox.data.bankAccounts[0]!;
  accountId = account.id;
  accountName = account.description;
  const st = cliSandbox.writeStatement({
    bankAccountId: accountId,
    from: testDay(-50),
    to: TEST_TODAY,
    format: 'ofx',
  });
  file = join(tmp.dir, st.fileName);
  writeFileSync(file, st.bytes);
}, 60_000);
afterAll(async () => {
  for (const c of opened) await c.close();
  await Promise.all([cliSandbox.close(), screenSandbox.close()]);
  tmp.cleanup();
});

describe('the CLI and the screens leave the same audit trail', () => {
  it('import → match → approve → send: identical audit kinds and subjects', async () => {
    // Through the `quita` bin.
    const must = async (args: string[], env?: Record<string, string>) => {
      const r = await quita(args, env);
      if (r.code !== 0) throw new Error(`quita ${args.join(' ')} failed: ${r.stderr}`);
      return r.stdout;
    };
    const creds = { username: cliSandbox.username, keyKind: 'branch' as const };
    await must(
      ['connect', '--base-url', cliSandbox.url, '--username', creds.username, '--key-kind', 'branch'],
      {
        QUITA_PASSWORD: cliSandbox.branchKey,
      },
    );
    await must(['sync', '--no-debtors']);
    await must(['import', file, '--bank-account', String(accountId)]);
    const matched = JSON.parse(await must(['match', '--json'])) as {
      lineId: number;
      zone: string;
      receivableIds: number[];
    }[];
    const toApprove = matched.filter((l) => l.zone === 'green' && l.receivableIds.length > 0).slice(0, 4);
    expect(toApprove.length).toBeGreaterThan(1);
    // [T] In the clerk's words: how many lines, and what comes next.
    expect(await must(['approve', ...toApprove.flatMap((l) => ['--line', String(l.lineId)])])).toBe(
      `${toApprove.length} lançamentos aprovados.\nPróximo passo: quita send marca os aprovados como pagos no EVO.\n`,
    );
    // One batch of the approved lines, sent and confirmed by reading it back.
    const send = await quita(['send', '--json']);
    expect(send.code, send.stderr).toBe(0);
    const sent = JSON.parse(send.stdout) as { sent: number; confirmed: number };
    expect(sent).toMatchObject({ sent: 1, confirmed: 1 });
    // The progress on stderr (stdout is the JSON alone): money as R$, the account by its name, no "(s)".
    expect(send.stderr).toMatch(
      new RegExp(
        `^Enviando \\d+ recebíve(l|is), R\\$ [\\d.]+,\\d{2}, na conta ${accountName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}…$`,
        'm',
      ),
    );

    // [T] Where things stand, in Início's words and Enviar's (reading adds nothing to the trail).
    const status = await must(['status']);
    expect(status).toMatch(
      /^Lançamentos de crédito \(todos os extratos\): A decidir: \d+ · Aprovados, a enviar: 0 · Enviados ao EVO: \d+ · Já no EVO: \d+ · Deixados de lado: \d+$/m,
    );
    expect(status).toMatch(/^Aprovados, a enviar ao EVO: 0 recebíveis, R\$ 0,00$/m);
    expect(status).toMatch(/^Lotes de envio — confirmado: 1$/m);

    // Through the commands, as the renderer calls them.
    const core = openCore(screenDir, 'browser');
    const call = commandCaller(core);
    const password = screenSandbox.branchKey;
    await call('connection.test', { baseUrl: screenSandbox.url, ...creds, password });
    await call('profiles.save', { baseUrl: screenSandbox.url, ...creds, password, name: creds.username });
    await call('sync.run', { debtors: false, geography: false });
    const { uploadId } = core.uploads.stage(file.split('/').pop()!, readFileSync(file));
    await call('import.preview', { uploadId, bankAccountId: accountId });
    await call('import.commit', { uploadId, bankAccountId: accountId });
    const run = await call<{ statementId: number }>('match.run', {});
    const page = await call<{ rows: { lineId: number; matchId: number }[] }>('match.lines', {
      statementId: run.statementId,
      limit: 5000,
    });
    const wanted = new Set(toApprove.map((l) => l.lineId));
    const matchIds = page.rows.filter((r) => wanted.has(r.lineId)).map((r) => r.matchId);
    expect(matchIds).toHaveLength(toApprove.length);
    await call('review.approve', { matchIds });
    await call('send.preview', {});
    await call('send.confirm', { chunkSize: 50, wait: false });
    // Until the background send has settled every batch (its state, polled; no fixed number of tries).
    await vi.waitFor(
      async () => {
        const { counts } = await call<{ counts: Record<string, number> }>('send.batches', { limit: 1 });
        expect(counts.queued! + counts.sending! + counts.sent! + counts.unknown!).toBe(0);
      },
      { timeout: 50_000, interval: 100 },
    );

    const [fromCli, fromScreens] = [await trail(cliDir), await trail(screenDir)];
    // The day's work is all there: the import, the suggestions of `match` (which `quita match` once skipped),
    // the approvals and the send.
    for (const kind of ['import.committed', 'match.suggested', 'match.approved', 'outbox.confirmed'])
      expect(
        fromCli.some((e) => e.startsWith(kind)),
        kind,
      ).toBe(true);
    expect(fromCli).toEqual(fromScreens);
  }, 120_000);
});
