import { execFileSync } from 'node:child_process';

/** The host serves the built renderer: build it once before the journeys. */
export default function globalSetup(): void {
  execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    stdio: 'ignore',
  });
}
