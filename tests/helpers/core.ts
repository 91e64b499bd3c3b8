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
