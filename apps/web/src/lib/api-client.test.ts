import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, onSessionExpired } from './api-client';

const reply = (status: number, body?: unknown) =>
  vi.fn().mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), { status }));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('isAuthenticated', 'true');
  localStorage.setItem('auth_key', 'k'.repeat(43));
  localStorage.setItem('currentUser', '{"_id":"u1"}');
  localStorage.setItem('language', 'fr-ca');
});
afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it("sends SPEC 7's headers with the session key and unwraps the data envelope", async () => {
    const fetchMock = reply(200, { data: { ok: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/catalogue')).resolves.toEqual({ data: { ok: 1 } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/catalogue');
    const headers = init.headers as Headers;
    expect(headers.get('access-token')).toBe('k'.repeat(43));
    expect(headers.get('token-type')).toBe('Bearer');
    expect(headers.get('device')).toBe('web');
  });

  it('on 401 Authentication failed clears the stored session, keeps the language, and goes to sign in', async () => {
    vi.stubGlobal('fetch', reply(401, { code: 'AUTH_FAILED', message: 'Authentication failed' }));
    const expired = vi.fn();
    onSessionExpired(expired);
    await expect(apiFetch('/user/updateUser')).rejects.toMatchObject({ status: 401, code: 'AUTH_FAILED' });
    expect(expired).toHaveBeenCalledOnce();
    expect(localStorage.getItem('auth_key')).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(localStorage.getItem('language')).toBe('fr-ca');
  });

  it('turns other failures into an ApiError with the code, and a lost network into NETWORK', async () => {
    vi.stubGlobal('fetch', reply(409, { code: 'USER_EXISTS', message: 'User already exist' }));
    const error = await apiFetch('/user/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'USER_EXISTS' });
    expect(localStorage.getItem('auth_key')).not.toBeNull();

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiFetch('/catalogue')).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
