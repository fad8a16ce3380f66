import { apiFetch } from '../lib/api-client';

// SPEC 2.2: Logout clears local storage and reloads. The language and currency choices are
// device settings, not session data, so they survive (a French user stays in French).
export async function logout(): Promise<void> {
  await apiFetch('/user/logout', { method: 'POST' }).catch(() => undefined);
  const keep = ['language', 'currency'].map((k) => [k, localStorage.getItem(k)] as const);
  localStorage.clear();
  for (const [k, v] of keep) if (v !== null) localStorage.setItem(k, v);
  window.location.reload();
}
