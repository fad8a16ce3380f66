import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../testing/render';
import { server } from '../testing/server';
import { routeObjects } from './router';

function open(path: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  server.use(http.all('*', () => HttpResponse.json({ data: [] })));
  // jsdom has no matchMedia; the layout asks whether the screen is a phone's.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the route guard', () => {
  it('sends a signed-out visitor of a protected page to /login, remembering the page and its query', async () => {
    const router = open('/suppliersolution/p1?from=share');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/suppliersolution/p1?from=share' });
  });

  it('sends a signed-in user away from /login to /dashboard', async () => {
    localStorage.setItem('auth_key', 'k'.repeat(43));
    localStorage.setItem('isAuthenticated', 'true');
    const router = open('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
