import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The browser host's `window.api` is a TypeScript module (src/renderer/bridge/http-bridge.ts) built with the
 * renderer into `bridge.js`; the host serves it as it is. What changes per launch (the command the clerk ran,
 * named by the no-token page) goes into the page as a meta tag the bridge reads, never into the script.
 */
export function readBridge(staticDir: string): string {
  const file = join(staticDir, 'bridge.js');
  if (!existsSync(file))
    throw new Error(`The renderer is not built (${file} is missing): run npm run build.`);
  return readFileSync(file, 'utf8');
}

const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the bridge loaded before the renderer's module script, and the launch command beside it. */
export function withBridge(indexHtml: string, launchCommand: string): string {
  // The bridge must define window.api before the renderer's module script runs.
  return indexHtml
    .replace(
      '</head>',
      `  <meta name="quita-launch-command" content="${escapeAttribute(launchCommand)}" />\n  </head>`,
    )
    .replace('<script', '<script src="/bridge.js"></script>\n    <script');
}
