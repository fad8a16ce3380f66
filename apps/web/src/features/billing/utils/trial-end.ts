// D-16, SPEC 4: the server ends a free trial at its end date (subscription_flag false,
// trail_complete true); the app says so once per trial. No imports: the app layer checks this on
// every screen without loading the billing screens.
import type { User } from '@app/shared';

/** SPEC 3 spells the trial's subscription type this way. */
export const TRIAL_TYPE = '90 days trail';

/** The local-storage key remembering that this trial's end was shown, or null while it has not ended. */
export function endedTrialKey(user: Pick<User, 'subscription'> | null | undefined): string | null {
  const subscription = user?.subscription;
  if (!subscription) return null;
  const { subscription_type: type, subscription_flag: active, trail_complete: complete } = subscription;
  if (type !== TRIAL_TYPE || active || !complete || !subscription.subscription_end_date) return null;
  return `trialEndShown:${subscription.subscription_end_date}`;
}

export function wasShown(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function rememberShown(key: string): void {
  try {
    localStorage.setItem(key, '1');
  } catch {
    // Private modes may refuse storage: the message may then show again, which is harmless.
  }
}
