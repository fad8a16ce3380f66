// SPEC 5, social completion: e-mail (when the provider gave none), phone and country are
// required; the number must be longer than 6 characters. Otherwise SPEC 8's
// 'Please complete all the fields'.
export interface CompletionForm {
  needsEmail: boolean;
  email: string;
  /** Calling code without "+", from the dial-code choice. */
  dialCode: string;
  number: string;
  country: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isCompletionReady(form: CompletionForm): boolean {
  if (form.needsEmail && !EMAIL.test(form.email.trim())) return false;
  if (!/^\d{1,4}$/.test(form.dialCode)) return false;
  // SPEC 5 counts characters; spaces and dashes typed between digits are not characters of the number.
  if (form.number.replace(/[\s().-]/g, '').length <= 6) return false;
  return /^[A-Z]{2}$/.test(form.country);
}

/** The body of register-via-fb: the number with its dial code; the server normalises it (E.164). */
export function completionBody(form: CompletionForm): { email?: string; mobile_no: string; country: string } {
  return {
    ...(form.needsEmail ? { email: form.email.trim().toLowerCase() } : {}),
    mobile_no: `+${form.dialCode} ${form.number.trim()}`,
    country: form.country,
  };
}
