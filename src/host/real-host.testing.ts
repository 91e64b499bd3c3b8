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
  /** Resolves once its output matches `re` (checked on every chunk it prints); rejects if it exits first. */
  waitForLog: (re: RegExp) => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Start the host as `npm run serve` does (scripts/host.mjs loads the built host in this one process, so a
 * crash is the host's own). `preload` modules (plain .mjs) are `--import`ed before it: a test can plant a
 * fault that way, without a hook in the host.
 */
export function startRealHost(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  preload: string[] = [],
): Promise<RealHost> {
  const child = spawn(
    process.execPath,
    [...preload.flatMap((p) => ['--import', p]), 'scripts/host.mjs', '--data-dir', dataDir],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const waitForLog = (re: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!re.test(out)) return false;
        child.stdout.off('data', check);
        child.stderr.off('data', check);
        child.off('exit', exited);
        resolve();
        return true;
      };
      const exited = (code: number | null) =>
        reject(new Error(`host exited with ${code} before ${re}: ${out}`));
      if (check()) return;
      // Listeners added after the ones that append to `out`, so `out` already holds the chunk.
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      child.once('exit', exited);
    });
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
      resolve({ child, port: Number(m[2]), token: m[3]!, url: m[1]!, log: () => out, waitForLog, stop });
    }, 50);
  });
}
