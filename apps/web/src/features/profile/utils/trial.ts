// The trial countdown of the profile (SPEC 2.3 item 13, SPEC 6).
import type { User } from '@app/shared';

const DAY_MS = 86_400_000;
// The server names the free trial '90 days trail' (SPEC's spelling) or similar.
const TRIAL_TYPE = /trail|trial/i;

type Subscription = User['subscription'];

/**
 * Whole days left in an active free trial, or null when the user is not on one.
 * D-16: counted from now to the trial's end; SPEC's end minus start minus one never changes as
 * time passes and is not used.
 */
export function trialDaysLeft(subscription: Subscription | undefined, now: number = Date.now()): number | null {
  if (!subscription?.subscription_flag || !TRIAL_TYPE.test(subscription.subscription_type ?? '')) return null;
  const end = Date.parse(subscription.subscription_end_date ?? '');
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.floor((end - now) / DAY_MS));
}

/** The end of an active subscription (not a trial), or null. */
export function subscriptionEnd(subscription: Subscription | undefined, now: number = Date.now()): Date | null {
  if (!subscription?.subscription_flag || TRIAL_TYPE.test(subscription.subscription_type ?? '')) return null;
  const end = Date.parse(subscription.subscription_end_date ?? '');
  return Number.isNaN(end) || end <= now ? null : new Date(end);
}
