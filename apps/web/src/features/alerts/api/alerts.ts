// D-36, API.md "Added in the third round": POST/GET /api/alerts, DELETE /api/alerts/:alertId, and
// the alerts screen's SMS switch (PATCH /api/alerts/:alertId) and "STOP" (POST /api/alerts/stop).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, CategoryId, UserRole } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { alertKeys } from './query-keys';

/** What "Alert me" sends: what is on screen, around a point. */
export interface AlertDraft {
  type?: UserRole | null;
  q?: string;
  category?: CategoryId | null;
  sub_category_id?: string | null;
  near: { lat: number; lng: number };
  radiusKm: number;
  sms?: boolean;
}

/** The default radius of an alert made from a screen without one (D-36: 1-200 km). */
export const DEFAULT_ALERT_RADIUS_KM = 25;

export const createAlert = (draft: AlertDraft) =>
  apiFetch<{ data: Alert }>('/alerts', {
    method: 'POST',
    body: {
      ...(draft.type ? { type: draft.type } : {}),
      ...(draft.q ? { q: draft.q } : {}),
      ...(draft.category ? { category: draft.category } : {}),
      ...(draft.sub_category_id ? { sub_category_id: draft.sub_category_id } : {}),
      near: `${draft.near.lng.toFixed(5)},${draft.near.lat.toFixed(5)}`,
      radius_km: Math.min(200, Math.max(1, Math.round(draft.radiusKm))),
      sms: draft.sms ?? false,
    },
  }).then((r) => r.data);

export const useAlerts = () =>
  useQuery({ queryKey: alertKeys.all, queryFn: () => apiFetch<{ data: Alert[] }>('/alerts').then((r) => r.data) });

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useAlertSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sms }: { id: string; sms: boolean }) =>
      apiFetch<{ data: Alert }>(`/alerts/${encodeURIComponent(id)}`, { method: 'PATCH', body: { sms } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useStopSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ data: { stopped: number } }>('/alerts/stop', { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
