// Renders a screen as the app would: English texts, a query client, and a router whose other
// routes only name themselves, so a test sees where the screen navigated.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation, type Location } from 'react-router';
import { vi } from 'vitest';
import en from '../locales/en-us.json';

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

type Describe = (location: Location) => string;
const pathAndSearch: Describe = (location) => `${location.pathname}${location.search}`;

function Elsewhere({ describe }: { describe: Describe }) {
  return <p data-testid="elsewhere">{describe(useLocation())}</p>;
}

/**
 * Renders `screen` at `path`; any other route shows where the screen navigated, as `describe`
 * writes it (by default the path and query).
 */
export function renderScreen(
  path: string,
  screen: ReactElement,
  entry: string | { pathname: string; state: unknown } = path,
  describe: Describe = pathAndSearch,
) {
  const router = createMemoryRouter(
    [
      { path, element: screen },
      { path: '*', element: <Elsewhere describe={describe} /> },
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

type Reply = [status: number, body?: unknown];

/** fetch answering by "METHOD /path" (query ignored); anything else fails the call with 404. */
export function routeFetch(routes: Record<string, Reply | (() => Reply)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    const [status, body] = typeof route === 'function' ? route() : (route ?? [404, { code: 'NOT_FOUND', message: '' }]);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to "METHOD /path". */
export const callsTo = (fetchMock: ReturnType<typeof routeFetch>, route: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === route,
  );

/** A signed-in session in local storage, as the sign-in screen stores it (SPEC 3). */
export function signIn(user: { _id: string; country?: string | null } & Record<string, unknown>): void {
  localStorage.setItem('isAuthenticated', 'true');
  localStorage.setItem('auth_key', 'k'.repeat(43));
  localStorage.setItem('access-token', 'k'.repeat(43));
  localStorage.setItem('currentUser', JSON.stringify(user));
  if (user.country) localStorage.setItem('isCountry', 'true');
}

export const testUser = (overrides: Record<string, unknown> = {}) => ({
  _id: 'u1',
  firstName: 'Awa',
  lastName: 'Diop',
  email: 'awa@example.org',
  mobile_no: '+221771234567',
  physical_address: null,
  country: 'SN',
  profile_pic: null,
  admin: false,
  identity_flag: false,
  verified: false,
  vip: false,
  google_auth: false,
  fb_auth: false,
  email_verified: false,
  language: 'en',
  subscription: {
    subscription_type: null,
    subscription_flag: false,
    trail_complete: false,
    subscription_start_date: null,
    subscription_end_date: null,
  },
  ...overrides,
});
