// The deal lifecycle (D-6) as one graph: the server enforces it, the web app reads it to know which
// actions a post offers. Allowed moves only; anything else is NOT_AVAILABLE.
import type { SolutionStatus, UserRole } from './vocabulary.js';

export const DEAL_ACTIONS = ['accept', 'reject', 'delete'] as const;
export type DealAction = (typeof DEAL_ACTIONS)[number];

export const DEAL_GRAPH: Record<DealAction, { from: readonly SolutionStatus[]; to: SolutionStatus }> = {
  /** Somebody other than the owner takes an open post: a deal is recorded. */
  accept: { from: ['Pending'], to: 'Accepted' },
  /** The acceptor drops the order: the post is open again. */
  reject: { from: ['Accepted'], to: 'Pending' },
  /** The owner removes the post; it is kept for records. */
  delete: { from: ['Pending', 'Accepted'], to: 'Deleted' },
};

/** The status after `action`, or null when the graph does not allow it from `status`. */
export function nextStatus(status: SolutionStatus, action: DealAction): SolutionStatus | null {
  const edge = DEAL_GRAPH[action];
  return edge.from.includes(status) ? edge.to : null;
}

/** D-13: the supplier side of a deal is the owner of an offer, or the acceptor of a need. */
export function supplierSide(role: UserRole, ownerId: string, acceptorId: string): string {
  return role === 'provideSolution' ? ownerId : acceptorId;
}
