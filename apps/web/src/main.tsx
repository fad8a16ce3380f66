import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { getLanguage } from './lib/settings';
import './styles.css';

async function start(): Promise<void> {
  const language = getLanguage();
  // The manifest names the app in the chosen language.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest.${language}.webmanifest`);
  await initI18n(language);
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createRouter()} />
      </AppProviders>
    </StrictMode>,
  );
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    const { registerSW } = await import('virtual:pwa-register');
    registerSW({ immediate: true });
  }
}

void start();
