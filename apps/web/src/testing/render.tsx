// Renders a screen as the app would: English texts, a query client, and a router whose other
// routes only name themselves, so a test sees where the screen navigated.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation, type Location } from 'react-router';
import { vi } from 'vitest';
import en from '../locales/en-us.json';
import { server } from './server';
import { addFormats } from '../lib/i18n-formats';

export { requestsReceived } from './server';

await i18next.use(initReactI18next).init({
  lng: 'en-us',
  lowerCaseLng: true,
  resources: { 'en-us': { translation: en } },
  interpolation: { escapeValue: false },
});
addFormats(i18next);

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

/** A reply: its status, its JSON body and any headers it adds (a 429's Retry-After). */
type Reply = [status: number, body?: unknown, headers?: Record<string, string>];

/**
 * A request the app sent, as its two fetch() arguments: the URL (without the page's origin, as the
 * app writes it) and the method, headers and body (its text, or the form it sent).
 */
export type SentRequest = [url: string, init: { method: string; headers: Headers; body?: string | FormData }];

/** The request as a test reads it (SentRequest). */
export async function sentRequest(request: Request): Promise<SentRequest> {
  const url = new URL(request.url);
  const body =
    request.body === null
      ? undefined
      : request.headers.get('content-type')?.startsWith('multipart/form-data')
        ? await request.formData()
        : await request.text();
  return [
    url.origin === location.origin ? `${url.pathname}${url.search}` : url.href,
    { method: request.method, headers: request.headers, body },
  ];
}

/**
 * Has the mock server answer by "METHOD /path" (query ignored), and anything else with 404.
 * Returns the recorder of the requests sent, one call (a SentRequest) each.
 */
export function routeFetch(routes: Record<string, Reply | (() => Reply)>) {
  const fetchMock = vi.fn((...[url, init]: SentRequest): Reply => {
    const route = routes[`${init.method} ${new URL(url, location.href).pathname}`];
    return typeof route === 'function' ? route() : (route ?? [404, { code: 'NOT_FOUND', message: '' }]);
  });
  server.use(
    http.all('*', async ({ request }) => {
      const [status, body, headers] = fetchMock(...(await sentRequest(request)));
      return new HttpResponse(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
    }),
  );
  return fetchMock;
}

/** The requests sent to "METHOD /path". */
export const callsTo = (fetchMock: ReturnType<typeof routeFetch>, route: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init.method} ${new URL(url, location.href).pathname}` === route);

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
