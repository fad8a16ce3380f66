// PUT /api/user/register-via-fb/:userId: SPEC 2.3 item 21, the e-mail (if missing), phone and
// country of a social sign-up.
//
// The session of an incomplete account is held in this tab (session storage) and stored as the
// signed-in session only once the account is complete: /registerCountry sends signed-in users to
// /dashboard (SPEC 2.1), so a stored session would skip the completion. Hence this call carries
// the held key itself rather than going through apiFetch, which reads the stored session.
import type { ErrorCode, socialCompletionBodySchema, User } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import type { SocialSession } from './social-sign-in';

export type SocialCompletion = ReturnType<(typeof socialCompletionBodySchema)['parse']>;
type HeldSession = Pick<SocialSession, 'user' | 'auth_key' | 'expiry'>;

const HELD_KEY = 'socialCompletion';

export function holdSession(session: HeldSession, storage: Storage = sessionStorage): void {
  storage.setItem(HELD_KEY, JSON.stringify({ user: session.user, auth_key: session.auth_key, expiry: session.expiry }));
}

export function heldSession(storage: Storage = sessionStorage): HeldSession | null {
  try {
    const held = JSON.parse(storage.getItem(HELD_KEY) ?? 'null') as Partial<HeldSession> | null;
    return held && typeof held.auth_key === 'string' && typeof held.user?._id === 'string'
      ? (held as HeldSession)
      : null;
  } catch {
    return null;
  }
}

export const releaseSession = (storage: Storage = sessionStorage) => storage.removeItem(HELD_KEY);

export async function completeSocialSignUp(session: HeldSession, body: SocialCompletion): Promise<User> {
  let response: Response;
  try {
    response = await fetch(`/api/user/register-via-fb/${encodeURIComponent(session.user._id)}`, {
      method: 'PUT',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        device: 'web',
        'access-token': session.auth_key,
        'token-type': 'Bearer',
        client: 'web',
        uid: session.user._id,
        expiry: session.expiry,
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'network error');
  }
  const payload = (await response.json().catch(() => null)) as {
    data?: User;
    code?: ErrorCode;
    message?: string;
    fields?: Record<string, string>;
  } | null;
  if (!response.ok || !payload?.data) {
    throw new ApiError(
      response.status,
      payload?.code ?? 'INTERNAL',
      payload?.message ?? response.statusText,
      payload?.fields,
    );
  }
  return payload.data;
}
