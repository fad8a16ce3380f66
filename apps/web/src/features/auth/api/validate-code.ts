// POST /api/user/codeValidation: trades the SMS code for a short-lived verification token.
import { useMutation } from '@tanstack/react-query';
import { codeValidationBodySchema } from '@app/shared';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export type ValidateCodeInput = z.input<typeof codeValidationBodySchema>;

export const validateCode = (input: ValidateCodeInput) =>
  apiFetch<{ data: { verification_token: string } }>('/user/codeValidation', {
    method: 'POST',
    body: codeValidationBodySchema.parse(input),
  }).then((r) => r.data);

export const useValidateCode = () => useMutation({ mutationFn: validateCode });
