// The app is written, typed and linted against React's API and runs on Preact's compat layer
// (@preact/preset-vite's aliases). What the preset leaves out is here:
import type { Alias } from 'vite';

/**
 * Custom: the preset aliases react and react-dom only. React 17's polyfill (react-i18next) is
 * CommonJS that loads React; Preact has the hook.
 */
export const syncStoreAlias: Alias = { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' };

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
