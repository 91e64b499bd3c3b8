import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noElectron = { name: 'electron', message: 'Only src/main and src/preload may import electron.' };
const layer = (files, forbidden, extraPaths = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: extraPaths,
        patterns: forbidden.map((dir) => ({
          group: ['../', '../../', '../../../', '../../../../'].flatMap((up) => [
            `${up}${dir}`,
            `${up}${dir}/*`,
          ]),
          message: `Dependencies point one way: shared <- core <- main/host/cli; renderer and preload import only shared (${dir} is off limits here).`,
        })),
      },
    ],
  },
});

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
  layer(['src/shared/**'], ['core', 'main', 'host', 'cli', 'renderer', 'preload', 'sandbox'], [noElectron]),
  layer(['src/core/**'], ['main', 'host', 'cli', 'renderer', 'preload'], [noElectron]),
  layer(['src/renderer/**'], ['core', 'main', 'host', 'cli', 'preload', 'sandbox'], [noElectron]),
  layer(['src/preload/**'], ['core', 'main', 'host', 'cli', 'renderer', 'sandbox']),
  layer(['src/host/**', 'src/cli/**'], ['main', 'renderer', 'preload'], [noElectron]),
  layer(['src/sandbox/**'], ['core', 'main', 'host', 'cli', 'renderer', 'preload'], [noElectron]),
  layer(['src/main/**'], ['host', 'cli', 'renderer', 'preload']),
);
