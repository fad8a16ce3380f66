// Social sign-in (SPEC 4, API.md): the provider's callback ends at /middleware?code=..., a
// one-time code that POST /api/user/loginVia/:provider turns into a session.
import { SOCIAL_PROVIDERS, type SessionResult, type SocialProvider } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { forgetSocialVerifier, socialVerifier } from '../../../lib/social-binding';

export type SocialSession = SessionResult & { needs_completion: boolean };

export const parseProvider = (value: string | null): SocialProvider =>
  SOCIAL_PROVIDERS.find((p) => p === value) ?? 'local';

// One request per code: the code is single-use, and a re-run effect must not spend it twice.
const inFlight = new Map<string, Promise<SocialSession>>();

export function socialSignIn(provider: SocialProvider, code: string): Promise<SocialSession> {
  const key = `${provider}:${code}`;
  let request = inFlight.get(key);
  if (!request) {
    // The verifier this tab kept when it started; the server refuses the code without it.
    request = apiFetch<{ data: SocialSession }>(`/user/loginVia/${provider}`, {
      method: 'POST',
      body: { code, verifier: socialVerifier() },
    })
      .then((r) => r.data)
      .finally(forgetSocialVerifier);
    inFlight.set(key, request);
  }
  return request;
}
