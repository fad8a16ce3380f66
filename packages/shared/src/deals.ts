// The deal lifecycle as data. Two graphs: the post's status (listed, taken, deleted) and the deal's
// own state (D-32, D-34). The server enforces both; the web app reads them to know which actions a
// deal offers. Allowed moves only; anything else is NOT_AVAILABLE.
import type { SolutionStatus, UserRole } from './vocabulary.js';

export const DEAL_ACTIONS = ['accept', 'reject', 'delete'] as const;
export type DealAction = (typeof DEAL_ACTIONS)[number];

/** The post's status: a single-use post leaves the map when its owner confirms a deal (D-32). */
export const DEAL_GRAPH: Record<DealAction, { from: readonly SolutionStatus[]; to: SolutionStatus }> = {
  /** The owner confirms a request on a single-use post: it is taken. */
  accept: { from: ['Pending'], to: 'Accepted' },
  /** The confirmed deal ends before completion: the post is listed again. */
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

/** D-32, D-34: every state a deal can be in; `accepted` is "confirmed by the owner". */
export const DEAL_STATES = [
  'requested',
  'accepted',
  'completed',
  'cancelled',
  'declined',
  'withdrawn',
  'expired',
] as const;
export type DealState = (typeof DEAL_STATES)[number];

/** Who may take a move: the post's owner, the requester, either party, the clock or an admin. */
export type DealActor = 'owner' | 'requester' | 'party' | 'clock' | 'admin';

export const DEAL_MOVES = {
  /** D-32: the owner chooses this request. */
  confirm: { from: ['requested'], to: 'accepted', by: 'owner' },
  decline: { from: ['requested'], to: 'declined', by: 'owner' },
  withdraw: { from: ['requested'], to: 'withdrawn', by: 'requester' },
  /** D-32: unanswered for 7 days. */
  expire: { from: ['requested'], to: 'expired', by: 'clock' },
  /** D-15 revised: a confirmed deal whose fee is unpaid after 48 hours. */
  lapse: { from: ['accepted'], to: 'expired', by: 'clock' },
  /** D-32: either party, before completion, unless a dispute froze the deal (D-34). */
  cancel: { from: ['accepted'], to: 'cancelled', by: 'party' },
  /** D-34: both marked it done, or one did 3 days ago without a dispute. */
  complete: { from: ['accepted'], to: 'completed', by: 'clock' },
  /** D-34: an admin settles a dispute. */
  settle: { from: ['accepted'], to: 'completed', by: 'admin' },
} as const satisfies Record<string, { from: readonly DealState[]; to: DealState; by: DealActor }>;
export type DealMove = keyof typeof DEAL_MOVES;

export const canMove = (state: DealState, move: DealMove): boolean =>
  (DEAL_MOVES[move].from as readonly DealState[]).includes(state);

/** States in which nothing more happens. */
export const ENDED_DEAL_STATES: readonly DealState[] = ['completed', 'cancelled', 'declined', 'withdrawn', 'expired'];

/** D-32 and D-34's clocks. */
export const REQUEST_EXPIRY_DAYS = 7;
export const FEE_LAPSE_HOURS = 48;
export const AUTO_COMPLETE_DAYS = 3;
/** D-32: per account. */
export const REQUESTS_PER_DAY = 10;
export const OPEN_REQUESTS_MAX = 20;
export const REQUEST_NOTE_MAX = 280;
export const DECLINE_REASON_MAX = 280;
