// Where a sign-in returns the user: the protected page that sent them to /login (router state
// `from`), so a shared deep link (a post, a deal) survives signing in; or, when the session ended
// elsewhere (D-9) and the app had to leave by a full page load, the `?next=` path it put in the
// address. Only a path of this app is accepted: never another origin ("//evil.example",
// "https:…") or the sign-in screens themselves.
const SIGN_IN_SCREENS = /^\/(login|register|registerCountry|middleware)(\/|$|\?)/;

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/** The path itself when it is a safe page of this app to return to, else null. */
export function safeReturn(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  // A control character (a newline, a tab) has no place in a path the app made.
  if ([...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  return SIGN_IN_SCREENS.test(path) ? null : path;
}

export function returnPath(state: unknown, next?: string | null): string {
  const from = (state as { from?: unknown } | null)?.from;
  return safeReturn(from) ?? safeReturn(next) ?? DEFAULT_AFTER_SIGN_IN;
}

/** D-9: the sign-in address after a session ended elsewhere, keeping the page the user was on. */
export function expiredSessionUrl(current: { pathname: string; search: string }): string {
  const next = safeReturn(current.pathname + current.search);
  return `/login?error=expirationError${next ? `&next=${encodeURIComponent(next)}` : ''}`;
}
