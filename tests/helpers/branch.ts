import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningSandbox } from '../../src/sandbox';
import type { CliResult } from './cli';
import { TEST_TODAY, testDay } from './sandbox';

type Quita = (args: string[], env?: Record<string, string>) => Promise<CliResult>;

/**
 * A branch ready for sending, prepared the way a clerk's morning does it with the real `quita` bin: connect (to
 * `baseUrl`, e.g. a counting proxy in front of the sandbox), sync, import an OFX statement of the account that
 * is not Banco do Brasil (whose repeated FITIDs are another test's subject), and run the matching.
 */
export async function prepareMatchedBranch(
  quita: Quita,
  sandbox: RunningSandbox,
  baseUrl: string,
  dir: string,
): Promise<void> {
  const must = async (args: string[], env?: Record<string, string>) => {
    const r = await quita(args, env);
    if (r.code !== 0) throw new Error(`quita ${args[0]} failed: ${r.stderr}`);
  };
  await must(['connect', '--base-url', baseUrl, '--username', sandbox.username, '--key-kind', 'branch'], {
    QUITA_PASSWORD: sandbox.branchKey,
  });
  await must(['sync', '--no-debtors']);
  const account = sandbox.data.bankAccounts.find((a) => a.bankCode !== 1) ?? sandbox.data.bankAccounts[0]!;
  const st = sandbox.writeStatement({
    bankAccountId: account.id,
    from: testDay(-50),
    to: TEST_TODAY,
    format: 'ofx',
  });
  const file = join(dir, st.fileName);
  writeFileSync(file, st.bytes);
  await must(['import', file, '--bank-account', String(account.id)]);
  await must(['match']);
}
