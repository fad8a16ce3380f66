import { clearSession, forgetEverythingButSettings, getAuthKey } from '../lib/session';

// SPEC 2.2: Logout clears local storage and reloads. The server ends the session too (D-9).
// The language and currency choices are device settings, not session data, so they survive
// (a French user stays in French).
export async function logout(): Promise<void> {
  const key = getAuthKey();
  // Signed out here first: a call still in flight that the ended session answers with 401 must not
  // start the "signed in elsewhere" redirect, which would race the reload below.
  clearSession();
  if (key) {
    // Plain fetch: an already-ended session must not trigger the "signed in elsewhere" redirect.
    await fetch('/api/user/logout', { method: 'POST', headers: { 'access-token': key }, keepalive: true }).catch(
      () => undefined,
    );
  }
  // The saved answers and what waits to be sent are this user's: they go too.
  // Loaded here, not in the entry.
  const [{ clearPersistedQueries }, { clearOutbox }] = await Promise.all([
    import('../lib/query-persistence'),
    import('../lib/outbox'),
  ]);
  await Promise.all([clearPersistedQueries(), clearOutbox()]);
  forgetEverythingButSettings();
  window.location.reload();
}
