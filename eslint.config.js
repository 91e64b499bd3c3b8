import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundariesPlugin from 'eslint-plugin-boundaries';

const noElectron = {
  'no-restricted-imports': [
    'error',
    { paths: [{ name: 'electron', message: 'Only src/main and src/preload may import electron.' }] },
  ],
};

/**
 * Layers, by where each file really is: eslint-plugin-boundaries resolves every import to a file (node resolution
 * with TypeScript's extensions) and checks which layer it lands in, so `../../core/db/open-db`, a deeper path or
 * a re-export cannot slip through the way a string pattern could. Dependencies point one way: shared <- core <-
 * main / host / cli, and the front doors reach the core only through src/core/index.ts; renderer and preload
 * import only shared. Tests (and *.testing.ts helpers) may reach anything: they check the inside.
 */
const LAYERS = ['shared', 'core', 'main', 'host', 'cli', 'renderer', 'preload', 'sandbox'];
const allow = (from, to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});
const boundaries = {
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.testing.ts', 'src/**/testing*.ts'],
  plugins: { boundaries: boundariesPlugin },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    'boundaries/elements': LAYERS.map((type) => ({ type, pattern: `src/${type}`, partialMatch: false })),
    // The one file of the core a front door may import.
    'boundaries/files': [{ category: 'core-entry', pattern: 'src/core/index.ts' }],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message:
          'Dependencies point one way: shared <- core <- main/host/cli (through src/core/index.ts only); renderer and preload import only shared.',
        policies: [
          allow('shared', ['shared']),
          allow('core', ['core', 'shared', 'sandbox']),
          allow('sandbox', ['sandbox', 'shared']),
          allow('main', ['main', 'shared']),
          allow('host', ['host', 'shared']),
          allow('cli', ['cli', 'shared']),
          allow('renderer', ['renderer', 'shared']),
          allow('preload', ['preload', 'shared']),
          {
            from: { element: { types: { anyOf: ['main', 'host', 'cli'] } } },
            allow: { to: { element: { type: 'core' }, file: { categories: 'core-entry' } } },
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.quita-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.node.json', './tsconfig.web.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  boundaries,
  // electron is a package, not a path: only src/main and src/preload may import it.
  ...['shared', 'core', 'renderer', 'host', 'cli', 'sandbox'].map((dir) => ({
    files: [`src/${dir}/**`],
    rules: noElectron,
  })),
);
