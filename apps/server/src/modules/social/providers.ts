// D-1: the real social sign-in adapters, Google and Facebook, over arctic's generic OAuth 2.0
// client so every endpoint comes from configuration (tests point them at a local stub).
// Each provider does two things: build the authorization URL, and turn the code that comes back
// into the identity of the person who signed in. Any provider failure throws.
import { createHmac } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client, OAuth2Tokens } from 'arctic';
import { emailSchema } from '@app/shared';
import { z } from 'zod';
import type { Config } from '../../config.js';

export type OAuthProviderName = 'google' | 'facebook';

/** Who signed in, as the provider vouches for it. */
export interface SocialProfile {
  /** The provider's stable id of the person (Google `sub`, Facebook `id`). */
  subject: string;
  /** Only an address the provider has verified, lower-cased; else null. */
  email: string | null;
  firstName: string;
}

export interface OAuthProvider {
  readonly name: OAuthProviderName;
  authorizationUrl(state: string, codeVerifier: string, redirectUri: string): URL;
  identify(code: string, codeVerifier: string, redirectUri: string): Promise<SocialProfile>;
}

export type OAuthProviders = Partial<Record<OAuthProviderName, OAuthProvider>>;

export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

export class ProviderResponseError extends Error {}

const googleUserinfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  name: z.string().optional(),
});

const facebookMeSchema = z.object({
  id: z.string().min(1),
  first_name: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
});

const facebookTokenSchema = z.object({ access_token: z.string().min(1) });

export function oauthProviders(
  social: Config['social'],
  timeoutMs: number = DEFAULT_PROVIDER_TIMEOUT_MS,
): OAuthProviders {
  const providers: OAuthProviders = {};
  if (social.google) providers.google = googleProvider(social.google, timeoutMs);
  if (social.facebook) providers.facebook = facebookProvider(social.facebook, timeoutMs);
  return providers;
}

type GoogleConfig = NonNullable<Config['social']['google']>;
type FacebookConfig = NonNullable<Config['social']['facebook']>;

function googleProvider(config: GoogleConfig, timeoutMs: number): OAuthProvider {
  const client = (redirectUri: string) => new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  return {
    name: 'google',
    authorizationUrl(state, codeVerifier, redirectUri) {
      return client(redirectUri).createAuthorizationURLWithPKCE(
        config.authUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ['openid', 'email', 'profile'],
      );
    },
    async identify(code, codeVerifier, redirectUri) {
      const tokens = await withTimeout(
        client(redirectUri).validateAuthorizationCode(config.tokenUrl, code, codeVerifier),
        timeoutMs,
      );
      const info = googleUserinfoSchema.parse(await getJson(config.userinfoUrl, tokens.accessToken(), timeoutMs));
      return {
        subject: info.sub,
        // An unverified Google address proves nothing about who owns it.
        email: info.email_verified === true ? cleanEmail(info.email) : null,
        firstName: firstNameOf(info.given_name, info.name, 'Google'),
      };
    },
  };
}

function facebookProvider(config: FacebookConfig, timeoutMs: number): OAuthProvider {
  return {
    name: 'facebook',
    authorizationUrl(state, _codeVerifier, redirectUri) {
      const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
      const url = client.createAuthorizationURL(config.authUrl, state, []);
      // Facebook separates scopes with commas.
      url.searchParams.set('scope', 'email,public_profile');
      return url;
    },
    async identify(code, _codeVerifier, redirectUri) {
      // Facebook documents the secret in the form (client_secret_post), not in an HTTP Basic header
      // as arctic's generic client sends it, so this one request is made here.
      const response = await fetch(config.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: config.clientId,
          client_secret: config.clientSecret,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new ProviderResponseError(`Facebook token endpoint answered ${response.status}`);
      }
      const tokens = new OAuth2Tokens(facebookTokenSchema.parse(await response.json()));
      const accessToken = tokens.accessToken();
      const me = new URL(`${config.graphUrl.replace(/\/+$/, '')}/me`);
      me.searchParams.set('fields', 'id,first_name,name,email');
      // Works whether or not the app requires the proof ("Require App Secret" in its settings).
      me.searchParams.set(
        'appsecret_proof',
        createHmac('sha256', config.clientSecret).update(accessToken).digest('hex'),
      );
      const info = facebookMeSchema.parse(await getJson(me.toString(), accessToken, timeoutMs));
      return {
        subject: info.id,
        // Facebook returns only a confirmed address, and none when the person declined the scope.
        email: cleanEmail(info.email),
        firstName: firstNameOf(info.first_name, info.name, 'Facebook'),
      };
    },
  };
}

async function getJson(url: string, accessToken: string, timeoutMs: number): Promise<unknown> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new ProviderResponseError(`${new URL(url).pathname} answered ${response.status}`);
  }
  return response.json();
}

/** arctic's token request takes no abort signal: give up waiting after `ms`. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ProviderResponseError(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function cleanEmail(value: string | undefined | null): string | null {
  const parsed = emailSchema.safeParse(value ?? '');
  return parsed.success ? parsed.data : null;
}

/** The profile's first name, else its full name, else the provider's name; at most 60 characters. */
export function firstNameOf(given: string | undefined, full: string | undefined, fallback: string): string {
  const name = [given, full].map((v) => v?.trim() ?? '').find((v) => v.length > 0) ?? fallback;
  return name.slice(0, 60);
}
