// The forgotten-password steps span three screens: the number (and, once the code is checked,
// the short-lived token) are kept in this tab's session storage so a reload does not lose them.
const KEY = 'forgotPassword';

export interface ResetFlow {
  mobile_no: string;
  verification_token?: string;
}

export function readResetFlow(): ResetFlow | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<ResetFlow> | null;
    if (!value || typeof value.mobile_no !== 'string') return null;
    return typeof value.verification_token === 'string'
      ? { mobile_no: value.mobile_no, verification_token: value.verification_token }
      : { mobile_no: value.mobile_no };
  } catch {
    return null;
  }
}

export function saveResetFlow(flow: ResetFlow): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(flow));
  } catch {
    // Private modes may refuse storage; the router state still carries the flow.
  }
}

export function clearResetFlow(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}

/** The flow from the router state first (this navigation), else from session storage (a reload). */
export function resetFlowOf(state: unknown): ResetFlow | null {
  const s = state as Partial<ResetFlow> | null;
  if (s && typeof s.mobile_no === 'string') {
    return typeof s.verification_token === 'string'
      ? { mobile_no: s.mobile_no, verification_token: s.verification_token }
      : { mobile_no: s.mobile_no };
  }
  return readResetFlow();
}
