import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

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
    build: {
      // A sandboxed preload cannot require() packages: bundle everything (zod included) into one CJS file.
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
    plugins: [react()],
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
});
