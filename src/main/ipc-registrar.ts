import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import type { Dispatch } from '../core/dispatch';
import { IPC_INVOKE_CHANNEL } from '../shared/bridge';
import type { Result } from '../shared/contract';

/**
 * The one place that calls ipcMain.handle. Every call is checked to come from our own window's top frame,
 * then goes through the same dispatch as the browser host (validation, result envelope).
 */
export function registerIpc(
  ipcMain: IpcMain,
  dispatch: Dispatch,
  isTrustedUrl: (url: string) => boolean,
): void {
  ipcMain.handle(
    IPC_INVOKE_CHANNEL,
    async (event: IpcMainInvokeEvent, name: unknown, input: unknown): Promise<Result<unknown>> => {
      const frame = event.senderFrame;
      if (!frame || frame.parent !== null || !isTrustedUrl(frame.url)) {
        return {
          ok: false,
          error: { kind: 'forbidden', message: 'Calls are accepted only from Quita’s own window.' },
        };
      }
      if (typeof name !== 'string') {
        return {
          ok: false,
          error: { kind: 'validation', message: 'The command name must be a string.', field: 'command' },
        };
      }
      return dispatch(name, input);
    },
  );
}
