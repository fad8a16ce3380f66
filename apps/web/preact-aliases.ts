// Issue 17: the app runs on Preact's React compatibility layer. react-dom alone was half of the
// first screen's code (100 KB gzipped of 146); Preact is about 12 KB, which brought a cold map
// screen's markers at 400 kbps from 8.0 s to 5.8 s (bench:web). The code is still written, typed
// and linted against React's API; every place that loads it (the build, the prerender, the unit
// tests) resolves React's modules to Preact's through these aliases.
import type { Alias } from 'vite';

export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // React 17's polyfill (react-i18next): Preact has the hook, and the polyfill is CommonJS.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/** The unit tests' renderer: its ES module, which Vite can alias (the main file is CommonJS). */
export const testingLibraryAlias: Alias = {
  find: /^@testing-library\/react$/,
  replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
};

/**
 * The dependencies that import React: Vite must bundle them, not leave them to Node, wherever it
 * runs code outside the browser build (the prerender, the unit tests), so the aliases apply.
 */
export const usesReact = [
  'react-router',
  'react-i18next',
  '@tanstack/react-query',
  '@tanstack/react-query-persist-client',
  'lucide-react',
  'react-leaflet',
  '@react-leaflet/core',
];
