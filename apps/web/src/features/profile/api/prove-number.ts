// A social sign-up proves its number as registration does (D-10): an SMS code
// (POST /api/user/sendMessage), traded for a single-use verification token
// (POST /api/user/codeValidation) that register-via-fb then spends.
import { codeValidationBodySchema, sendMessageBodySchema } from '@app/shared';
import { apiFetch } from '../../../lib/api-client';
import { getLanguage } from '../../../lib/settings';

/** Only the number: the account's own e-mail would count as "taken" by itself. */
export const sendNumberCode = (mobileNo: string) =>
  apiFetch<{ data: { sent: boolean } }>('/user/sendMessage', {
    method: 'POST',
    body: sendMessageBodySchema.parse({ mobile_no: mobileNo, forget_password: false, language: getLanguage() }),
  }).then((r) => r.data);

export const numberToken = (mobileNo: string, code: string) =>
  apiFetch<{ data: { verification_token: string } }>('/user/codeValidation', {
    method: 'POST',
    body: codeValidationBodySchema.parse({ mobile_no: mobileNo, code, forget_password: false }),
  }).then((r) => r.data.verification_token);
