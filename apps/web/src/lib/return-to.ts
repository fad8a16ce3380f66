// Where a sign-in returns the user: the protected page that sent them to /login (router state
// `from`), so a shared deep link (a post, a deal) survives signing in. Only a path of this app is
// accepted: never another origin ("//evil.example", "https:…") or the sign-in screens themselves.
const SIGN_IN_SCREENS = /^\/(login|register|registerCountry|middleware)(\/|$|\?)/;

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  return SIGN_IN_SCREENS.test(from) ? DEFAULT_AFTER_SIGN_IN : from;
}
