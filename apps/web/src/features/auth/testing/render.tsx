// Renders an auth screen as the app would: English texts, a query client, and a router whose
// other routes only name themselves, so a test sees where the screen navigated.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import en from '../../../locales/en-us.json';

await i18next.use(initReactI18next).init({
  lng: 'en-us',
  lowerCaseLng: true,
  resources: { 'en-us': { translation: en } },
  interpolation: { escapeValue: false },
});

// jsdom has <dialog> but not its modal methods.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

export function renderScreen(path: string, screen: ReactElement, entry: string | { pathname: string; state: unknown }) {
  const router = createMemoryRouter(
    [
      { path, element: screen },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [entry] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

/** A browser that grants the location (Dakar) or refuses it. */
export function stubGeolocation(grant: boolean): void {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (grant) ok({ coords: { latitude: 14.6928, longitude: -17.4467 } } as GeolocationPosition);
    else fail?.({ code: 1, message: 'denied' } as GeolocationPositionError);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

/** fetch answering each call with the next of `replies` (status and JSON body). */
export function stubFetch(...replies: [number, unknown?][]) {
  const fetchMock = vi.fn();
  for (const [status, body] of replies) {
    fetchMock.mockResolvedValueOnce(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  }
  // The social buttons ask which providers are enabled; that answer is not part of what a test
  // checks, so it is served here and kept out of the recorded calls.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/auth/providers'
      ? Promise.resolve(new Response(JSON.stringify({ data: { google: true, facebook: true, local: false } })))
      : fetchMock(input, init),
  );
  return fetchMock;
}

export const sentBody = (fetchMock: ReturnType<typeof vi.fn>, call = 0): unknown => {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
  return typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
};
