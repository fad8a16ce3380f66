// POST /api/solution/solutionClicked: a visit, recorded when a detail opens (My Offers counts them).
import { apiFetch } from '../../../lib/api-client';

export const recordVisit = (solutionId: string) =>
  apiFetch<void>('/solution/solutionClicked', { method: 'POST', body: { solution_id: solutionId } });
