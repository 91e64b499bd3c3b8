import { spawn, type ChildProcess } from 'node:child_process';

/** The real browser host process, as `npm run serve` runs it, for tests that attack or drive it. */
export interface RealHost {
  child: ChildProcess;
  port: number;
  token: string;
  /** The printed address, with the token in the fragment. */
  url: string;
  /** Everything it printed so far, stdout and stderr. */
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * Start `src/host/main.ts` (node with tsx's loader: one process, so a crash is the host's own). `preload`
 * modules are `--import`ed before it (a test can plant a fault that way, without a hook in the host).
 */
export function startRealHost(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  preload: string[] = [],
): Promise<RealHost> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      ...preload.flatMap((p) => ['--import', p]),
      'src/host/main.ts',
      '--data-dir',
      dataDir,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const stop = () =>
    new Promise<void>((r) => {
      if (child.exitCode !== null || child.signalCode !== null) return r();
      child.once('exit', () => r());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start: ${out}`)), 90_000);
    child.once('exit', (code) => reject(new Error(`host exited with ${code}: ${out}`)));
    const poll = setInterval(() => {
      const m = /(http:\/\/127\.0\.0\.1:(\d+)\/#token=([\w-]+))/.exec(out);
      if (!m) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ child, port: Number(m[2]), token: m[3]!, url: m[1]!, log: () => out, stop });
    }, 50);
  });
}
