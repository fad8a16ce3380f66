// The public pages rendered to HTML at build time, in both languages, so a phone
// on a slow network paints the page before any JavaScript arrives; main.tsx then hydrates it.
// Loaded by vite.config.ts's prerender step (Node, no DOM): nothing here may touch `window`.
import { LANGUAGES, type Language } from '@app/shared';
import i18next from 'i18next';
import { renderToStringAsync } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { setI18n } from 'react-i18next';
import { StaticRouter } from 'react-router';
import en from './locales/en-us.json';
import fr from './locales/fr-ca.json';
import { AppProviders } from './app/providers';
import { AppRoutes, routeEntryAt } from './app/router';
import { addFormats } from './lib/i18n-formats';

export { LANGUAGES };

/** The pages prerendered, and the file each becomes under dist/prerendered/<language>/. */
export const PRERENDERED: Record<string, string> = {
  '/': 'index.html',
  '/about': 'about.html',
  '/privacypolicy': 'privacypolicy.html',
  '/login': 'login.html',
  '/register': 'register.html',
  '/accountcreation': 'accountcreation.html',
};

export interface PrerenderedPage {
  language: Language;
  path: string;
  file: string;
  title: string;
  description: string;
  html: string;
}

async function renderOne(path: string): Promise<{ html: string; title: string }> {
  // Waits for the lazy screens (Suspense), so the page is whole: it must show without JavaScript.
  const html = await renderToStringAsync(
    // The app is typed against React's API; @preact/preset-vite's aliases make these elements Preact's.
    (
      <StrictMode>
        <AppProviders>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>
    ) as unknown as Parameters<typeof renderToStringAsync>[0],
  );
  const entry = routeEntryAt(path);
  const title = `${i18next.t(entry.title)} · ${i18next.t('app.name')}`;
  return { html, title };
}

/**
 * One page in one language. Preact's hydration keeps the DOM of a lazy part that suspends only
 * where the HTML marks it (`<!--$s-->`), and the renderer marks only the parts that suspended
 * here: the caller loads this module afresh for each page, so every lazy part suspends again.
 */
export async function renderPage(language: Language, path: string): Promise<PrerenderedPage> {
  if (!i18next.isInitialized)
    await i18next.init({
      lng: language,
      resources: { 'en-us': { translation: en }, 'fr-ca': { translation: fr } },
      interpolation: { escapeValue: false },
      returnNull: false,
      lowerCaseLng: true,
    });
  addFormats(i18next);
  // This module's react-i18next is fresh too; i18next, loaded by Node, is the same instance.
  setI18n(i18next);
  await i18next.changeLanguage(language);
  const { html, title } = await renderOne(path);
  if (/<script/.test(html)) throw new Error(`prerender: ${path} holds a script`);
  const file = PRERENDERED[path];
  if (!file) throw new Error(`prerender: ${path} is not a prerendered page`);
  return { language, path, file, title, description: i18next.t('prerender.description'), html };
}
