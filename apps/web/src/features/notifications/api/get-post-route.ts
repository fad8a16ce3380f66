// Where a notification leads (D-27): the deal on its post when the user is one of its parties
// (the owner told of an acceptance meets the acceptor there), else the post's detail, a need's
// or an offer's route (SPEC 2.3 item 11). The notification names only the post, so the user's
// deals (GET /api/deals) tell whether one is on it, and the post's details its role and poster.
import type { Solution } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';

interface DealOnPost {
  _id: string;
  status: string;
  solution: { _id: string };
}

async function dealRoute(solutionId: string): Promise<string | null> {
  try {
    const { data } = await apiFetch<{ data: DealOnPost[] }>('/deals');
    const onPost = data.filter((d) => d.solution._id === solutionId);
    const deal = onPost.find((d) => d.status !== 'cancelled') ?? onPost[0];
    return deal ? `/deals/${encodeURIComponent(deal._id)}` : null;
  } catch {
    return null; // Without the deals, the post still opens.
  }
}

export async function getPostRoute(solutionId: string): Promise<string> {
  const deal = await dealRoute(solutionId);
  if (deal) return deal;
  const { data } = await apiFetch<{ data: Solution }>(`/solution/getSolutionDetails/${encodeURIComponent(solutionId)}`);
  const base = data.user_role === 'provideSolution' ? '/supplierdetails' : '/clientsdetails';
  return `${base}/${encodeURIComponent(data._id)}/${encodeURIComponent(data.user._id)}`;
}
