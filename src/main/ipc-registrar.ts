import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { isAppError, type Dispatch, type Uploads } from '../core';
import { IPC_INVOKE_CHANNEL, IPC_UPLOAD_CHANNEL } from '../shared/bridge';
import type { Result } from '../shared/contract';

const forbidden: Result<never> = {
  ok: false,
  error: { kind: 'forbidden', message: 'Calls are accepted only from Quita’s own window.' },
};

/** A call is ours when it comes from the top frame of a page whose URL is ours (not an iframe, not a stray page). */
export function isTrustedSender(
  frame: { parent: unknown; url: string } | null | undefined,
  isTrustedUrl: (url: string) => boolean,
): boolean {
  return !!frame && frame.parent === null && isTrustedUrl(frame.url);
}

/**
 * The one place that calls ipcMain.handle. Every call is checked to come from our own window's top frame,
 * then goes through the same dispatch as the browser host (validation, result envelope).
 */
export function registerIpc(
  ipcMain: IpcMain,
  dispatch: Dispatch,
  uploads: Uploads,
  isTrustedUrl: (url: string) => boolean,
): void {
  const trusted = (event: IpcMainInvokeEvent) => isTrustedSender(event.senderFrame, isTrustedUrl);
  ipcMain.handle(
    IPC_INVOKE_CHANNEL,
    async (event, name: unknown, input: unknown): Promise<Result<unknown>> => {
      if (!trusted(event)) return forbidden;
      if (typeof name !== 'string') {
        return {
          ok: false,
          error: { kind: 'validation', message: 'The command name must be a string.', field: 'command' },
        };
      }
      return dispatch(name, input);
    },
  );
  ipcMain.handle(
    IPC_UPLOAD_CHANNEL,
    async (event, fileName: unknown, bytes: unknown): Promise<Result<unknown>> => {
      if (!trusted(event)) return forbidden;
      if (typeof fileName !== 'string' || !(bytes instanceof Uint8Array)) {
        return {
          ok: false,
          error: { kind: 'validation', message: 'Send a file name and its bytes.', field: 'file' },
        };
      }
      try {
        return { ok: true, value: uploads.stage(fileName, bytes) };
      } catch (e) {
        if (isAppError(e)) return { ok: false, error: e.toInfo() };
        throw e;
      }
    },
  );
}
