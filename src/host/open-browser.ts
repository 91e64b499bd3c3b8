import { spawn, spawnSync } from 'node:child_process';

/** Open the URL in the user's browser when one can be found; false when none is (headless machines). */
export function openBrowser(url: string): boolean {
  const candidates: [string, string[]][] =
    process.platform === 'win32'
      ? [['cmd', ['/c', 'start', '""', url]]]
      : process.platform === 'darwin'
        ? [['open', [url]]]
        : [
            ['xdg-open', [url]],
            ['chromium', [url]],
            ['firefox', [url]],
          ];
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return false;
  for (const [cmd, args] of candidates) {
    const probe =
      process.platform === 'win32' ? { status: 0 } : spawnSync('which', [cmd], { stdio: 'ignore' });
    if (probe.status !== 0) continue;
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
    return true;
  }
  return false;
}
