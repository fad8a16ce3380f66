// POST /api/solution/addSolution: multipart, a `new_solution` part (JSON of newSolutionSchema's
// input) then one `files` part per image (at most MAX_IMAGES, D-7). 201 answers the Solution.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newSolutionSchema, type NewSolutionInput, type Solution } from '@app/shared';
import { sendOrQueue, type Sent } from '../../../lib/outbox';
import { invalidateMapViews } from '../../../lib/map-views';
import { postKeys } from '../../../lib/post-keys';

export type AddSolutionInput = { solution: NewSolutionInput; files: File[] };

/** Without a signal the post waits in the outbox (photos included) and goes out later. */
export function addSolution({ solution, files }: AddSolutionInput): Promise<Sent<Solution>> {
  const new_solution = newSolutionSchema.parse(solution);
  const form = new FormData();
  // The JSON part first: the server reads the fields before it streams the files.
  form.append('new_solution', JSON.stringify(new_solution));
  for (const file of files) form.append('files', file, file.name);
  return sendOrQueue<{ data: Solution }>({
    kind: 'post',
    label: new_solution.description.slice(0, 80),
    path: '/solution/addSolution',
    method: 'POST',
    body: form,
  }).then((sent) => (sent.queued ? sent : { queued: false, data: sent.data.data }));
}

export function useAddSolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSolution,
    onSuccess: (sent) => {
      if (sent.queued) return;
      // The map and the lists show the new post at once. Not awaited: the share dialog opens now.
      void invalidateMapViews(queryClient);
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
