import type { Page } from '@playwright/test';
import type { RunningSandbox } from '../../src/sandbox';
import { TEST_TODAY, testDay } from '../helpers/sandbox';
import { command } from './fixtures';

/**
 * [V] A network's connection as the first screen makes it (a multi-location key on the sandbox's network mode),
 * synced twice as Sincronizar would: the first finds the branches, the second lists each branch's accounts with
 * idBranch and places them. `names` are given between the two, as the office names branches in Unidades.
 */
export async function connectNetwork(
  page: Page,
  sandbox: RunningSandbox,
  names: Record<number, string> = {},
) {
  await command(page, 'profiles.save', {
    name: 'Rede Quita Fit',
    baseUrl: sandbox.url,
    username: sandbox.username,
    password: sandbox.adminKey,
    keyKind: 'admin',
    // The sandbox does not limit; the vendor's 40 a minute would make these syncs wait for nothing.
    rateLimit: { perSecond: 50, perMinute: 2000 },
  });
  const window = { dueFrom: testDay(-60), dueTo: testDay(7) };
  await command(page, 'sync.run', { ...window, debtors: false });
  for (const [id, name] of Object.entries(names))
    await command(page, 'branches.update', { id: Number(id), name });
  // The second sync also reads the debtors (Inadimplentes per branch).
  await command(page, 'sync.run', { ...window, debtors: true });
}

/**
 * One CSV statement of the last 20 days per account given, staged through the page's bridge (as Importar's file
 * field does) and imported into its account; returns each statement's id by account.
 */
export async function importStatements(
  page: Page,
  sandbox: RunningSandbox,
  accountIds: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const bankAccountId of accountIds) {
    const st = sandbox.writeStatement({ bankAccountId, from: testDay(-20), to: TEST_TODAY, format: 'csv' });
    const staged = await page.evaluate(
      async ([b64, name]) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        // In the page, globalThis is the window the bridge is on (these tests compile without the DOM types).
        const api = (
          globalThis as unknown as {
            api: { upload: (f: Blob, n: string) => Promise<{ ok: boolean; value: { uploadId: string } }> };
          }
        ).api;
        return api.upload(new Blob([bytes], { type: 'text/csv' }), name);
      },
      [st.bytes.toString('base64'), st.fileName] as const,
    );
    if (!staged.ok) throw new Error(`upload ${st.fileName}: ${JSON.stringify(staged)}`);
    const { statementId } = await command<{ statementId: number }>(page, 'import.commit', {
      uploadId: staged.value.uploadId,
      bankAccountId,
    });
    out.set(bankAccountId, statementId);
  }
  return out;
}
