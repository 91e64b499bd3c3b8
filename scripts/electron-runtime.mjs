// Electron's runtime for `npm start` (scripts/start.mjs): installed already, extracted from @electron/get's cache,
// or downloaded — and "Baixando o Electron" is printed only when a download really starts, not on every start of a
// machine that cannot download it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where @electron/get keeps downloaded zips (its own defaults, or `electron_config_cache`). */
export function electronCacheRoots(env = process.env, platform = process.platform) {
  if (env.electron_config_cache) return [env.electron_config_cache];
  if (platform === 'darwin') return [join(homedir(), 'Library', 'Caches', 'electron')];
  if (platform === 'win32')
    return [join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'electron', 'Cache')];
  return [join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'electron')];
}

/** A zip of this version already in the cache (one folder per download URL hash, or the root itself). */
export function cachedZip(roots, version, platform = process.platform, arch = process.arch) {
  const name = `electron-v${version}-${platform}-${arch}.zip`;
  for (const root of roots) {
    if (existsSync(join(root, name))) return join(root, name);
    let dirs;
    try {
      dirs = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory());
    } catch {
      continue;
    }
    for (const d of dirs) if (existsSync(join(root, d.name, name))) return join(root, d.name, name);
  }
  return null;
}

/** The host a download would come from: ELECTRON_MIRROR, or GitHub's releases. */
export function downloadHost(env = process.env) {
  const mirror = env.ELECTRON_MIRROR ?? env.npm_config_electron_mirror;
  try {
    return new URL(mirror ?? 'https://github.com/').hostname;
  } catch {
    return 'github.com';
  }
}

/** Whether a TCP connection to host:443 opens within `ms` (DNS included): a download could start at all. */
export function reachable(host, ms = 3000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port: 443 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The Electron binary: installed (nothing printed); extracted from a cached zip ("Preparando"); or downloaded,
 * saying so only once the download host answers. Where it cannot be reached, nothing is tried and the reason is
 * returned for start.mjs's one fallback line.
 */
export async function electronBinary(electronDir, opts = {}) {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((line) => console.log(line));
  const reach = opts.reach ?? reachable;
  const install = opts.install ?? defaultInstall;
  const pathFile = join(electronDir, 'path.txt');
  const installed = () =>
    existsSync(pathFile) && existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8')));
  if (env.ELECTRON_OVERRIDE_DIST_PATH) return { ok: true, path: env.ELECTRON_OVERRIDE_DIST_PATH };
  if (!installed()) {
    const version = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
    const zip = cachedZip(opts.cacheRoots ?? electronCacheRoots(env), version);
    if (zip) log('Preparando o Electron (já baixado)…');
    else {
      const host = downloadHost(env);
      if (!(await reach(host))) {
        return {
          ok: false,
          why: `o Electron não está instalado e não foi possível acessar ${host} para baixá-lo`,
        };
      }
      log('Baixando o Electron (só na primeira vez)…');
    }
    const r = install(electronDir);
    if (r.status !== 0 || !installed()) {
      const why = `${r.stderr ?? ''}${r.stdout ?? ''}`
        .split('\n')
        .find((l) => /error|fail|ENOTFOUND|EAI_AGAIN|ECONN/i.test(l));
      return {
        ok: false,
        why: `não foi possível baixar o Electron${why ? ` (${why.trim().slice(0, 120)})` : ''}`,
      };
    }
  }
  return { ok: true, path: join(electronDir, 'dist', readFileSync(pathFile, 'utf8')) };
}

function defaultInstall(electronDir) {
  return spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    encoding: 'utf8',
    timeout: 300_000,
  });
}
