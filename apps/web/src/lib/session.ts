// The signed-in session as SPEC 3 stores it in local storage. The server is the judge of a
// key's validity (D-9); this only decides which screens to show.
import { safeGet } from './settings';

export const SESSION_KEYS = [
  'access-token',
  'token-type',
  'expiry',
  'client',
  'uid',
  'currentUser',
  'isAuthenticated',
  'auth_key',
] as const;

export interface StoredUser {
  _id: string;
  firstName: string;
  email?: string;
  profile_pic?: string | null;
}

export function getAuthKey(): string | null {
  return safeGet('isAuthenticated') === 'true' ? safeGet('auth_key') : null;
}

export const isSignedIn = (): boolean => getAuthKey() !== null;

export function getCurrentUser(): StoredUser | null {
  const raw = safeGet('currentUser');
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as Partial<StoredUser>;
    return typeof user._id === 'string' ? { firstName: '', ...user, _id: user._id } : null;
  } catch {
    return null;
  }
}

/** SPEC 4: a 401 clears the stored session data. */
export function clearSession(): void {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
}
