// The access levels the authorization matrix expects, and the shapes most routes share.
import type { Role } from './world.js';

export type Expected = number | readonly number[];
export interface Access {
  roles: Record<Role, Expected>;
  /** With generated ids, for the roles other than owner; absent roles are not fuzzed. */
  generated?: Partial<Record<Role, Expected>>;
  /** Why, where a status is not obvious. */
  why?: string;
}

export const PUBLIC = { visitor: 200, owner: 200, other: 200, subscriber: 200, admin: 200 } as const;
/** Signed in: any user, on their own behalf (no object of somebody else involved). */
export const SIGNED_IN = { visitor: 401, owner: 200, other: 200, subscriber: 200, admin: 200 } as const;
/** Own only: the victim's id is refused to everyone else, admins included. */
export const OWN_ONLY = { visitor: 401, owner: 200, other: 403, subscriber: 403, admin: 403 } as const;
/** Generated ids on an own-only route: never a success. A visitor's bad id fails validation first. */
export const OWN_ONLY_GENERATED = {
  visitor: [400, 401],
  other: [400, 403, 404],
  subscriber: [400, 403, 404],
  admin: [400, 403, 404],
} as const;
export const ADMIN_ONLY = { visitor: 401, owner: 403, other: 403, subscriber: 403, admin: 200 } as const;

export const allowed = (expected: Expected): readonly number[] =>
  typeof expected === 'number' ? [expected] : expected;
