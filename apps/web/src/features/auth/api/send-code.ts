// POST /api/user/sendMessage: a 6-digit SMS code that proves a number, for registration (with the
// e-mail, so a taken number or e-mail is refused at once) or for a forgotten password (D-10).
import { useMutation } from '@tanstack/react-query';
import { sendMessageBodySchema } from '@app/shared';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { getLanguage } from '../../../lib/settings';

export type SendCodeInput = z.input<typeof sendMessageBodySchema>;

export const sendCode = (input: SendCodeInput) =>
  apiFetch<{ data: { sent: boolean } }>('/user/sendMessage', {
    method: 'POST',
    // D-24: the SMS is in the language of the page the user is on (the account may not exist yet).
    body: sendMessageBodySchema.parse({ language: getLanguage(), ...input }),
  }).then((r) => r.data);

export const useSendCode = () => useMutation({ mutationFn: sendCode });
