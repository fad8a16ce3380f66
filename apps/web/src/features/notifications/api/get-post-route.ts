// Where a notification leads: its post's detail, a need's or an offer's route (SPEC 2.3 item 11).
// The notification names only the post, so its details tell the role and the poster.
import type { Solution } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';

export async function getPostRoute(solutionId: string): Promise<string> {
  const { data } = await apiFetch<{ data: Solution }>(`/solution/getSolutionDetails/${encodeURIComponent(solutionId)}`);
  const base = data.user_role === 'provideSolution' ? '/supplierdetails' : '/clientsdetails';
  return `${base}/${encodeURIComponent(data._id)}/${encodeURIComponent(data.user._id)}`;
}
