// First: no schema may be built before zod is told not to probe for eval (CSP).
import './lib/zod-jitless';
import './lib/effects-before-input';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadScreen } from './app/router';
import { initI18n } from './lib/i18n';
import { nextTask } from './lib/next-task';
import { isSignedIn } from './lib/session';
import { adoptLinkLanguage, getLanguage, rememberLanguageForServer } from './lib/settings';
import { whenNetworkQuiet } from './early-load/when-network-quiet';
import './styles.css';

async function start(): Promise<void> {
  adoptLinkLanguage(location.search);
  const language = getLanguage();
  // The manifest names the app in the chosen language.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest.${language}.webmanifest`);
  // The server picks the prerendered page's language from this cookie.
  rememberLanguageForServer(language);
  preloadScreen(location.pathname);
  await initI18n(language);
  // On a slow phone the start is three tasks, not one of 250-450 ms in which no tap
  // counts: the above, then the chrome's first render, then the screen's (router.tsx's named).
  await nextTask();
  const root = document.getElementById('root');
  if (!root) return;
  const app = (
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  // A public page prerendered for a visitor in this language is hydrated in place. A
  // signed-in user sees other chrome, and another language other text: those render anew (the
  // skeleton of index.html, or the prerendered page, is replaced), so no hydration mismatch.
  if (root.dataset.prerendered === language && !isSignedIn()) {
    hydrateRoot(root, app);
  } else {
    delete root.dataset.prerendered;
    createRoot(root).render(app);
  }
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    // Offline before these chunks were kept, there is nothing to register or warm: the worker
    // already controls a page that loads offline, and a later visit with a signal does it.
    whenNetworkQuiet(() => void registerServiceWorker().catch(() => undefined));
  }
}

async function registerServiceWorker(): Promise<void> {
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({ immediate: true });
  const { warmRuntimeCache } = await import('./early-load/warm-cache');
  await warmRuntimeCache();
}

void start();
