// The User record of API.md from a database row: never a password hash, key or ID image.
import type { User } from '@app/shared';
import type { users } from '../../db/schema.js';

type UserRow = typeof users.$inferSelect;

export interface SubscriptionState {
  type: string | null;
  active: boolean;
  trialComplete: boolean;
  startAt: Date | null;
  endAt: Date | null;
}

const NO_SUBSCRIPTION: SubscriptionState = {
  type: null,
  active: false,
  trialComplete: false,
  startAt: null,
  endAt: null,
};

export function toUser(row: UserRow, subscription: SubscriptionState = NO_SUBSCRIPTION): User {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? '',
    mobile_no: row.mobileNo ?? '',
    physical_address: row.physicalAddress,
    country: row.country,
    profile_pic: row.profilePic,
    admin: row.admin,
    identity_flag: row.identityFlag,
    verified: row.verified,
    vip: row.vip,
    google_auth: row.googleAuth,
    fb_auth: row.fbAuth,
    email_verified: row.emailVerifiedAt !== null && row.email !== null,
    language: row.language,
    subscription: {
      subscription_type: subscription.type,
      subscription_flag: subscription.active,
      trail_complete: subscription.trialComplete,
      subscription_start_date: subscription.startAt?.toISOString() ?? null,
      subscription_end_date: subscription.endAt?.toISOString() ?? null,
    },
  };
}
