import type { Result } from './contract/envelope';

/**
 * What the renderer sees as `window.api`: either the Electron preload bridge or the browser host's HTTP
 * bridge. Only serializable data crosses it.
 */
export interface QuitaBridge {
  invoke(command: string, input: unknown): Promise<Result<unknown>>;
  /** Subscribe to a core event; returns the unsubscribe function. */
  on(event: string, listener: (payload: unknown) => void): () => void;
  /** Send a file's bytes to the core once; commands then refer to the returned upload id. */
  upload(file: Blob, fileName: string): Promise<Result<{ uploadId: string; size: number }>>;
  readonly mode: 'desktop' | 'browser';
  /** Sign out of the office server ([W]); absent where nobody signs in (the desktop app, the browser mode). */
  logout?(): Promise<void>;
}

/** The IPC channel names; the preload only ever uses these. */
export const IPC_INVOKE_CHANNEL = 'quita:invoke';
export const IPC_EVENT_CHANNEL = 'quita:event';
export const IPC_UPLOAD_CHANNEL = 'quita:upload';
