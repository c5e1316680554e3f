// One lint configuration for the whole repository (server, core, web, tests, bench).
// Layering: feature folders sit side by side and never import each other, so a feature can be
// changed without reading its siblings; what two of them need lives in a shared layer below them
// (server/works, audit, tlog, db, http, jobs, …, the files beside the folders such as config.ts
// and deps.ts, and core/), and the shared layers import no feature. Composition roots (app.ts,
// runtime.ts, main.ts, cli/) may import anything and nothing else imports them; core/ imports
// nothing from server/ or web/. Every folder of server/ is in exactly one of the three lists
// below (loading this file fails otherwise), so the rule covers every server file. The server
// uses relative imports only, so a pattern on the folder name is exact enough.
// tests/unit/lint/feature-imports.test.ts shows the rule failing and passing; import circles are
// `npm run lint:circles`'s (madge). The ledger cache (server/ledger-cache/) is imported through
// its index only (LEDGER_CACHE_INSIDE below). Error sentences are imported from core/, never
// written in an error helper's call (ERROR_TEXT_SELECTORS below).
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Folders that serve HTTP routes (or, for witness/, a program of their own). */
export const FEATURE_FOLDERS = [
  'admin',
  'disputes',
  'ledger',
  'manage',
  'metrics',
  'proof',
  'realtime',
  'removals',
  'submissions',
  'site',
  'transparency',
  'watch',
  'witness',
];
/** Folders below the features: no routes of their own, imported by features and by each other. */
export const SHARED_SERVER_LAYERS = [
  'works',
  'audit',
  'tlog',
  'db',
  'http',
  'jobs',
  'storage',
  'image',
  'mail',
  'fetcher',
  'link-proofs',
  'webhooks',
  'ledger-cache',
];
/** Files beside the folders that wire the app together and may import anything. */
export const COMPOSITION_ROOTS = ['app.ts', 'main.ts', 'runtime.ts'];
/** Folders of composition roots: the commands, which wire the same layers as the server. */
export const COMPOSITION_ROOT_FOLDERS = ['cli'];

/** The folders of server/ that none of the lists above names (their files would escape the rule). */
export function unclassifiedServerFolders(folders) {
  const known = new Set([...FEATURE_FOLDERS, ...SHARED_SERVER_LAYERS, ...COMPOSITION_ROOT_FOLDERS]);
  return folders.filter((folder) => !known.has(folder));
}

const serverFolders = fs
  .readdirSync(path.join(import.meta.dirname, 'server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unclassified = unclassifiedServerFolders(serverFolders);
if (unclassified.length > 0) {
  throw new Error(
    `eslint.config.js: add server/${unclassified.join(', server/')} to FEATURE_FOLDERS, SHARED_SERVER_LAYERS or COMPOSITION_ROOT_FOLDERS, so the layering rule covers its files.`,
  );
}

const ROOT_NAMES = [...COMPOSITION_ROOTS.map((file) => file.replace(/\.ts$/, '')), ...COMPOSITION_ROOT_FOLDERS];
const importOf = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
const rootImport = {
  regex: importOf(ROOT_NAMES),
  message: 'Only the composition roots (app.ts, main.ts, runtime.ts, cli/) wire the app: nothing else imports them.',
};
// The ledger cache is one room (server/ledger-cache/README.md) with one entry point, its
// index.ts: nothing outside it imports a file inside it, so what it keeps and how it stays fresh
// can change without touching its users. Its own tests (tests/*/ledger-cache/) may look inside.
// tests/unit/lint/ledger-cache-imports.test.ts shows this failing and passing.
const LEDGER_CACHE_INSIDE = {
  regex: '^(\\.\\.?/)+(server/)?ledger-cache/(?!index(\\.[mc]?[jt]s)?$)',
  message: "server/ledger-cache is one room: import it from its index ('…/ledger-cache'), never a file inside it.",
};
const LEDGER_CACHE_TESTS = ['tests/unit/ledger-cache/**', 'tests/integration/ledger-cache/**'];
const layerRules = [
  {
    // Everywhere else (composition roots, commands, tests, benchmarks, scripts): the ledger cache's
    // rule only. The folder rules below repeat it, as the last rule that matches a file wins.
    files: ['server/**/*.{ts,mts,mjs}', 'tests/**/*.{ts,mts,mjs}', 'bench/**/*.{ts,mts,mjs}', 'scripts/**/*.{ts,mts,mjs}'],
    ignores: LEDGER_CACHE_TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [LEDGER_CACHE_INSIDE] }] },
  },
  ...FEATURE_FOLDERS.map((feature) => ({
    files: [`server/${feature}/**/*.{ts,mts,mjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            LEDGER_CACHE_INSIDE,
            {
              regex: importOf(FEATURE_FOLDERS.filter((f) => f !== feature)),
              message: `server/${feature} is a feature folder: it must not import a sibling feature. Move what both need to a shared layer (server/works, server/http, server/db, ...).`,
            },
            rootImport,
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
            LEDGER_CACHE_INSIDE,
            {
              regex: importOf(FEATURE_FOLDERS),
              message: 'Shared layers sit below the features and must not import a feature folder.',
            },
            rootImport,
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
            LEDGER_CACHE_INSIDE,
            {
              regex: `^\\./(${FEATURE_FOLDERS.join('|')})(/|$)`,
              message: 'Only the composition roots (app.ts, main.ts, runtime.ts) may import a feature folder.',
            },
            {
              regex: `^\\./(${ROOT_NAMES.join('|')})(/|$)`,
              message: rootImport.message,
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

// Error sentences are written once, in core/ (issue 37): an error helper or a user-facing error
// class on the server is handed a text from core/messages.ts, core/api-error-texts.ts or
// core/error-codes.ts (or nothing, for its code's default), never a sentence written in place.
// A sentence has a space; codes, parameter names and keys have none, so they stay allowed.
// tests/unit/lint/error-texts.test.ts shows this failing and passing.
const ERROR_MAKERS = '/^(notFound|badRequest|validationFailed|invalidParameter|missingParameter|conflict|unavailable|appError)$/';
const ERROR_CLASSES = '/^(AppError|AdminCreateError|TilePathError)$/';
const ERROR_TEXT_MESSAGE =
  'Error sentences live in core/ (messages.ts, api-error-texts.ts, error-codes.ts): import the text instead of writing it here.';
const inlineTexts = (call) => [
  `${call} > Literal[value=/\\s/]`,
  `${call} > TemplateLiteral:has(TemplateElement[value.raw=/\\s/])`,
  `${call} > ObjectExpression > Property > Literal[value=/\\s/]`,
  `${call} > ObjectExpression > Property[key.name='fields'] > ObjectExpression > Property > Literal[value=/\\s/]`,
];
const ERROR_TEXT_SELECTORS = [
  ...inlineTexts(`CallExpression[callee.name=${ERROR_MAKERS}]`),
  ...inlineTexts(`NewExpression[callee.name=${ERROR_CLASSES}]`),
];
const errorTextRule = (selectors) => ({
  'no-restricted-syntax': ['error', ...selectors.map((selector) => ({ selector, message: ERROR_TEXT_MESSAGE }))],
});
const errorTextRules = [
  {
    files: ['server/**/*.{ts,mts,mjs}'],
    rules: errorTextRule(ERROR_TEXT_SELECTORS),
  },
  {
    // The witness answers in plain text (C2SP tlog-witness) through its own text(status, body).
    files: ['server/witness/**/*.{ts,mts,mjs}'],
    rules: errorTextRule([...ERROR_TEXT_SELECTORS, ...inlineTexts("CallExpression[callee.name='text']")]),
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
  {
    // The web app reaches the shared rules through the `#core/*` import alias (package.json
    // "imports"), not through ../../../../core: a page can move without its imports changing.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+core(/|$)', message: "Import core/ through the alias: '#core/…'." }] },
      ],
    },
  },
  ...layerRules,
  ...errorTextRules,
);
