// D-29: POST /api/reports {solution_id?, user_id?, reason, text?}: anyone signed in reports a post
// or a user; admins see the reports.
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from './api-client';

import type { ReportReason } from '@app/shared';

export { REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason } from '@app/shared';

export interface NewReport {
  solution_id?: string;
  user_id?: string;
  reason: ReportReason;
  text?: string;
}

export const sendReport = (report: NewReport) => apiFetch<unknown>('/reports', { method: 'POST', body: report });

export const useSendReport = () => useMutation({ mutationFn: sendReport });
