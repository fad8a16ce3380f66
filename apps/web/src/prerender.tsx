// Issue 17 item 1: the public pages rendered to HTML at build time, in both languages, so a phone
// on a slow network paints the page before any JavaScript arrives; main.tsx then hydrates it.
// Loaded by vite.config.ts's prerender step (Node, no DOM): nothing here may touch `window`.
import { LANGUAGES, type Language } from '@app/shared';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import en from './locales/en-us.json';
import fr from './locales/fr-ca.json';
import { AppProviders } from './app/providers';
import { routeObjects } from './app/router';
import type { RouteEntry } from './app/routes';

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
  const handler = createStaticHandler(routeObjects);
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders>
        {/* No hydration data script: the client router has no loaders to hydrate. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    // One piece: React would otherwise move a large part to the end behind a swapping script,
    // and a page without JavaScript would show only the fallback.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  const entry = context.matches.at(-1)?.route.handle as RouteEntry | undefined;
  const title = entry ? `${i18next.t(entry.title)} · ${i18next.t('app.name')}` : i18next.t('app.name');
  return { html, title };
}

export async function renderPages(): Promise<PrerenderedPage[]> {
  await i18next.use(initReactI18next).init({
    lng: 'en-us',
    resources: { 'en-us': { translation: en }, 'fr-ca': { translation: fr } },
    interpolation: { escapeValue: false },
    returnNull: false,
    lowerCaseLng: true,
  });
  const pages: PrerenderedPage[] = [];
  for (const language of LANGUAGES) {
    await i18next.changeLanguage(language);
    for (const [path, file] of Object.entries(PRERENDERED)) {
      const { html, title } = await renderOne(path);
      if (/<template id="B:|<script/.test(html))
        throw new Error(
          `prerender: ${path} still waits for a lazy part: ${html.slice(html.search(/<template id="B:|<script/) - 300, html.search(/<template id="B:|<script/) + 600)}`,
        );
      pages.push({ language, path, file, title, description: i18next.t('prerender.description'), html });
    }
  }
  return pages;
}
