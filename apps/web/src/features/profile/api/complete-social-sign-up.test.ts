import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { server } from '../../../testing/server';
import { completeSocialSignUp, heldSession, holdSession, releaseSession } from './complete-social-sign-up';

const session = { user: { _id: 'u1' }, auth_key: 'k'.repeat(43), expiry: '2030-01-01T00:00:00Z' } as Parameters<
  typeof holdSession
>[0];

afterEach(() => {
  sessionStorage.clear();
});

describe('the held session of an incomplete social sign-up', () => {
  it('is kept in this tab until released, and is never the signed-in session', () => {
    holdSession(session);
    expect(heldSession()).toMatchObject({ auth_key: session.auth_key, user: { _id: 'u1' } });
    expect(localStorage.getItem('auth_key')).toBeNull();
    releaseSession();
    expect(heldSession()).toBeNull();
  });

  it('ignores a damaged entry', () => {
    sessionStorage.setItem('socialCompletion', '{not json');
    expect(heldSession()).toBeNull();
  });
});

describe('completeSocialSignUp', () => {
  it('sends the held key and returns the completed user', async () => {
    const requests: Request[] = [];
    server.use(
      http.all('*', ({ request }) => {
        requests.push(request);
        return HttpResponse.json({ data: { _id: 'u1' } });
      }),
    );
    await expect(
      completeSocialSignUp(session, { mobile_no: '+221 771234567', country: 'SN', verification_token: 't' }),
    ).resolves.toEqual({
      _id: 'u1',
    });
    const [request] = requests;
    expect(request?.url).toBe(`${location.origin}/api/user/register-via-fb/u1`);
    expect(request?.method).toBe('PUT');
    expect(request?.headers.get('access-token')).toBe(session.auth_key);
  });

  it('turns 409 into USER_EXISTS', async () => {
    server.use(
      http.all('*', () => HttpResponse.json({ code: 'USER_EXISTS', message: 'User already exists.' }, { status: 409 })),
    );
    const error = await completeSocialSignUp(session, {
      mobile_no: '+221 771234567',
      country: 'SN',
      verification_token: 't',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'USER_EXISTS' });
  });
});
