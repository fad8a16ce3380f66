// D-37: POST /api/ussd/simulator, one step of the real USSD menu for the /ussd screen.
import { useMutation } from '@tanstack/react-query';
import type { UssdScreen, UssdSimulatorBody } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';

export const ussdStep = (body: UssdSimulatorBody) =>
  apiFetch<{ data: UssdScreen }>('/ussd/simulator', { method: 'POST', body }).then((r) => r.data);

export const useUssdStep = () => useMutation({ mutationFn: ussdStep });

/** A fresh session id, as the network gives one per dial. */
export const newSessionId = () => `web${Math.random().toString(36).slice(2, 12)}`;
