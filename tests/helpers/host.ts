import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface RunningHost {
  child: ChildProcess;
  /** A command through the host's HTTP door, with its token; throws the envelope's message on failure. */
  call: (name: string, input: unknown) => Promise<Record<string, unknown>>;
}

/** The host serves the built renderer; on a fresh clone nothing has built it yet. */
export function ensureRendererBuilt(): void {
  // bridge.js too: a renderer built before the browser bridge became a built module lacks it.
  if (!existsSync('out/renderer/index.html') || !existsSync('out/renderer/bridge.js')) {
    execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
      stdio: 'ignore',
    });
  }
}

/** The real browser host as `npm run serve` runs it; resolves with its address and token. */
export function startHost(dataDir: string, env: Record<string, string | undefined>): Promise<RunningHost> {
  // One process (scripts/host.mjs loads the built host in itself), so SIGKILL kills the host, not a wrapper.
  const child = spawn(process.execPath, ['scripts/host.mjs', '--data-dir', dataDir], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start: ${out}`)), 90_000);
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`host exited with ${code}: ${out}`)));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:(\d+)\/#token=([\w-]+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      const call = async (name: string, input: unknown) => {
        const r = await fetch(`http://127.0.0.1:${m[1]}/api/commands/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${m[2]}` },
          body: JSON.stringify(input),
        });
        const body = (await r.json()) as {
          ok: boolean;
          value: Record<string, unknown>;
          error?: { message: string };
        };
        if (!body.ok) throw new Error(body.error?.message);
        return body.value;
      };
      resolve({ child, call });
    });
  });
}

export const killHost = (child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') =>
  new Promise<void>((r) => {
    if (child.exitCode !== null) return r();
    child.once('exit', () => r());
    child.kill(signal);
  });
