import type { IpcMain } from 'electron';
import { describe, expect, it } from 'vitest';
import { IPC_INVOKE_CHANNEL, IPC_UPLOAD_CHANNEL } from '../shared/bridge';
import type { Result } from '../shared/contract';
import { isTrustedPageUrl } from './app-urls';
import { isTrustedSender, registerIpc } from './ipc-registrar';

type Handler = (event: unknown, ...args: unknown[]) => Promise<Result<unknown>>;

/** registerIpc on a stand-in ipcMain: the handlers it registers, called as Electron would call them. */
function registered() {
  const handlers = new Map<string, Handler>();
  const dispatched: [string, unknown][] = [];
  const staged: string[] = [];
  registerIpc(
    { handle: (channel: string, h: Handler) => void handlers.set(channel, h) } as unknown as IpcMain,
    async (name, input) => {
      dispatched.push([name, input]);
      return { ok: true, value: 'ran' };
    },
    {
      stage: (fileName: string, bytes: Uint8Array) => {
        staged.push(fileName);
        return { uploadId: 'u-x', size: bytes.byteLength };
      },
      read: () => {
        throw new Error('unused');
      },
      remove: () => undefined,
    },
    (url) => isTrustedPageUrl(url),
  );
  const from = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent } });
  return { handlers, dispatched, staged, from };
}

describe('the IPC registrar checks who calls', () => {
  it('runs a command only for our own window’s top frame', async () => {
    const { handlers, dispatched, from } = registered();
    const invoke = handlers.get(IPC_INVOKE_CHANNEL)!;
    expect(await invoke(from('app://quita/index.html'), 'app.info', {})).toEqual({ ok: true, value: 'ran' });
    for (const event of [
      from('app://quita/index.html', { url: 'app://quita/index.html' }), // an iframe inside our page
      from('https://evil.example/'),
      from('app://quita.evil/index.html'),
      from('file:///home/maria/index.html'),
      { senderFrame: null }, // a frame already gone
    ]) {
      const r = await invoke(event, 'app.info', {});
      expect(r).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(dispatched).toEqual([['app.info', {}]]);
  });

  it('refuses a command name that is not a string, and an upload without bytes, as validation', async () => {
    const { handlers, staged, from } = registered();
    const own = from('app://quita/');
    expect(await handlers.get(IPC_INVOKE_CHANNEL)!(own, 42, {})).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'command' },
    });
    const upload = handlers.get(IPC_UPLOAD_CHANNEL)!;
    expect(await upload(own, 'extrato.ofx', 'not bytes')).toMatchObject({ error: { kind: 'validation' } });
    expect(await upload(from('https://evil.example/'), 'x.ofx', new Uint8Array(1))).toMatchObject({
      error: { kind: 'forbidden' },
    });
    expect(await upload(own, 'extrato.ofx', new Uint8Array(3))).toEqual({
      ok: true,
      value: { uploadId: 'u-x', size: 3 },
    });
    expect(staged).toEqual(['extrato.ofx']);
  });

  it('isTrustedSender wants a top frame with a trusted URL', () => {
    const ours = (url: string) => url === 'app://quita/index.html';
    expect(isTrustedSender({ parent: null, url: 'app://quita/index.html' }, ours)).toBe(true);
    expect(isTrustedSender({ parent: {}, url: 'app://quita/index.html' }, ours)).toBe(false);
    expect(isTrustedSender(undefined, ours)).toBe(false);
  });
});

describe('which page URLs are ours (origins compared whole, never by prefix)', () => {
  it('app://quita pages, and nothing that merely starts like one', () => {
    expect(isTrustedPageUrl('app://quita/index.html')).toBe(true);
    expect(isTrustedPageUrl('app://quita/assets/index.js')).toBe(true);
    for (const url of [
      'app://quita.evil/index.html',
      'app://quita@evil/index.html',
      'app://user:pw@quita/index.html',
      'app://other/index.html',
      'https://quita/index.html',
      'file:///index.html',
      'not a url',
    ])
      expect(isTrustedPageUrl(url), url).toBe(false);
  });

  it('the dev server: exactly its origin (scheme, host and port), and only when there is one', () => {
    const dev = 'http://localhost:5173';
    expect(isTrustedPageUrl('http://localhost:5173/', dev)).toBe(true);
    expect(isTrustedPageUrl('http://localhost:5173/src/main.tsx', dev)).toBe(true);
    for (const url of [
      'http://localhost:5173.evil.example/', // started with the dev URL: a startsWith check let it in
      'http://localhost:51730/',
      'https://localhost:5173/',
      'http://127.0.0.1:5173/',
      'http://user@localhost:5173/',
    ])
      expect(isTrustedPageUrl(url, dev), url).toBe(false);
    expect(isTrustedPageUrl('http://localhost:5173/')).toBe(false);
    expect(isTrustedPageUrl('http://localhost:5173/', 'not a url')).toBe(false);
  });
});
