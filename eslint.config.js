// One lint set-up for all workspaces. The import rules enforce STYLE.md: on the web, shared code
// → features → app, and no feature imports another; on the server, only repositories (and the
// db folder) touch the database, routes never skip the service, and plugins never import modules.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = 'apps/web/src';
const WORKSPACES = ['packages/shared', 'apps/server', 'apps/web'].map(
  (dir) => new URL(`./${dir}`, import.meta.url).pathname,
);
const features = readdirSync(new URL(`./${WEB}/features`, import.meta.url));
/**
 * The repositories whose queries the Drizzle builder cannot write: points and areas (map, alerts,
 * places, a post's public point, the USSD user's last position), search and lists (with the
 * session check they embed in the same statement), and a write the builder has no form for (a
 * visit inserted only if none in the hour).
 */
const RAW_SQL_REPOSITORIES = [
  'map/repository.ts',
  'alerts/repository.ts',
  'places/repository.ts',
  'solutions/list-repository.ts',
  'solutions/search-repository.ts',
  'solutions/post-rows-repository.ts',
  'solutions/write-repository.ts',
  'sessions/repository.ts',
  'ussd/repository.ts',
];
/** The QueryClient methods whose first argument is a query key. */
const QUERY_CLIENT_KEYED = '/^(getQueryData|setQueryData|getQueryState|fetchQuery|prefetchQuery|ensureQueryData)$/';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/shared/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // STYLE 12: a package is declared by the workspace that imports it (hoisting hides a missing
    // declaration until a workspace is installed alone). Test code may also use the root's tools.
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'import-x/no-extraneous-dependencies': ['error', { includeTypes: true }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**', 'apps/*/test/**', 'apps/web/e2e/**'],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { includeTypes: true, packageDir: [import.meta.dirname, ...WORKSPACES] },
      ],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: 'detect' } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // STYLE 8 (as tldraw): every visible string comes from the locale files.
      'react/jsx-no-literals': ['error', { noStrings: false, ignoreProps: true }],
      'react/jsx-key': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((name) => ({
              target: `./${WEB}/features/${name}`,
              from: `./${WEB}/features`,
              except: [`./${name}`],
              message: 'A feature does not import another feature; compose them in app/.',
            })),
            { target: `./${WEB}/features`, from: `./${WEB}/app`, message: 'Features do not import the app layer.' },
            {
              target: [`./${WEB}/components`, `./${WEB}/lib`],
              from: [`./${WEB}/features`, `./${WEB}/app`],
              message: 'Shared code does not import features or the app layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // A query key is written once, in its feature's api/query-keys.ts (lib/query-keys.ts and
    // lib/post-keys.ts for what several share): a key spelled twice drifts, and an invalidation
    // then misses the screen it was meant for.
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/**/query-keys.ts`, `${WEB}/lib/post-keys.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "Property[key.name='queryKey'] > ArrayExpression.value",
          `CallExpression[callee.property.name=${QUERY_CLIENT_KEYED}][arguments.0.type='ArrayExpression']`,
          'VariableDeclarator[id.name=/Key$/] ArrayExpression',
        ].map((selector) => ({ selector, message: 'Take the query key from a query-keys factory.' })),
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/db/**',
      'apps/server/src/**/repository.ts',
      'apps/server/src/**/*-repository.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/plugins/db.ts',
      'apps/server/src/plugins/jobs.ts',
      'apps/server/src/seed-cli.ts',
      'apps/server/src/migrate-cli.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
              allowTypeImports: true,
              message: 'Only repositories touch the database (STYLE 2).',
            },
          ],
        },
      ],
    },
  },
  {
    // One data-access style per kind of query (docs/architecture.md): Drizzle's builder for plain
    // reads and writes; raw SQL (`db.execute`, lib/sql-rows) only where the builder cannot say it:
    // spatial and search queries, and the session check they embed.
    files: ['apps/server/src/modules/**/*repository.ts'],
    ignores: RAW_SQL_REPOSITORIES.map((file) => `apps/server/src/modules/${file}`),
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='execute']",
          message: 'Plain reads and writes use the Drizzle builder; raw SQL is for spatial and search queries.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/sql-rows', '**/lib/sql-rows.js'],
              message: 'Plain reads and writes use the Drizzle builder; raw SQL is for spatial and search queries.',
            },
          ],
        },
      ],
    },
  },
  {
    // A plugin is infrastructure every module may use; what a module owns reaches a plugin only
    // through a narrow interface the plugin declares, handed in by app.ts (a module's own plugin
    // lives in the module: modules/<name>/plugin.ts).
    files: ['apps/server/src/plugins/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/plugins',
              from: './apps/server/src/modules',
              message: 'Plugins do not import modules: take a narrow interface from app.ts, or move into the module.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/repository', '**/repository.js'], message: 'Routes call services, not repositories.' },
          ],
        },
      ],
    },
  },
);
