import { COMMAND_NAMES, EVENT_NAMES } from '../shared/contract';

/**
 * The browser host's `window.api`: the same shape as the Electron preload bridge, over HTTP. It is served as
 * /bridge.js and loaded before the renderer, which never knows which bridge it got. The per-launch token
 * arrives in the URL fragment (never sent to the server, so never in a log), moves to sessionStorage and is
 * removed from the address bar.
 */
export function bridgeScript(launchCommand = 'npm run serve'): string {
  const command = JSON.stringify(launchCommand);
  return `(() => {
  'use strict';
  const COMMANDS = new Set(${JSON.stringify(COMMAND_NAMES)});
  const EVENTS = new Set(${JSON.stringify(EVENT_NAMES)});
  const KEY = 'quita.token';
  const m = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (m) {
    sessionStorage.setItem(KEY, m[1]);
    history.replaceState(null, '', location.pathname + location.search);
  }
  const auth = () => ({ Authorization: 'Bearer ' + (sessionStorage.getItem(KEY) || '') });
  const COMMAND = ${command};
  const tokenError = { ok: false, error: { kind: 'auth', code: 'host.token', message: 'This page has no valid access token: open the address printed by ' + COMMAND + '.', params: { command: COMMAND } } };
  const offlineError = { ok: false, error: { kind: 'offline', code: 'host.unreachable', message: 'Quita’s local server is not running: start it again with ' + COMMAND + '.', params: { command: COMMAND } } };
  const listeners = new Map();
  let streaming = false;
  const deliver = (name, payload) => (listeners.get(name) || new Set()).forEach((l) => { try { l(payload); } catch (e) { console.error(e); } });
  async function stream() {
    streaming = true;
    try {
      const res = await fetch('/api/events', { headers: auth() });
      if (!res.ok || !res.body) throw new Error('events ' + res.status);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let i;
        while ((i = buf.indexOf('\\n\\n')) >= 0) {
          const block = buf.slice(0, i); buf = buf.slice(i + 2);
          let name = 'message', data = '';
          for (const line of block.split('\\n')) {
            if (line.startsWith('event: ')) name = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) deliver(name, JSON.parse(data));
        }
      }
    } catch (e) { /* reconnect below */ }
    streaming = false;
    if (listeners.size) setTimeout(() => { if (!streaming) stream(); }, 2000);
  }
  const api = {
    mode: 'browser',
    async invoke(command, input) {
      if (!COMMANDS.has(command)) return { ok: false, error: { kind: 'not_found', code: 'command.unknown', message: 'Unknown command: ' + command } };
      let res;
      try {
        res = await fetch('/api/commands/' + encodeURIComponent(command), {
          method: 'POST',
          headers: Object.assign({ 'Content-Type': 'application/json' }, auth()),
          body: JSON.stringify(input === undefined ? {} : input),
        });
      } catch (e) { return offlineError; }
      if (res.status === 401) return tokenError;
      try { return await res.json(); } catch (e) { return { ok: false, error: { kind: 'internal', code: 'internal', message: 'Unexpected answer from Quita’s local server (HTTP ' + res.status + ').' } }; }
    },
    async upload(file, fileName) {
      let res;
      try {
        res = await fetch('/api/uploads?name=' + encodeURIComponent(fileName), { method: 'PUT', headers: auth(), body: file });
      } catch (e) { return offlineError; }
      if (res.status === 401) return tokenError;
      try { return await res.json(); } catch (e) { return { ok: false, error: { kind: 'internal', code: 'internal', message: 'Unexpected answer from Quita’s local server (HTTP ' + res.status + ').' } }; }
    },
    on(event, listener) {
      if (!EVENTS.has(event)) throw new Error('Unknown event: ' + event);
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event).add(listener);
      if (!streaming) stream();
      return () => { const s = listeners.get(event); if (s) { s.delete(listener); if (!s.size) listeners.delete(event); } };
    },
  };
  Object.defineProperty(window, 'api', { value: Object.freeze(api), enumerable: true });
})();
`;
}
