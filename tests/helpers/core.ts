import { join } from 'node:path';
import { createCore, type Core } from '../../src/core/bootstrap';
import { tempDir } from './tmp';

/** A real core on a temporary data folder, with its key file in a separate temporary folder. */
export function testCore(mode: Core['ctx']['mode'] = 'browser'): {
  core: Core;
  dataDir: string;
  cleanup: () => void;
} {
  const t = tempDir();
  const dataDir = join(t.dir, 'data');
  const core = createCore({
    mode,
    version: '0.0.0-test',
    dataDir,
    env: { QUITA_KEY_FILE: join(t.dir, 'keys', 'master.key') },
  });
  return { core, dataDir, cleanup: t.cleanup };
}

/** Call a command through the core's dispatch and return its value, throwing its error info as an Error. */
export function commandCaller(core: Core) {
  return async <T = Record<string, unknown>>(name: string, input: unknown): Promise<T> => {
    const r = await core.dispatch(name, input);
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
    return r.value as T;
  };
}
