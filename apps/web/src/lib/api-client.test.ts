import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../testing/server';
import { ApiError, apiFetch, onSessionExpired } from './api-client';

/** Has every request answered with `status` and `body`; returns the requests received. */
function reply(status: number, body?: unknown): Request[] {
  const requests: Request[] = [];
  server.use(
    http.all('*', ({ request }) => {
      requests.push(request);
      return new HttpResponse(body === undefined ? null : JSON.stringify(body), { status });
    }),
  );
  return requests;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('isAuthenticated', 'true');
  localStorage.setItem('auth_key', 'k'.repeat(43));
  localStorage.setItem('currentUser', '{"_id":"u1"}');
  localStorage.setItem('language', 'fr-ca');
});

describe('apiFetch', () => {
  it("sends SPEC 7's headers with the session key and unwraps the data envelope", async () => {
    const requests = reply(200, { data: { ok: 1 } });
    await expect(apiFetch('/catalogue')).resolves.toEqual({ data: { ok: 1 } });
    const [request] = requests;
    expect(request?.url).toBe(`${location.origin}/api/catalogue`);
    const headers = request!.headers;
    expect(headers.get('access-token')).toBe('k'.repeat(43));
    expect(headers.get('token-type')).toBe('Bearer');
    expect(headers.get('device')).toBe('web');
  });

  it('on 401 Authentication failed clears the stored session, keeps the language, and goes to sign in', async () => {
    reply(401, { code: 'AUTH_FAILED', message: 'Authentication failed' });
    const expired = vi.fn();
    onSessionExpired(expired);
    await expect(apiFetch('/user/updateUser')).rejects.toMatchObject({ status: 401, code: 'AUTH_FAILED' });
    expect(expired).toHaveBeenCalledOnce();
    expect(localStorage.getItem('auth_key')).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(localStorage.getItem('language')).toBe('fr-ca');
  });

  it('turns other failures into an ApiError with the code, and a lost network into NETWORK', async () => {
    reply(409, { code: 'USER_EXISTS', message: 'User already exist' });
    const error = await apiFetch('/user/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'USER_EXISTS' });
    expect(localStorage.getItem('auth_key')).not.toBeNull();

    server.use(http.all('*', () => HttpResponse.error()));
    await expect(apiFetch('/catalogue')).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
