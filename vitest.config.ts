// Every suite in one run: unit (shared, web), API and database (server, on PGlite and
// PostgreSQL), lint rules, and browser journeys in real Chromium.
import { defineConfig } from 'vitest/config';
import { preact } from '@preact/preset-vite';
import { syncStoreAlias, testingLibraryAlias, usesReact } from './apps/web/preact-aliases.ts';
import SpreadBrowserFiles from './test/spread-browser-files.ts';

const SLOTS = 'test/file-slots.ts';

export default defineConfig({
  test: {
    // Two files at a time (each with its own app, database, Redis prefix and port), one per core of
    // CI's machine, and one Chromium at a time: test/file-slots.ts holds the others back. A third
    // worker takes the next file while a browser file waits for Chromium, so both cores stay busy;
    // the browser files are spread through the run (test/spread-browser-files.ts), not left to the
    // end on one core, which made the run 20 minutes longer.
    maxWorkers: 3,
    sequence: { sequencer: SpreadBrowserFiles },
    // expect.poll gives up after 1 s by default: too short for a page or a child on a loaded machine.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], setupFiles: [SLOTS] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: [SLOTS],
        },
      },
      {
        // The API route suites (and the search box's) again, each app on a throwaway PostgreSQL
        // database (the server project runs them on PGlite).
        test: {
          name: 'server-postgres',
          include: [
            'apps/server/src/modules/*/routes.test.ts',
            // The route suites above, cut by use case.
            'apps/server/src/modules/deals/deal-views.routes.test.ts',
            'apps/server/src/modules/deals/messages.routes.test.ts',
            'apps/server/src/modules/social/providers.routes.test.ts',
            'apps/server/src/modules/social/register.routes.test.ts',
            'apps/server/src/modules/solutions/lists.routes.test.ts',
            'apps/server/src/modules/solutions/search.test.ts',
            // D-32..D-34: the deal's moves, the races between them and the clock's steps, which lock rows.
            'apps/server/src/modules/deals/lifecycle.routes.test.ts',
            'apps/server/src/modules/deals/bookings.routes.test.ts',
            'apps/server/src/modules/deals/races.test.ts',
            'apps/server/src/modules/deals/clock.test.ts',
            // D-35: who sees a post's exact point, on the map, in lists, search and details.
            'apps/server/src/modules/solutions/privacy.routes.test.ts',
            // D-38: mobile money, recorded once on either database.
            'apps/server/src/modules/payments/mobile-money.routes.test.ts',
            'apps/server/src/modules/payments/local-checkout.routes.test.ts',
          ],
          env: { TEST_APP_DATABASE: 'postgres' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: [SLOTS],
        },
      },
      {
        // The app's code on Preact, as the build ships it (@preact/preset-vite, apps/web/vite.config.ts).
        plugins: [preact({ prefreshEnabled: false, devToolsEnabled: false })],
        resolve: { alias: [testingLibraryAlias, syncStoreAlias], conditions: ['module', 'browser', 'development'] },
        // The dependencies' ES modules, as the build takes them: their CommonJS files would load
        // React itself.
        ssr: { resolve: { conditions: ['module', 'browser', 'development'] } },
        test: {
          name: 'web',
          server: { deps: { inline: [...usesReact, '@testing-library/react'] } },
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [SLOTS, 'apps/web/src/testing/setup.ts'],
        },
      },
      { test: { name: 'tooling', include: ['test/**/*.test.ts'], testTimeout: 60_000, setupFiles: [SLOTS] } },
      {
        test: {
          name: 'browser',
          include: ['apps/web/e2e/**/*.test.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time (test/file-slots.ts): the journeys time a page's own steps, which
          // two browsers on two cores slowed past their waits (three failed when run two at a time).
          setupFiles: [SLOTS],
          provide: { chromium: true },
        },
      },
    ],
  },
});
