// The one fetch wrapper: SPEC 7's headers, API.md's envelopes, and the expired-session rule.
import type { ErrorCode } from '@app/shared';
import { clearSession, getAuthKey } from './session';
import { firstScreenLoaded } from '../early-load/first-screen-loaded';
import { expiredSessionUrl } from './return-to';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds to wait before trying again (a 429's Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

// D-9: an ended session (signed in on another phone) sends the user to sign in again, and the
// sign-in brings them back to the page they were on.
let sessionExpired = () => window.location.assign(expiredSessionUrl(window.location));
export function onSessionExpired(handler: () => void): void {
  sessionExpired = handler;
}

function headers(json: boolean): Headers {
  const h = new Headers({ device: 'web', accept: 'application/json' });
  if (json) h.set('content-type', 'application/json');
  const key = getAuthKey();
  if (key) {
    h.set('access-token', key);
    h.set('token-type', 'Bearer');
    for (const name of ['client', 'uid', 'expiry']) {
      const value = localStorage.getItem(name);
      if (value) h.set(name, value);
    }
  }
  return h;
}

/** The headers every call carries, for a response read with fetch() directly (the SSE stream). */
export const apiHeaders = (): Headers => headers(false);

export async function apiFetch<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    cache?: RequestCache;
    idempotencyKey?: string;
    /** A call the first screen does not need: it waits until that screen has loaded (first-screen-loaded.ts). */
    afterFirstScreen?: boolean;
  } = {},
): Promise<T> {
  if (init.afterFirstScreen) await firstScreenLoaded();
  const isForm = init.body instanceof FormData;
  const sent = headers(init.body !== undefined && !isForm);
  // D-31: a retried write with the same key is answered once by the server.
  if (init.idempotencyKey) sent.set('idempotency-key', init.idempotencyKey);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      headers: sent,
      body: isForm ? (init.body as FormData) : init.body === undefined ? undefined : JSON.stringify(init.body),
      ...(init.cache ? { cache: init.cache } : {}),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'network error');
  }
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => null)) as {
    data?: unknown;
    code?: ErrorCode;
    message?: string;
    fields?: Record<string, string>;
  } | null;
  if (!response.ok) {
    const code = payload?.code ?? 'INTERNAL';
    if (response.status === 401 && code === 'AUTH_FAILED' && getAuthKey()) {
      clearSession();
      sessionExpired();
    }
    const retry = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      code,
      payload?.message ?? response.statusText,
      payload?.fields,
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    );
  }
  return payload as T;
}
