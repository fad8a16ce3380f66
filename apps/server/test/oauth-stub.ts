// A local stand-in for the server-side OAuth endpoints of Google and Facebook that social sign-in
// uses: the token endpoints, Google's userinfo and Facebook's Graph `/me`. The consent screen is
// played by `authorize()`, which checks the authorization URL our server built and returns the
// code the provider would append to its redirect. Like the real ones, the token endpoints check
// the client credentials, the redirect URI, single use of the code and (Google) the PKCE verifier.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  name?: string;
}

export interface FacebookProfile {
  id: string;
  first_name?: string;
  name?: string;
  email?: string;
}

type Grant =
  | { provider: 'google'; profile: GoogleProfile; redirectUri: string; codeChallenge: string }
  | { provider: 'facebook'; profile: FacebookProfile; redirectUri: string };

type Token = { provider: 'google'; profile: GoogleProfile } | { provider: 'facebook'; profile: FacebookProfile };

export interface OAuthStub {
  url: string;
  google: { clientId: string; clientSecret: string };
  facebook: { clientId: string; clientSecret: string };
  /** The environment that points the server at this stub (client credentials and endpoints). */
  env: Record<string, string>;
  /**
   * The consent screen: checks the authorization URL (client id, redirect URI, state, scopes and,
   * for Google, an S256 challenge) and returns a code for this profile. Throws if the URL is wrong.
   */
  authorize(provider: 'google', authorizationUrl: URL, profile: GoogleProfile): string;
  authorize(provider: 'facebook', authorizationUrl: URL, profile: FacebookProfile): string;
  /** Every request that reached the stub, in order. */
  requests: { method: string; path: string; query: URLSearchParams; authorization: string | undefined }[];
  close(): Promise<void>;
}

const random = () => randomBytes(24).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function startOAuthStub(): Promise<OAuthStub> {
  const google = { clientId: `google-${random()}`, clientSecret: random() };
  const facebook = { clientId: `fb-${random()}`, clientSecret: random() };
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Token>();
  const requests: OAuthStub['requests'] = [];

  const send = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const oauthError = (res: ServerResponse, status: number, error: string) => send(res, status, { error });
  const graphError = (res: ServerResponse, status: number, message: string, code = 190) =>
    send(res, status, { error: { message, type: 'OAuthException', code } });

  const bearer = (req: IncomingMessage, query: URLSearchParams): string | undefined => {
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length);
    return query.get('access_token') ?? undefined;
  };

  /** Client credentials from an HTTP Basic header or the form (client_secret_basic / _post). */
  const clientOf = (req: IncomingMessage, form: URLSearchParams) => {
    const header = req.headers.authorization;
    if (header?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
      return { id, secret, basic: true };
    }
    return { id: form.get('client_id') ?? undefined, secret: form.get('client_secret') ?? undefined, basic: false };
  };

  const issueToken = (token: Token) => {
    const accessToken = random();
    tokens.set(accessToken, token);
    return accessToken;
  };

  /** Google and Facebook both give a code once; a second try fails as on the real endpoints. */
  const takeGrant = (form: URLSearchParams, provider: Grant['provider']) => {
    const code = form.get('code') ?? '';
    const grant = grants.get(code);
    grants.delete(code);
    return grant?.provider === provider && grant.redirectUri === form.get('redirect_uri') ? grant : undefined;
  };

  const googleToken = (req: IncomingMessage, res: ServerResponse, form: URLSearchParams) => {
    const client = clientOf(req, form);
    if (client.id !== google.clientId || client.secret !== google.clientSecret) {
      return oauthError(res, 401, 'invalid_client');
    }
    if (form.get('grant_type') !== 'authorization_code') return oauthError(res, 400, 'unsupported_grant_type');
    const grant = takeGrant(form, 'google');
    if (grant?.provider !== 'google') return oauthError(res, 400, 'invalid_grant');
    const verifier = form.get('code_verifier');
    if (!verifier || s256(verifier) !== grant.codeChallenge) return oauthError(res, 400, 'invalid_grant');
    send(res, 200, {
      access_token: issueToken({ provider: 'google', profile: grant.profile }),
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
    });
  };

  const facebookToken = (req: IncomingMessage, res: ServerResponse, form: URLSearchParams) => {
    const client = clientOf(req, form);
    // Facebook reads the secret from the parameters only.
    if (client.basic || client.id !== facebook.clientId || client.secret !== facebook.clientSecret) {
      return graphError(res, 400, 'Error validating client secret.', 1);
    }
    const grant = takeGrant(form, 'facebook');
    if (grant?.provider !== 'facebook') return graphError(res, 400, 'Invalid verification code format.', 100);
    send(res, 200, {
      access_token: issueToken({ provider: 'facebook', profile: grant.profile }),
      token_type: 'bearer',
      expires_in: 5183944,
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const isForm = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
    const form = new URLSearchParams(isForm ? Buffer.concat(chunks).toString('utf8') : '');
    const route = `${req.method} ${url.pathname}`;

    if (route === 'POST /google/token') return googleToken(req, res, form);
    if (route === 'POST /facebook/token') return facebookToken(req, res, form);
    if (route === 'GET /google/userinfo') {
      const token = tokens.get(bearer(req, url.searchParams) ?? '');
      if (token?.provider !== 'google') return oauthError(res, 401, 'invalid_token');
      return send(res, 200, token.profile);
    }
    if (route === 'GET /facebook/graph/me') {
      const accessToken = bearer(req, url.searchParams) ?? '';
      const token = tokens.get(accessToken);
      if (token?.provider !== 'facebook') return graphError(res, 400, 'Invalid OAuth access token.');
      const proof = url.searchParams.get('appsecret_proof');
      const expected = createHmac('sha256', facebook.clientSecret).update(accessToken).digest('hex');
      if (proof !== null && proof !== expected) return graphError(res, 400, 'Invalid appsecret_proof provided.', 100);
      // The Graph API answers only the fields asked for (and always the id).
      const fields = new Set((url.searchParams.get('fields') ?? 'id,name').split(','));
      const answer = Object.fromEntries(
        Object.entries(token.profile).filter(([key]) => key === 'id' || fields.has(key)),
      );
      return send(res, 200, answer);
    }
    send(res, 404, { error: 'not_found' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: 'server_error', error_description: String(error) });
    });
  });
  // Node closes idle keep-alive sockets after 5 s; a fetch reusing one at that moment fails with
  // ECONNRESET. Sockets stay open until close() instead.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  function authorize(provider: 'google' | 'facebook', authorizationUrl: URL, profile: GoogleProfile | FacebookProfile) {
    const params = authorizationUrl.searchParams;
    const expect = (ok: boolean, what: string) => {
      if (!ok) throw new Error(`${provider} authorization URL: ${what} (${authorizationUrl.toString()})`);
    };
    const clientId = provider === 'google' ? google.clientId : facebook.clientId;
    expect(
      `${authorizationUrl.origin}${authorizationUrl.pathname}` === `${base}/${provider}/authorize`,
      'wrong endpoint',
    );
    expect(params.get('response_type') === 'code', 'response_type is not code');
    expect(params.get('client_id') === clientId, 'wrong client_id');
    expect(Boolean(params.get('state')), 'no state');
    const redirectUri = params.get('redirect_uri') ?? '';
    expect(redirectUri.length > 0, 'no redirect_uri');
    const code = random();
    if (provider === 'google') {
      const scopes = new Set(params.get('scope')?.split(' '));
      expect(
        ['openid', 'email', 'profile'].every((s) => scopes.has(s)),
        'missing scopes',
      );
      expect(params.get('code_challenge_method') === 'S256', 'no S256 PKCE challenge');
      const codeChallenge = params.get('code_challenge') ?? '';
      expect(codeChallenge.length >= 43, 'no code_challenge');
      grants.set(code, { provider, profile: profile as GoogleProfile, redirectUri, codeChallenge });
    } else {
      const scopes = new Set(params.get('scope')?.split(','));
      expect(scopes.has('email') && scopes.has('public_profile'), 'missing scopes');
      grants.set(code, { provider, profile: profile as FacebookProfile, redirectUri });
    }
    return code;
  }

  return {
    url: base,
    google,
    facebook,
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_AUTH_URL: `${base}/google/authorize`,
      GOOGLE_TOKEN_URL: `${base}/google/token`,
      GOOGLE_USERINFO_URL: `${base}/google/userinfo`,
      FACEBOOK_CLIENT_ID: facebook.clientId,
      FACEBOOK_CLIENT_SECRET: facebook.clientSecret,
      FACEBOOK_AUTH_URL: `${base}/facebook/authorize`,
      FACEBOOK_TOKEN_URL: `${base}/facebook/token`,
      FACEBOOK_GRAPH_URL: `${base}/facebook/graph`,
    },
    authorize,
    requests,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
