/**
 * ESLint for the whole monorepo, one flat config: typescript-eslint with type information (the server side through
 * tsconfig.eslint.json, the browser specs through e2e/browser/tsconfig.json, the web through web/tsconfig.json), the
 * React hooks rules for web/, and the arrows of ARCHITECTURE.md as import rules (`import-x/no-restricted-paths`,
 * resolved through the same tsconfig paths, so `@quire/page-service` and `../../services/page/src` are one place).
 * Formatting is Prettier's: eslint-config-prettier turns the style rules off.
 */
import * as fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { reactRefresh } from 'eslint-plugin-react-refresh';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Every directory under services/: a new service is bound by the arrows from its first file. */
const SERVICES = fs
  .readdirSync(`${root}/services`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * What may import what: each zone forbids its `target` files to import anything under `from`. The arrows bind the
 * code that ships (`src/`); a service's or the gateway's medium tests (`services/<name>/test`, `gateway/test`) are
 * composition roots like embedded/: they may wire other contexts into one in-process app to answer their calls.
 */
const boundaryZones = [
  ...SERVICES.map((service) => ({
    target: `./services/${service}/src`,
    from: './services',
    except: [`./${service}`],
    message: 'A service never imports another service: ask it over the transport (its subjects are in proto/).',
  })),
  {
    target: './gateway/src',
    from: './services',
    message: 'The gateway never imports a service: it forwards to the subject that proto/ names.',
  },
  {
    target: './web',
    from: ['./gateway', './services', './libs', './embedded', './e2e', './load-tests'],
    message: 'The web app never imports server code: it speaks HTTP (types from @quire/proto only).',
  },
  {
    target: './libs/platform',
    from: './proto',
    message: 'libs/platform knows no domain: services register their job types, cache keys and error codes with it.',
  },
  {
    target: './libs',
    from: ['./services', './gateway', './embedded'],
    message: 'Libraries sit under the contexts: they never import a service, the gateway or the composition root.',
  },
  {
    target: './proto',
    from: ['./libs', './services', './gateway', './embedded', './web'],
    message: 'proto/ is the shared contract: it imports no code of the sides that speak it.',
  },
];

export default defineConfig(
  {
    ignores: ['**/dist/', '**/node_modules/', '**/coverage/', 'e2e/fixtures/', 'e2e/artifacts/', 'data/'],
  },
  {
    // A disable comment that no longer silences anything is itself an error: it would hide the next real finding.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    rules: {
      // File names, export names and XML text are cleaned of control characters on purpose (written as \u escapes).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    plugins: { 'import-x': importX },
    languageOptions: { parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: root } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.eslint.json` })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      // Adapters implement the async ports over synchronous work (node:sqlite, in-memory maps): `async` keeps a thrown
      // error a rejection, as the port promises, and a test's async stand-in has the port's shape.
      '@typescript-eslint/require-await': 'off',
      // A caught error is passed on as it came (the catch variable is `unknown`), as `throw error` would.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // `{ file: _field, ...rest }` and `_`-named parameters leave a value out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['e2e/browser/**/*.ts'],
    languageOptions: { parserOptions: { project: './e2e/browser/tsconfig.json', tsconfigRootDir: root } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/e2e/browser/tsconfig.json` })] },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.contract.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      // @types/jest types the asymmetric matchers (expect.any, expect.stringMatching, …) as `any`, and a test places
      // them inside the object it expects.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['libs/testing/src/mongo-wire/**/*.ts'],
    rules: {
      // The MongoDB-protocol test server stores and compares whatever a client sends: BSON documents are the driver's
      // own `Document` (`{ [key: string]: any }`), as in the adapters that wrap untyped libraries.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended, reactRefresh.configs.vite()],
    languageOptions: { globals: globals.browser, parserOptions: { project: './web/tsconfig.json', tsconfigRootDir: root } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/web/tsconfig.json` })] },
    rules: {
      // React ignores what an event handler returns: an async handler (a form's submit) is the usual shape.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Two React Compiler checks that fight deliberate patterns here (the app does not use the compiler):
      // the latest-value ref written during render (useSaveShortcut, useDrafts, usePageShortcuts), and dialogs that
      // reset their fields when they open.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      // The web reads the contract's types from proto/, never its code (zod schemas, the route table): that is server code.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@quire/proto', '@quire/proto/*', '**/proto/src/**'], allowTypeImports: true, message: 'The web app imports only types from @quire/proto.' }],
          // Dialogs are opened from state: components/ui/dialog gives the focus back to the opener when one closes.
          paths: [{ name: '@fluentui/react-components', importNames: ['Dialog'], message: 'Use Dialog from components/ui/dialog (it returns the focus to its opener).' }],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // k6 scripts run in k6's JavaScript runtime, not Node: ES modules with k6's globals.
    files: ['load-tests/k6/**/*.js'],
    languageOptions: { sourceType: 'module', globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' } },
  },
  prettier,
);
