// SPEC 2.3 item 9: the acceptance screens get the post as `solutionData` in router state; opened
// from a link or reloaded, they fetch it instead.
import { useLocation } from 'react-router';
import { useSolutionDetails } from '../api/get-solution-details';
import { readSolutionData } from '../utils/solution';

export function useSolutionData(id: string | undefined) {
  const location = useLocation();
  const fromState = readSolutionData(location.state, id);
  const query = useSolutionDetails(id ?? '', id !== undefined && fromState === null);
  return { solution: fromState ?? query.data ?? null, query, fromState: fromState !== null };
}
