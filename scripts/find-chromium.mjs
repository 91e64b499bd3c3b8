// Find a Chromium for Playwright: QUITA_CHROMIUM, then the usual system names. Playwright's own browser
// download cannot work on machines without internet, so a system Chromium is the normal case.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

export function findChromium() {
  const given = process.env.QUITA_CHROMIUM;
  if (given) return existsSync(given) ? given : null;
  for (const name of NAMES) {
    const r = spawnSync('which', [name], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  }
  return null;
}

/** As root on Debian/Ubuntu, install Chromium with apt; otherwise say what to do. */
export function ensureChromium(log = console.log) {
  const found = findChromium();
  if (found) return { path: found };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('which', ['apt-get']).status === 0;
  if (isRoot && hasApt) {
    log('Chromium not found: installing it with apt-get (chromium)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'ignore', env });
    const path = findChromium();
    if (install && install.status === 0 && path) return { path };
  }
  return {
    path: null,
    why:
      'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: sudo apt-get install chromium) ' +
      'or set QUITA_CHROMIUM to the path of a Chromium or Chrome executable, then run npm test again.',
  };
}
