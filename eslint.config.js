import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The server modules with a public surface (an index.ts): other code imports them only through it (issue 25 item 5).
// A module gains its index.ts when it leaves the modules' import cycle (server/src/modules/module-graph.test.ts).
const modulesWithSurface = readdirSync('server/src/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`server/src/modules/${entry.name}/index.ts`))
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      '.test-data',
      '.e2e-data',
      'client/src/gql',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The client uses server code only through server/src/shared (the @shared alias): pure codes and rules both
    // sides ask (server/src/shared/README.md). Anything else of the server stays the server's (issue 25 item 5).
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server/',
              message: 'The client imports server code only from server/src/shared, through @shared/….',
            },
          ],
        },
      ],
    },
  },
  {
    // Another module's files are its internals: import what it offers from its index.ts. Tests may reach inside (they
    // check a module's own rules and build fixtures from its entities); module-graph.test.ts checks the same rule on
    // resolved paths.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/shared/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: modulesWithSurface.map((name) => ({
            // ../x/… between modules, ../../modules/x/… from server/src's folders, ./modules/x/… from server/src itself.
            regex: `^(?:(?:\\.\\./)+(?:modules/)?|\\./modules/)${name}/(?!index\\.js$)`,
            message: `Import the ${name} module through its public surface, ../${name}/index.js (its index.ts).`,
          })),
        },
      ],
    },
  },
  {
    // A module's queries run on its caller's EntityManager, which may be a transaction's (one connection): queries
    // started together there queue on it, which pg@9 refuses. Await them in turn; the integration tests fail on any
    // that slip through (tests/support/one-query-at-a-time.ts).
    files: ['server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Promise'][callee.property.name=/^(all|allSettled|any|race)$/]",
          message:
            'Queries started together on one EntityManager share its connection inside a transaction: await them in turn.',
        },
      ],
    },
  },
  {
    files: ['client/codegen/**/*.{js,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
