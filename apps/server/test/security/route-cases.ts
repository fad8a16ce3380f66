// How each documented route is called in the security suites. The "owner" role calls with
// its own objects; every other role aims at the owner's (the victim's) objects, by their own id and,
// where a body or path names a user, by the victim's id too. `fuzz` builds the same call from
// generated ids for the fast-check property. Statuses live in expected-access.ts, not here.
import { accountsCases } from './route-cases/accounts.js';
import { communityCases } from './route-cases/community.js';
import { dealsCases } from './route-cases/deals.js';
import { paymentsCases } from './route-cases/payments.js';
import { postsCases } from './route-cases/posts.js';
import { signInCases } from './route-cases/sign-in.js';
import { ussdCases } from './route-cases/ussd.js';
import type { RouteCase } from './route-case-kit.js';

export { headersOf, idOf, type Req, type RouteCase, type Slot } from './route-case-kit.js';

/** Every documented route, in the order the suites call them. */
export const ROUTE_CASES: Record<string, RouteCase> = {
  ...accountsCases,
  ...postsCases,
  ...signInCases,
  ...paymentsCases,
  ...dealsCases,
  ...communityCases,
  ...ussdCases,
};
