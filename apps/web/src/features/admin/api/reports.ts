// D-29: the admin's reports (GET /api/admin/reports, open first) and what an admin does about one:
// hide or show the post, block or unblock the user, close the report. All answer 403 to others.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Report } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export type AdminReport = Report;

export const adminReportsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.reports(),
    queryFn: () => apiFetch<{ data: AdminReport[] }>('/admin/reports').then((r) => r.data),
  });

export const useAdminReports = (enabled: boolean) => useQuery({ ...adminReportsQueryOptions(), enabled });

export type ReportAction =
  | { kind: 'hide'; solutionId: string; hidden: boolean }
  | { kind: 'block'; userId: string; blocked: boolean }
  | { kind: 'status'; reportId: string; status: 'open' | 'closed' };

export function runReportAction(action: ReportAction) {
  switch (action.kind) {
    case 'hide':
      return apiFetch<unknown>(`/admin/solutions/${encodeURIComponent(action.solutionId)}/hide`, {
        method: 'POST',
        body: { hidden: action.hidden },
      });
    case 'block':
      return apiFetch<unknown>(`/admin/users/${encodeURIComponent(action.userId)}/block`, {
        method: 'POST',
        body: { blocked: action.blocked },
      });
    case 'status':
      return apiFetch<unknown>(`/admin/reports/${encodeURIComponent(action.reportId)}`, {
        method: 'PATCH',
        body: { status: action.status },
      });
  }
}

/** Each action changes what several reports show (one post or user can be reported many times). */
export function useReportAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReportAction,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.reports() }),
  });
}
