import { join } from 'node:path';
import { startSandbox, type RunningSandbox, type StatementFormat } from '../../sandbox';
import { startPixSandbox, type RunningPixSandbox } from '../../sandbox/pix';
import { writeFileAtomic } from '../fs-atomic';
import { addDays } from '../sync/dates';

/** The demonstration branch's size: big enough to look real, small enough for a first sync in a minute. */
export const DEMO_SEED = 42;
const DEMO_MEMBERS = 200;

export interface DemoStatement {
  path: string;
  fileName: string;
  bankAccountId: number;
  from: string;
  to: string;
  lines: number;
  bytes: Buffer;
}

/**
 * The demo branch: the sandbox API started in this process on a free loopback port, its state kept under
 * `<dataDir>/demo` so marked receivables stay marked across restarts. Started on first use, not at start-up.
 */
export interface DemoController {
  ensureRunning(): Promise<RunningSandbox>;
  writeSampleStatement(format: StatementFormat, bankAccountId?: number): Promise<DemoStatement>;
  /**
   * [U] The demo branch's bank Pix API (sandbox/pix, mTLS with a fresh test CA) for its primary account, started on
   * first use; its client certificate is written to `<dataDir>/demo/pix/certificado-demo.pfx` for the clerk to add.
   */
  ensurePix(): Promise<DemoPix>;
  close(): Promise<void>;
}

export interface DemoPix {
  sandbox: RunningPixSandbox;
  certificatePath: string;
  certificatePassword: string;
}

export const DEMO_PIX_PASSWORD = 'quita-demo';

export function createDemoController(dataDir: string): DemoController {
  const dir = join(dataDir, 'demo');
  let starting: Promise<RunningSandbox> | null = null;
  let pix: Promise<DemoPix> | null = null;

  const ensureRunning = () => {
    starting ??= startSandbox({
      port: 0,
      seed: DEMO_SEED,
      members: DEMO_MEMBERS,
      dbFile: join(dir, 'sandbox.json'),
    }).catch((e: unknown) => {
      starting = null;
      throw e;
    });
    return starting;
  };

  const ensurePix = () => {
    pix ??= (async () => {
      const sandbox = await ensureRunning();
      const running = await startPixSandbox({ data: sandbox.data, certificatePassword: DEMO_PIX_PASSWORD });
      const certificatePath = join(dir, 'pix', 'certificado-demo.pfx');
      writeFileAtomic(certificatePath, running.pki.client.pfx, 0o600);
      return { sandbox: running, certificatePath, certificatePassword: DEMO_PIX_PASSWORD };
    })().catch((e: unknown) => {
      pix = null;
      throw e;
    });
    return pix;
  };

  return {
    ensureRunning,
    ensurePix,
    async writeSampleStatement(format, bankAccountId) {
      const sandbox = await ensureRunning();
      const account = bankAccountId ?? sandbox.data.bankAccounts[0]?.id;
      if (account === undefined) throw new Error('the demo branch has no bank account');
      const to = sandbox.data.today;
      const from = addDays(to, -30);
      const file = sandbox.writeStatement({ bankAccountId: account, from, to, format });
      const path = join(dir, 'statements', file.fileName);
      writeFileAtomic(path, file.bytes, 0o644);
      writeFileAtomic(`${path}.truth.json`, JSON.stringify(file.groundTruth, null, 2), 0o644);
      return {
        path,
        fileName: file.fileName,
        bankAccountId: account,
        from,
        to,
        lines: file.groundTruth.lines.length,
        bytes: file.bytes,
      };
    },
    async close() {
      const p = pix;
      pix = null;
      if (p) await (await p.catch(() => null))?.sandbox.close();
      const s = starting;
      starting = null;
      if (s) await (await s).close();
    },
  };
}
