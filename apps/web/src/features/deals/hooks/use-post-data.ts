// SPEC 2.3 item 9: the acceptance screens get the post as `solutionData` in router state; opened
// from a link or reloaded, they fetch it instead.
import { solutionSchema, type Solution } from '@app/shared';
import { useLocation } from 'react-router';
import { usePostDetails } from '../../../lib/get-post-details';

/** The post in router state, if it is one and the one asked for. Here, not in lib/post.ts:
 * the schema brings zod, which the lists and the map do not need. */
export function readPostData(state: unknown, id: string | undefined): Solution | null {
  const data = (state as { solutionData?: unknown } | null)?.solutionData;
  const parsed = solutionSchema.safeParse(data);
  return parsed.success && (id === undefined || parsed.data._id === id) ? parsed.data : null;
}

export function usePostData(id: string | undefined) {
  const location = useLocation();
  const fromState = readPostData(location.state, id);
  const query = usePostDetails(id ?? '', id !== undefined && fromState === null);
  return { solution: fromState ?? query.data ?? null, query, fromState: fromState !== null };
}
