import type { Result } from '../../shared/contract/envelope';
import type { QuitaBridge } from '../../shared/bridge';

/**
 * The browser host's `window.api`: the same shape as the Electron preload bridge, over HTTP. Built with the
 * renderer into out/renderer/bridge.js (electron.vite.config.ts) and loaded before the app, which never knows
 * which bridge it got. The per-launch token arrives in the URL fragment (never sent to the server, so never in a
 * log), moves to sessionStorage and is removed from the address bar. The allowlists are the contract's names,
 * put in at build time, so no zod (nor anything else) is bundled here.
 */
declare const __QUITA_COMMANDS__: readonly string[];
declare const __QUITA_EVENTS__: readonly string[];

const COMMANDS = new Set(__QUITA_COMMANDS__);
const EVENTS = new Set(__QUITA_EVENTS__);
const KEY = 'quita.token';

type Failure = Extract<Result<never>, { ok: false }>;

/** What the clerk ran to start this host (npm run serve, or npm start's browser fallback), set by the host. */
const launchCommand = (): string =>
  document.querySelector('meta[name="quita-launch-command"]')?.getAttribute('content') || 'npm run serve';

const tokenError = (): Failure => {
  const command = launchCommand();
  return {
    ok: false,
    error: {
      kind: 'auth',
      code: 'host.token',
      message: `This page has no valid access token: open the address printed by ${command}.`,
      params: { command },
    },
  };
};
const offlineError = (): Failure => {
  const command = launchCommand();
  return {
    ok: false,
    error: {
      kind: 'offline',
      code: 'host.unreachable',
      message: `Quita’s local server is not running: start it again with ${command}.`,
      params: { command },
    },
  };
};
const unexpected = (status: number): Failure => ({
  ok: false,
  error: {
    kind: 'internal',
    code: 'internal',
    message: `Unexpected answer from Quita’s local server (HTTP ${status}).`,
  },
});

/**
 * On the office server ([W]) the page comes with a session: its cookie travels by itself (HttpOnly, never seen here),
 * and every request carries the session's CSRF token, which the server put in the page, in a header no other site
 * can set. On the clerk's own computer the per-launch token does that job.
 */
const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';
const onServer = meta('quita-server') === '1';
const csrf = meta('quita-csrf');

const m = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
if (!onServer && m?.[1]) {
  sessionStorage.setItem(KEY, m[1]);
  history.replaceState(null, '', location.pathname + location.search);
}
const auth = (): Record<string, string> =>
  onServer ? { 'X-Quita-CSRF': csrf } : { Authorization: `Bearer ${sessionStorage.getItem(KEY) ?? ''}` };

/** The session ended (idle, signed out elsewhere, the server restarted with it gone): back to the login page. */
const sessionEnded = (): Failure => {
  location.assign('/login?m=expired');
  return {
    ok: false,
    error: { kind: 'auth', code: 'access.no_session', message: 'Your session ended: sign in again.' },
  };
};

/** One answer of the host: its JSON envelope, or one of the sentences above. */
async function answer<T>(request: () => Promise<Response>): Promise<Result<T>> {
  let res: Response;
  try {
    res = await request();
  } catch {
    return offlineError();
  }
  if (res.status === 401) return onServer ? sessionEnded() : tokenError();
  try {
    return (await res.json()) as Result<T>;
  } catch {
    return unexpected(res.status);
  }
}

const listeners = new Map<string, Set<(payload: unknown) => void>>();
let streaming = false;

function deliver(name: string, payload: unknown): void {
  for (const l of listeners.get(name) ?? []) {
    try {
      l(payload);
    } catch (e) {
      // A listener's bug must not stop the others nor the stream; the console is the renderer's log.
      console.error(e);
    }
  }
}

/** Server-sent events from /api/events; reconnects after 2 s while anyone listens. */
async function stream(): Promise<void> {
  streaming = true;
  try {
    const res = await fetch('/api/events', { headers: auth() });
    // On the office server the stream is refused when the session ended (idle, signed out, the person deactivated):
    // the page goes to the login page, as a refused command does, instead of asking again every 2 s for ever.
    if (onServer && res.status === 401) return void sessionEnded();
    if (!res.ok || !res.body) throw new Error(`events ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        let name = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) name = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (data) deliver(name, JSON.parse(data));
      }
    }
  } catch {
    // The host went away or restarted: reconnect below while anyone listens.
  }
  streaming = false;
  if (listeners.size)
    setTimeout(() => {
      if (!streaming) void stream();
    }, 2000);
}

const api: QuitaBridge = {
  mode: 'browser',
  ...(onServer
    ? {
        async logout() {
          try {
            await fetch('/auth/logout', { method: 'POST', headers: auth(), redirect: 'manual' });
          } finally {
            location.assign('/login?m=loggedOut');
          }
        },
      }
    : {}),
  async invoke(command, input) {
    if (!COMMANDS.has(command))
      return {
        ok: false,
        error: { kind: 'not_found', code: 'command.unknown', message: `Unknown command: ${command}` },
      };
    return answer(() =>
      fetch(`/api/commands/${encodeURIComponent(command)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth() },
        body: JSON.stringify(input === undefined ? {} : input),
      }),
    );
  },
  async upload(file, fileName) {
    return answer(() =>
      fetch(`/api/uploads?name=${encodeURIComponent(fileName)}`, {
        method: 'PUT',
        headers: auth(),
        body: file,
      }),
    );
  },
  on(event, listener) {
    if (!EVENTS.has(event)) throw new Error(`Unknown event: ${event}`);
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    if (!streaming) void stream();
    return () => {
      const s = listeners.get(event);
      if (!s) return;
      s.delete(listener);
      if (!s.size) listeners.delete(event);
    };
  },
};

Object.defineProperty(window, 'api', { value: Object.freeze(api), enumerable: true });
