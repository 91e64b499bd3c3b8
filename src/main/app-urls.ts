import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The desktop renderer is served from a custom, privileged `app://quita/` scheme instead of `file://`: a file
 * URL gives the page the reach of the whole disk's origin, and `file://` pages share one origin with any other
 * file the user opens. Pure helpers here (no electron import), so they are unit-tested; window.ts wires them.
 */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://quita';
export const APP_INDEX = `${APP_ORIGIN}/index.html`;

/** The file under `rendererDir` an `app://quita/...` URL names, or null (another host, traversal, bad encoding). */
export function appFileFor(rendererDir: string, url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== 'quita') return null;
  let path: string;
  try {
    path = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  // A backslash is a separator on Windows: never part of our asset names, refused everywhere alike.
  if (path.includes('\0') || path.includes('\\')) return null;
  const root = resolve(rendererDir);
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
  const rel = relative(root, file);
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) return null;
  return file;
}

/**
 * Whether a page URL is Quita's own: `app://quita/...`, or in development exactly the dev server's origin. Parsed
 * and compared whole, never as a string prefix: `http://localhost:5173.evil.example/` starts with
 * `http://localhost:5173`, and `app://quita@evil/` starts with `app://quita`.
 */
export function isTrustedPageUrl(url: string, devServerUrl?: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  // app: is not a special scheme, so URL gives it no origin ("null"): its parts are compared instead.
  if (u.protocol === `${APP_SCHEME}:`) return u.host === 'quita' && u.pathname.startsWith('/');
  if (!devServerUrl) return false;
  try {
    const dev = new URL(devServerUrl);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === dev.origin;
  } catch {
    return false;
  }
}

/**
 * Sites a link in Quita may open in the system browser; anything else is refused (a compromised or injected
 * page cannot make the app open arbitrary URLs or local handlers).
 */
export const EXTERNAL_ORIGINS = [
  'https://evo-integracao-api.w12app.com.br',
  'https://evo-integracao.w12app.com.br',
] as const;

export function isAllowedExternal(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && (EXTERNAL_ORIGINS as readonly string[]).includes(u.origin);
  } catch {
    return false;
  }
}
