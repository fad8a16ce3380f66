import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, onSessionExpired } from '../lib/api-client';
import { server } from '../testing/server';
import { logout } from './logout';

function signIn() {
  localStorage.setItem('isAuthenticated', 'true');
  localStorage.setItem('auth_key', 'k1');
  localStorage.setItem('access-token', 'k1');
  localStorage.setItem('language', 'fr-ca');
}

describe('logout', () => {
  afterEach(() => localStorage.clear());

  it('ends the session on the server, keeps the language, and a late 401 does not redirect', async () => {
    signIn();
    const expired = vi.fn();
    onSessionExpired(expired);
    let loggedOut!: () => void;
    const serverEnded = new Promise<void>((resolve) => (loggedOut = resolve));
    const sentKeys: (string | null)[] = [];
    server.use(
      http.post('/api/user/logout', ({ request }) => {
        sentKeys.push(request.headers.get('access-token'));
        loggedOut();
        return new HttpResponse(null, { status: 204 });
      }),
      // A call sent before the logout, answered once the server has ended the session.
      http.get('/api/user/notifications', async () => {
        await serverEnded;
        return HttpResponse.json({ code: 'AUTH_FAILED', message: 'ended' }, { status: 401 });
      }),
    );
    const late = apiFetch('/user/notifications').catch((e: unknown) => e);
    await logout();
    await expect(late).resolves.toMatchObject({ status: 401 });
    expect(sentKeys).toEqual(['k1']);
    expect(expired).not.toHaveBeenCalled();
    expect({ ...localStorage }).toEqual({ language: 'fr-ca' });
  });
});
