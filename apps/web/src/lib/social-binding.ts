// Against login CSRF, a social sign-in works only in the browser tab that started it, with no
// cookie. Starting, the tab keeps a random verifier in its sessionStorage (which no other tab or
// site reads) and sends only its SHA-256 as `binding`; the server carries the hash from the OAuth
// state to the one-time code, and /middleware sends the verifier when it trades the code. A code
// an attacker got for their own account, opened in a victim's tab, meets no verifier and is refused.
// The auth feature starts sign-ins and the profile feature ends them: this lives beneath both.

const VERIFIER_KEY = 'socialVerifier';

/** How the tab leaves for the provider; an object so that tests can watch it. */
export const browser = {
  go(url: string): void {
    window.location.assign(url);
  },
};

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The address that starts a sign-in with `provider`, bound to this tab: a fresh verifier is kept
 * for /middleware. crypto.subtle needs a secure context (HTTPS, or localhost in development).
 */
export async function socialStartUrl(provider: string): Promise<string> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  sessionStorage.setItem(VERIFIER_KEY, verifier);
  return `/api/auth/${encodeURIComponent(provider)}?binding=${await sha256Hex(verifier)}`;
}

/** The verifier this tab kept when it started a sign-in, if it did. */
export function socialVerifier(): string | undefined {
  try {
    return sessionStorage.getItem(VERIFIER_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** A verifier serves one sign-in: the server uses the code up whatever the answer. */
export function forgetSocialVerifier(): void {
  try {
    sessionStorage.removeItem(VERIFIER_KEY);
  } catch {
    // Storage refused (private mode): nothing was kept.
  }
}
