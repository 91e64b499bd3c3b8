import type { Say } from '../shared/i18n/say';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type LoginNotice =
  { kind: 'wrong' | 'inactive' | 'expired' | 'loggedOut' | 'stale' } | { kind: 'throttled'; seconds: number };

/**
 * The office server's login page: plain HTML that works without script, served before anyone is known (the
 * screens themselves are served only with a session). Its form carries the login CSRF token of its cookie.
 */
export function loginPage(say: Say, csrf: string, notice: LoginNotice | null, login = ''): string {
  const t = (k: string, p?: Record<string, unknown>) => esc(say.t(`server.login.${k}`, p));
  const message = notice
    ? notice.kind === 'throttled'
      ? t('throttled', { seconds: notice.seconds, count: notice.seconds })
      : t(notice.kind)
    : '';
  const bad = notice && notice.kind !== 'loggedOut' && notice.kind !== 'expired';
  return `<!doctype html>
<html lang="${say.locale === 'en' ? 'en' : 'pt-BR'}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${t('title')}</title>
    <link rel="stylesheet" href="/login.css" />
  </head>
  <body>
    <main class="card">
      <h1><span class="brand">Quita</span> ${t('title')}</h1>
      <p class="lead">${t('lead')}</p>
      ${message ? `<p class="notice${bad ? ' bad' : ''}" role="${bad ? 'alert' : 'status'}">${message}</p>` : ''}
      <form method="post" action="/auth/login" autocomplete="on">
        <input type="hidden" name="csrf" value="${esc(csrf)}" />
        <label for="login">${t('login')}</label>
        <input id="login" name="login" type="text" autocomplete="username" autocapitalize="none" spellcheck="false"
          required maxlength="40" value="${esc(login)}" ${login ? '' : 'autofocus'} />
        <label for="password">${t('password')}</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"
          ${login ? 'autofocus' : ''} />
        <button type="submit">${t('submit')}</button>
      </form>
      <p class="hint">${t('forgot')}</p>
    </main>
  </body>
</html>
`;
}

/** The login page's own style sheet: light and dark follow the computer's setting. */
export const LOGIN_CSS = `:root { color-scheme: light dark; --bg: #f4f6f8; --card: #ffffff; --text: #1b2430; --muted: #5a6675;
  --line: #cfd6de; --accent: #0b6e4f; --accent-text: #ffffff; --bad-bg: #fdecea; --bad: #8a1c12; --ok-bg: #e8f3ee; }
@media (prefers-color-scheme: dark) { :root { --bg: #12171d; --card: #1b222b; --text: #e7ecf1; --muted: #a2adba;
  --line: #34404d; --accent: #3fb68b; --accent-text: #0d1a14; --bad-bg: #3a1d1a; --bad: #ffb4a9; --ok-bg: #17322a; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text);
  font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.card { width: min(420px, calc(100vw - 32px)); background: var(--card); border: 1px solid var(--line);
  border-radius: 12px; padding: 28px 28px 20px; box-shadow: 0 6px 24px rgb(0 0 0 / 0.08); }
h1 { font-size: 1.35rem; margin: 0 0 8px; }
.brand { color: var(--accent); font-weight: 800; margin-right: 4px; }
.lead, .hint { color: var(--muted); margin: 0 0 16px; font-size: 0.95rem; }
.hint { margin: 16px 0 0; font-size: 0.85rem; }
.notice { padding: 10px 12px; border-radius: 8px; background: var(--ok-bg); margin: 0 0 16px; }
.notice.bad { background: var(--bad-bg); color: var(--bad); }
form { display: grid; gap: 6px; }
label { font-weight: 600; font-size: 0.9rem; margin-top: 8px; }
input { font: inherit; padding: 9px 11px; border: 1px solid var(--line); border-radius: 8px; background: var(--bg);
  color: var(--text); }
input:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 1px; }
button { margin-top: 16px; font: inherit; font-weight: 700; padding: 10px; border: 0; border-radius: 8px;
  background: var(--accent); color: var(--accent-text); cursor: pointer; }
`;
