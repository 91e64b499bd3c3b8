import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  IPC_EVENT_CHANNEL,
  IPC_INVOKE_CHANNEL,
  IPC_UPLOAD_CHANNEL,
  type QuitaBridge,
} from '../shared/bridge';

/**
 * The allowlist is the contract's names, put in at build time (electron.vite.config.ts): nothing outside it ever
 * reaches ipcRenderer, and the preload stays a few KB (the input is validated in main, by the dispatch).
 */
declare const __QUITA_COMMANDS__: readonly string[];
declare const __QUITA_EVENTS__: readonly string[];
const commands = new Set<string>(__QUITA_COMMANDS__);
const events = new Set<string>(__QUITA_EVENTS__);

const api: QuitaBridge = {
  mode: 'desktop',
  invoke(command, input) {
    if (!commands.has(command)) {
      return Promise.resolve({
        ok: false,
        error: { kind: 'not_found', message: `Unknown command: ${command}` },
      });
    }
    return ipcRenderer.invoke(IPC_INVOKE_CHANNEL, command, input) as ReturnType<QuitaBridge['invoke']>;
  },
  async upload(file, fileName) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    return ipcRenderer.invoke(IPC_UPLOAD_CHANNEL, fileName, bytes) as ReturnType<QuitaBridge['upload']>;
  },
  on(event, listener) {
    if (!events.has(event)) throw new Error(`Unknown event: ${event}`);
    const handler = (_e: IpcRendererEvent, msg: { name: string; payload: unknown }) => {
      if (msg.name === event) listener(msg.payload);
    };
    ipcRenderer.on(IPC_EVENT_CHANNEL, handler);
    return () => void ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler);
  },
};

contextBridge.exposeInMainWorld('api', api);
