import { readFileSync } from 'node:fs';

/** The app version from package.json, for the plain-Node front doors (Electron uses app.getVersion()). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
