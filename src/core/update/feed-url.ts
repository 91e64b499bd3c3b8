/**
 * The update feed's address, as a branch (or its network) types it in Configurações. electron-updater's generic
 * provider reads `<url>/latest.yml` (Windows) or `<url>/latest-linux.yml` (AppImage) and the installer beside it.
 * Only https: the files' SHA-512 is in latest.yml itself, so the transport is what vouches for them (unless the
 * builds are signed, see docs/packaging.md). No user or password in the URL: it is stored in settings.json,
 * shown on screen and written to the log.
 */
export type FeedUrlProblem = 'invalid' | 'https' | 'credentials' | 'query';

export function checkFeedUrl(
  raw: string,
): { ok: true; url: string } | { ok: false; problem: FeedUrlProblem } {
  const text = raw.trim();
  if (!URL.canParse(text)) return { ok: false, problem: 'invalid' };
  const u = new URL(text);
  if (u.protocol !== 'https:') return { ok: false, problem: 'https' };
  if (!u.hostname) return { ok: false, problem: 'invalid' };
  if (u.username || u.password) return { ok: false, problem: 'credentials' };
  // The feed is a folder: a query or fragment would be lost when the updater appends the file names.
  if (u.search || u.hash) return { ok: false, problem: 'query' };
  const url = u.href.endsWith('/') ? u.href : `${u.href}/`;
  return { ok: true, url };
}
