import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { COMMAND_NAMES, EVENT_NAMES } from './src/shared/contract';

/**
 * The bridges' allowlists are the contract's command and event names, put in at build time: the preload and the
 * browser bridge then carry a list of strings, not the zod schemas (validation happens in main / the host).
 */
const allowlists = {
  __QUITA_COMMANDS__: JSON.stringify(COMMAND_NAMES),
  __QUITA_EVENTS__: JSON.stringify(EVENT_NAMES),
};

/** The browser host's window.api (src/renderer/bridge/http-bridge.ts), built beside the renderer as bridge.js. */
function httpBridge(): Plugin {
  return {
    name: 'quita-http-bridge',
    async generateBundle() {
      const out = await esbuild({
        entryPoints: [resolve('src/renderer/bridge/http-bridge.ts')],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        platform: 'browser',
        define: allowlists,
        legalComments: 'none',
      });
      this.emitFile({ type: 'asset', fileName: 'bridge.js', source: out.outputFiles[0]!.text });
    },
  };
}

export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          // Statement files are read in a worker thread (src/core/import/parse-in-worker.ts), which loads
          // out/main/parse-worker.js from beside the bundle.
          'parse-worker': resolve('src/core/import/parse-worker.ts'),
        },
      },
    },
  },
  preload: {
    define: allowlists,
    build: {
      // A sandboxed preload cannot require() packages: bundle everything into one CJS file (a few KB: the
      // allowlist is strings, see above).
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [react(), httpBridge()],
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
});
