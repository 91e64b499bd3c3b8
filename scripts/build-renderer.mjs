// Build main, preload and renderer with electron-vite, quietly; print the tool's output only on failure.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export function build() {
  const r = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    console.error('quita: the build failed (see above).');
    process.exit(1);
  }
}
