import type { QuitaBridge } from '../../../shared/bridge';
import type {
  CommandInput,
  CommandName,
  CommandOutput,
  ErrorInfo,
  EventName,
  EventPayload,
} from '../../../shared/contract';

/**
 * The only renderer code that touches `window.api` (the Electron preload bridge or the browser host's HTTP
 * bridge; the renderer never knows which).
 */
function bridge(): QuitaBridge {
  const api = (window as unknown as { api?: QuitaBridge }).api;
  if (!api)
    throw new CommandError({
      kind: 'internal',
      code: 'bridge.missing',
      message: 'Quita’s bridge is missing: open the app through npm start or npm run serve.',
    });
  return api;
}

export class CommandError extends Error {
  constructor(readonly info: ErrorInfo) {
    super(info.message);
  }
}

export async function call<K extends CommandName>(
  name: K,
  input: CommandInput<K>,
): Promise<CommandOutput<K>> {
  const result = await bridge().invoke(name, input);
  if (!result.ok) throw new CommandError(result.error);
  return result.value as CommandOutput<K>;
}

export function onEvent<E extends EventName>(
  name: E,
  listener: (payload: EventPayload<E>) => void,
): () => void {
  return bridge().on(name, (payload) => listener(payload as EventPayload<E>));
}

/** Stage a file for the core (statement import); returns the upload id commands take. */
export async function uploadFile(file: File): Promise<{ uploadId: string; size: number }> {
  const result = await bridge().upload(file, file.name);
  if (!result.ok) throw new CommandError(result.error);
  return result.value;
}

export const bridgeMode = (): QuitaBridge['mode'] => bridge().mode;

/** The office server's bridge alone can end a session ([W]); the desktop app and browser mode have none. */
export const canLogout = (): boolean => typeof bridge().logout === 'function';

/** Ends this person's session on the office server; nothing elsewhere. */
export async function logout(): Promise<void> {
  await bridge().logout?.();
}
