/**
 * Some errors are stored as the core's English message only (a sync's "last error" in the cache's state): the
 * known ones are recognized and worded through their error code like any other; an unknown one is shown as it is.
 */
const STORED_MESSAGES: [RegExp, string, (m: RegExpExecArray) => Record<string, string>][] = [
  [/^Cannot reach the API at (\S+)\. /, 'api.unreachable', (m) => ({ host: m[1]! })],
  [/^The API at (\S+) did not answer in time\./, 'api.timeout', (m) => ({ host: m[1]! })],
  [/^The API refused the user or the key\./, 'api.unauthorized', () => ({})],
  [/^This key has no permission for (.+)\. Ask /, 'api.forbidden', (m) => ({ path: m[1]! })],
  [/^The API has no (.+) at this address\./, 'api.not_found', (m) => ({ path: m[1]! })],
  [/^The API failed \(HTTP (\d+)\)\./, 'api.server_error', (m) => ({ status: m[1]! })],
  [/^The API rejected the request(?:: (.*))?\.?$/, 'api.rejected', (m) => ({ messages: m[1] ?? '' })],
  [/^Cancelled\.$/, 'api.cancelled', () => ({})],
  [/^The connection was changed while it was being used/, 'profile.changed', () => ({})],
  [/^No key is stored for this connection here/, 'profile.no_secret', () => ({})],
  [/^The stored key of this connection was saved for another address/, 'profile.key_unbound', () => ({})],
  [/^The active connection profile no longer exists\./, 'profile.none', () => ({})],
];

export function storedMessageText(
  t: (key: string, params?: Record<string, string>) => string,
  message: string,
): string {
  for (const [pattern, code, params] of STORED_MESSAGES) {
    const m = pattern.exec(message);
    if (m) return t(`errors.${code}`, params(m));
  }
  if (/^The API’s request limit was reached/.test(message)) return t('errors.kind.rate_limited');
  if (message === 'unexpected error') return t('sync.unexpectedError');
  return message;
}
