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
  'isCountry',
] as const;

export interface StoredUser {
  _id: string;
  firstName: string;
  email?: string;
  profile_pic?: string | null;
  country?: string | null;
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

/** Device settings outlive a logout and the account itself (SPEC 2.2). */
export function forgetEverythingButSettings(storage: Storage = localStorage): void {
  const kept = ['language', 'currency'].map((key) => [key, storage.getItem(key)] as const);
  storage.clear();
  for (const [key, value] of kept) if (value !== null) storage.setItem(key, value);
}

/** Stores a new session the way SPEC 3 names it (login, social login). */
export function storeSession(result: {
  user: StoredUser & { country?: string | null };
  auth_key: string;
  expiry: string;
}): void {
  localStorage.setItem('access-token', result.auth_key);
  localStorage.setItem('auth_key', result.auth_key);
  localStorage.setItem('token-type', 'Bearer');
  localStorage.setItem('expiry', result.expiry);
  localStorage.setItem('client', 'web');
  localStorage.setItem('uid', result.user._id);
  localStorage.setItem('isAuthenticated', 'true');
  storeCurrentUser(result.user);
}

export function storeCurrentUser(user: StoredUser & { country?: string | null }): void {
  localStorage.setItem('currentUser', JSON.stringify(user));
  // SPEC 4: the country modal shows on the dashboard while isCountry is not set.
  if (user.country) localStorage.setItem('isCountry', 'true');
  else localStorage.removeItem('isCountry');
}
