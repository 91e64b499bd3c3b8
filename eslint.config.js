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
 * main / host / server / cli, and the front doors reach the core only through src/core/index.ts (the office server
 * builds on the browser host's HTTP pieces; the CLI starts the office server); renderer and preload
 * import only shared. Tests (and *.testing.ts helpers) may reach anything: they check the inside.
 */
const LAYERS = ['shared', 'core', 'main', 'host', 'server', 'cli', 'renderer', 'preload', 'sandbox'];
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
          'Dependencies point one way: shared <- core <- main/host/server/cli (through src/core/index.ts only); renderer and preload import only shared.',
        policies: [
          allow('shared', ['shared']),
          allow('core', ['core', 'shared', 'sandbox']),
          allow('sandbox', ['sandbox', 'shared']),
          allow('main', ['main', 'shared']),
          allow('host', ['host', 'shared']),
          allow('server', ['server', 'host', 'shared']),
          allow('cli', ['cli', 'shared', 'server']),
          allow('renderer', ['renderer', 'shared']),
          allow('preload', ['preload', 'shared']),
          {
            from: { element: { types: { anyOf: ['main', 'host', 'server', 'cli'] } } },
            allow: { to: { element: { type: 'core' }, file: { categories: 'core-entry' } } },
          },
        ],
      },
    ],
  },
};

/**
 * Status and payment-type ids appear only in src/shared/constants.ts ([Q] item 3): comparing such a field with a
 * bare number is refused everywhere in src (ACCOUNT_STATUS.received, PAYMENT_TYPE.boleto say what they mean).
 */
const ID_FIELDS = '/^(statusId|status_id|paymentTypeId|payment_type_id|idPaymentType|accountStatus|type)$/';
const NAMED_IDS = ['left', 'right'].map((side) => ({
  selector: `BinaryExpression[operator=/^[!=]==?$/][${side === 'left' ? 'right' : 'left'}.type='Literal'][${side === 'left' ? 'right' : 'left'}.raw=/^[0-9]+$/] > MemberExpression.${side}[property.name=${ID_FIELDS}]`,
  message: 'Status and payment-type ids are named in src/shared/constants.ts (ACCOUNT_STATUS, PAYMENT_TYPE).',
}));
const SRC_RULES = {
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.testing.ts', 'src/**/testing*.ts', 'src/shared/constants.ts'],
  rules: { 'no-restricted-syntax': ['error', ...NAMED_IDS] },
};

/**
 * SQL lives only in `*.repo.ts` ([Q] item 3): elsewhere in the core, preparing a statement or running SQL on a
 * database handle is refused, and so is a query of the Store's builder (Kysely: `selectFrom`, `insertInto`,
 * `updateTable`, `deleteFrom`, a `sql` template; [W]), which a repo (or a `*.store.ts`) holds. The database's own
 * machinery (src/core/db: migrations, backups, health; src/core/store: the Store itself) is the exception. Services
 * own transactions (`db.transaction`, `store.write`), which is not SQL. (Repeats NAMED_IDS: a later config's options
 * for a rule replace an earlier one's.)
 */
const SQL_ONLY_IN_REPOS = {
  files: ['src/core/**/*.ts'],
  ignores: [
    'src/core/**/*.repo.ts',
    'src/core/**/*.store.ts',
    'src/core/store/**',
    'src/core/db/**',
    'src/core/**/*.test.ts',
    'src/core/**/*.testing.ts',
    'src/core/**/testing*.ts',
  ],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...NAMED_IDS,
      ...[
        "CallExpression[callee.property.name='prepare']",
        "CallExpression[callee.property.name=/^(exec|pragma)$/][callee.object.name='db']",
        "CallExpression[callee.property.name=/^(exec|pragma)$/][callee.object.property.name='db']",
        'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
        "TaggedTemplateExpression[tag.name='sql']",
      ].map((selector) => ({
        selector,
        message: "SQL lives only in *.repo.ts: add a function to the domain's repository and call it.",
      })),
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
  SRC_RULES,
  SQL_ONLY_IN_REPOS,
  // electron is a package, not a path: only src/main and src/preload may import it.
  ...['shared', 'core', 'renderer', 'host', 'cli', 'sandbox'].map((dir) => ({
    files: [`src/${dir}/**`],
    rules: noElectron,
  })),
);
