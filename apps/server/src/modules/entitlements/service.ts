// D-13, D-14: the one rule for contact details. Every call that returns another user's e-mail or
// mobile asks `maySeeContacts`; deals and payments ask `supplierHasAccess` / `accessFor`.
// Time is the server's clock (D-16), so a trial ends for everybody at the same instant.
// A module of its own: solutions, deals and payments all ask it, so none imports another for it.
import { supplierSide, type ContactAccess, type UserRole } from '@app/shared';

/** The kind of a user's subscription running now, or null. */
export type RunningSubscription = 'trial' | 'yearly' | null;

/** The reads the rule needs; the solutions repository provides them. */
export interface EntitlementReads {
  activeSubscription(userId: string, now: Date): Promise<RunningSubscription>;
  /** The viewer's confirmed deal on a post (D-32: requests are not deals with contacts yet). */
  liveDeal(
    solutionId: string,
    acceptorId: string,
  ): Promise<{ acceptorId: string; contactAccess: ContactAccess } | undefined>;
}

/** The fields of a post the rule looks at. */
export interface PostParties {
  id: string;
  user_id: string;
  user_role: UserRole;
}

export function entitlements(reads: EntitlementReads, now: () => Date) {
  /** D-13: how a supplier obtains contact access for a new deal right now, from a running subscription or trial. */
  async function accessFor(supplierId: string): Promise<ContactAccess> {
    const running = await reads.activeSubscription(supplierId, now());
    return running === 'yearly' ? 'subscription' : running === 'trial' ? 'trial' : 'none';
  }

  /** D-13: the supplier side has contact access through a running subscription or trial, or a paid deal. */
  async function supplierHasAccess(post: PostParties, deal: { acceptorId: string; contactAccess: ContactAccess }) {
    if (deal.contactAccess === 'payment') return true;
    return (await accessFor(supplierSide(post.user_role, post.user_id, deal.acceptorId))) !== 'none';
  }

  /**
   * D-14: owners see their own contacts; others with a running subscription or trial, or as a party
   * to a live deal on the post whose supplier side has contact access (then both see each other's).
   */
  async function maySeeContacts(viewerId: string, post: PostParties): Promise<boolean> {
    if (viewerId === post.user_id) return true;
    if ((await accessFor(viewerId)) !== 'none') return true;
    const deal = await reads.liveDeal(post.id, viewerId);
    return deal?.acceptorId === viewerId && (await supplierHasAccess(post, deal));
  }

  return { accessFor, supplierHasAccess, maySeeContacts };
}
export type Entitlements = ReturnType<typeof entitlements>;
