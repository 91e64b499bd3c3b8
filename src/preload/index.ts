import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  IPC_EVENT_CHANNEL,
  IPC_INVOKE_CHANNEL,
  IPC_UPLOAD_CHANNEL,
  type QuitaBridge,
} from '../shared/bridge';
import { COMMAND_NAMES, EVENT_NAMES } from '../shared/contract';

// The allowlist is the contract itself: nothing outside it ever reaches ipcRenderer.
const commands = new Set<string>(COMMAND_NAMES);
const events = new Set<string>(EVENT_NAMES);

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
