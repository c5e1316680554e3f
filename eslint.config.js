// One lint configuration for the whole repository (server, core, web, tests, bench).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layering: feature folders sit side by side and never import each other, so a feature can be
// changed without reading its siblings; what two of them need lives in a shared layer below them
// (server/works, audit, tlog, db, http, storage, image, mail, fetcher, link-proofs, deps.ts,
// config.ts, and core/), and the shared layers import no feature. Composition roots (app.ts, runtime.ts, main.ts, cli/) may
// import anything; the other files beside the folders (config.ts, deps.ts, …) are shared, and core/
// imports nothing from server/ or web/. The server uses relative imports only, so a pattern on the folder name is exact
// enough. tests/unit/lint/feature-imports.test.ts shows the rule failing and passing.
export const FEATURE_FOLDERS = ['admin', 'ledger', 'manage', 'proof', 'realtime', 'removals', 'submissions', 'site', 'watch'];
export const SHARED_SERVER_LAYERS = ['works', 'audit', 'tlog', 'db', 'http', 'storage', 'image', 'mail', 'fetcher', 'link-proofs'];
/** Files beside the folders that wire the app together and may import anything. */
export const COMPOSITION_ROOTS = ['app.ts', 'main.ts', 'runtime.ts'];
const importOf = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
const layerRules = [
  ...FEATURE_FOLDERS.map((feature) => ({
    files: [`server/${feature}/**/*.{ts,mts,mjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: importOf(FEATURE_FOLDERS.filter((f) => f !== feature)),
              message: `server/${feature} is a feature folder: it must not import a sibling feature. Move what both need to a shared layer (server/works, server/http, server/db, ...).`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: SHARED_SERVER_LAYERS.map((layer) => `server/${layer}/**/*.{ts,mts,mjs}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: importOf(FEATURE_FOLDERS),
              message: 'Shared layers sit below the features and must not import a feature folder.',
            },
          ],
        },
      ],
    },
  },
  {
    // The files beside the folders that every layer may import (config.ts, deps.ts, …) are shared
    // too; only the composition roots may import a feature.
    files: ['server/*.{ts,mts,mjs}'],
    ignores: COMPOSITION_ROOTS.map((root) => `server/${root}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\./(${FEATURE_FOLDERS.join('|')})(/|$)`,
              message: 'Only the composition roots (app.ts, main.ts, runtime.ts) may import a feature folder.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['core/**/*.{ts,mts,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(server|web)(/|$)',
              message: 'core/ holds rules shared with the browser: it imports nothing from server/ or web/.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'web/dist/', 'data/', 'test-results/', 'playwright-report/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...layerRules,
);
