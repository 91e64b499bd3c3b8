/** Cookies of a request, by name; a name given twice keeps its first value (as browsers send the most specific first). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (!out.has(name)) out.set(name, value);
  }
  return out;
}

/**
 * A `__Host-` cookie: only over HTTPS, for this exact host, path /, never readable by a page's script unless
 * `script` says so (the CSRF token of the login form is the only one), never sent by another site.
 */
export function hostCookie(
  name: string,
  value: string,
  opts: { script?: boolean; clear?: boolean } = {},
): string {
  const parts = [`__Host-${name}=${opts.clear ? '' : value}`, 'Path=/', 'Secure', 'SameSite=Strict'];
  if (!opts.script) parts.push('HttpOnly');
  if (opts.clear) parts.push('Max-Age=0');
  return parts.join('; ');
}

export const SESSION_COOKIE = 'quita_session';
export const LOGIN_CSRF_COOKIE = 'quita_login';
