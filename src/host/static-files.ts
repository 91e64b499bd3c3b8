import { readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join, sep } from 'node:path';

export const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

export type StaticLookup =
  { status: 200; file: string; type: string; body: Buffer } | { status: 400 | 404; reason: string };

/**
 * Find the file a request path names inside `root` (the built renderer), or say why not. Total: whatever the
 * path holds (bad percent-encoding, NUL, backslashes, `..` in any encoding, a symlink out of the folder, a name
 * too long for the file system), the answer is a 400 or a 404, never an exception.
 *
 * `pathname` is the raw, still percent-encoded path of the request (WHATWG URL parsing has already turned
 * `/a/../b` into `/b`, but not `%2e%2e` or `%2f`, which are decoded here and checked again).
 */
export function lookupStatic(root: string, pathname: string): StaticLookup {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { status: 400, reason: 'bad percent-encoding' };
  }
  if (decoded.includes('\0')) return { status: 400, reason: 'NUL in path' };
  if (decoded.includes('\\')) return { status: 400, reason: 'backslash in path' };
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) return { status: 400, reason: 'parent segment in path' };
  if (segments.length === 0) return { status: 404, reason: 'a folder' };
  try {
    const realRoot = realpathSync(root);
    // realpath also resolves symlinks: a link inside the folder that points out of it is not served.
    const file = realpathSync(join(realRoot, ...segments));
    if (!file.startsWith(realRoot + sep)) return { status: 404, reason: 'outside the renderer folder' };
    if (!statSync(file).isFile()) return { status: 404, reason: 'not a file' };
    return {
      status: 200,
      file,
      type: MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
      body: readFileSync(file),
    };
  } catch {
    // ENOENT, ENOTDIR, ENAMETOOLONG, EACCES, ELOOP...: there is no such file to serve.
    return { status: 404, reason: 'no such file' };
  }
}
