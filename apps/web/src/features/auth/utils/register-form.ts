// The checks SPEC 5 makes before the code is sent, in the order a user meets them: the required
// fields, the two passwords, then the shape of what was typed, then the two rules boxes.
import { ACCOUNT_TYPES, MIN_PASSWORD_LENGTH, emailSchema } from '@app/shared';
import { toMobile, type DialCountry } from './phone';

export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const isAccountType = (value: unknown): value is AccountType => ACCOUNT_TYPES.includes(value as AccountType);

export interface RegisterFields {
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  dialCountry: DialCountry;
  mobile: string;
  address: string;
  password: string;
  confirm: string;
  rulesMembership: boolean;
  rulesPrivacy: boolean;
}

export type FieldName = keyof RegisterFields;

/** Each problem names the text the user sees (locale keys). */
export const PROBLEM_TEXT = {
  missingFields: 'errors.missingFields',
  passwordMismatch: 'errors.passwordMismatch',
  passwordTooShort: 'register.passwordTooShort',
  invalidEmail: 'register.invalidEmail',
  invalidMobile: 'register.invalidMobile',
  rulesUnchecked: 'errors.rulesUnchecked',
} as const;
export type Problem = keyof typeof PROBLEM_TEXT;

export type CheckResult =
  { ok: true; email: string; mobile_no: string } | { ok: false; problem: Problem; fields: FieldName[] };

export function checkRegisterForm(f: RegisterFields, type: AccountType): CheckResult {
  const required: FieldName[] = ['firstName', 'email', 'country', 'mobile', 'password', 'confirm'];
  // The family name belongs to accounts with ID only (SPEC 5).
  if (type === 'withID') required.splice(1, 0, 'lastName');
  const missing = required.filter((name) => String(f[name]).trim() === '');
  if (missing.length > 0) return { ok: false, problem: 'missingFields', fields: missing };
  if (f.password !== f.confirm) return { ok: false, problem: 'passwordMismatch', fields: ['confirm'] };
  // D-8
  if (f.password.length < MIN_PASSWORD_LENGTH) return { ok: false, problem: 'passwordTooShort', fields: ['password'] };
  const email = emailSchema.safeParse(f.email);
  if (!email.success) return { ok: false, problem: 'invalidEmail', fields: ['email'] };
  const mobile_no = toMobile(f.dialCountry, f.mobile);
  if (!mobile_no) return { ok: false, problem: 'invalidMobile', fields: ['mobile'] };
  const unchecked = (['rulesMembership', 'rulesPrivacy'] as const).filter((name) => !f[name]);
  if (unchecked.length > 0) return { ok: false, problem: 'rulesUnchecked', fields: unchecked };
  return { ok: true, email: email.data, mobile_no };
}

/** The account type from the router state, else from `?type=`; an account without ID by default. */
export function accountTypeOf(state: unknown, search: URLSearchParams): AccountType {
  const fromState = (state as { type?: unknown } | null)?.type;
  if (isAccountType(fromState)) return fromState;
  const fromQuery = search.get('type');
  return isAccountType(fromQuery) ? fromQuery : 'withOutID';
}
