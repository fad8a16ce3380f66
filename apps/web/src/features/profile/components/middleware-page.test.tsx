import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, testUser } from '../../../testing/render';
import { MiddlewarePage } from './middleware-page';

const session = (needs_completion: boolean) => ({
  data: { user: testUser(), auth_key: 'k'.repeat(43), expiry: '2030-01-01T00:00:00.000Z', needs_completion },
});
const renderAt = (url: string) => renderScreen('/middleware', <MiddlewarePage title="Signing you in" />, url);
const whereNow = () => screen.getByTestId('elsewhere').textContent;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/middleware', () => {
  it('trades the code for a session, then goes to /dashboard after 1000 ms', async () => {
    const fetchMock = routeFetch({ 'POST /api/user/loginVia/local': [200, session(false)] });
    const started = Date.now();
    renderAt('/middleware?code=one-time-code-0123456789');
    await waitFor(() => expect(whereNow()).toBe('/dashboard'), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const [, init] = callsTo(fetchMock, 'POST /api/user/loginVia/local')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'one-time-code-0123456789' });
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(localStorage.getItem('auth_key')).toBe('k'.repeat(43));
  });

  it('sends the verifier this tab kept when it started, once', async () => {
    sessionStorage.setItem('socialVerifier', 'v'.repeat(43));
    const fetchMock = routeFetch({ 'POST /api/user/loginVia/local': [200, session(false)] });
    renderAt('/middleware?code=one-time-code-with-verifier');
    await waitFor(() => expect(whereNow()).toBe('/dashboard'), { timeout: 3000 });
    const [, init] = callsTo(fetchMock, 'POST /api/user/loginVia/local')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ code: 'one-time-code-with-verifier', verifier: 'v'.repeat(43) });
    expect(sessionStorage.getItem('socialVerifier')).toBeNull();
  });

  it('uses the provider named in the address', async () => {
    const fetchMock = routeFetch({ 'POST /api/user/loginVia/google': [200, session(false)] });
    renderAt('/middleware?code=one-time-code-google-01234&provider=google');
    await waitFor(() => expect(whereNow()).toBe('/dashboard'), { timeout: 3000 });
    expect(callsTo(fetchMock, 'POST /api/user/loginVia/google')).toHaveLength(1);
  });

  it('sends an account that lacks a phone or country to /registerCountry, not yet signed in', async () => {
    routeFetch({ 'POST /api/user/loginVia/local': [200, session(true)] });
    renderAt('/middleware?code=one-time-code-incomplete-0123');
    await waitFor(() => expect(whereNow()).toBe('/registerCountry'), { timeout: 3000 });
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('socialCompletion') ?? '{}')).toMatchObject({ auth_key: 'k'.repeat(43) });
  });

  it('sends an invalid code, or none, to /login?error=social', async () => {
    routeFetch({ 'POST /api/user/loginVia/local': [401, { code: 'AUTH_FAILED', message: 'Authentication failed' }] });
    renderAt('/middleware?code=used-code-0123456789abcdef');
    await waitFor(() => expect(whereNow()).toBe('/login?error=social'));
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
    cleanup();
    renderAt('/middleware');
    await waitFor(() => expect(whereNow()).toBe('/login?error=social'));
  });
});
