import { describe, expect, it } from 'vitest';
import { accountTypeOf, checkRegisterForm, PROBLEM_TEXT, type RegisterFields } from './register-form';

const filled: RegisterFields = {
  firstName: 'Awa',
  lastName: '',
  email: '  Awa.Diop@Example.ORG ',
  country: 'SN',
  dialCountry: 'SN',
  mobile: '77 123 45 67',
  address: '',
  password: 'correct horse',
  confirm: 'correct horse',
  rulesMembership: true,
  rulesPrivacy: true,
};

describe('the register form checks (SPEC 5)', () => {
  it('passes a filled form, with the e-mail lower-cased and trimmed and the mobile in E.164', () => {
    expect(checkRegisterForm(filled, 'withOutID')).toEqual({
      ok: true,
      email: 'awa.diop@example.org',
      mobile_no: '+221771234567',
    });
  });

  it('says "Please fill all the fields" and names every empty field', () => {
    const result = checkRegisterForm({ ...filled, firstName: ' ', confirm: '' }, 'withOutID');
    expect(result).toEqual({ ok: false, problem: 'missingFields', fields: ['firstName', 'confirm'] });
    expect(PROBLEM_TEXT.missingFields).toBe('errors.missingFields');
  });

  it('asks for the family name only for an account with ID', () => {
    expect(checkRegisterForm(filled, 'withOutID').ok).toBe(true);
    expect(checkRegisterForm(filled, 'withID')).toMatchObject({ problem: 'missingFields', fields: ['lastName'] });
    expect(checkRegisterForm({ ...filled, lastName: 'Diop' }, 'withID').ok).toBe(true);
  });

  it('says "Password doesnot match" when the two passwords differ', () => {
    expect(checkRegisterForm({ ...filled, confirm: 'correct horsE' }, 'withOutID')).toMatchObject({
      problem: 'passwordMismatch',
      fields: ['confirm'],
    });
  });

  it('refuses a password under 8 characters (D-8), a bad e-mail and a bad number', () => {
    expect(checkRegisterForm({ ...filled, password: 'short', confirm: 'short' }, 'withOutID')).toMatchObject({
      problem: 'passwordTooShort',
    });
    expect(checkRegisterForm({ ...filled, email: 'awa@' }, 'withOutID')).toMatchObject({ problem: 'invalidEmail' });
    expect(checkRegisterForm({ ...filled, mobile: '12' }, 'withOutID')).toMatchObject({ problem: 'invalidMobile' });
  });

  it('asks for both rules boxes last', () => {
    expect(checkRegisterForm({ ...filled, rulesPrivacy: false }, 'withOutID')).toEqual({
      ok: false,
      problem: 'rulesUnchecked',
      fields: ['rulesPrivacy'],
    });
    expect(PROBLEM_TEXT.rulesUnchecked).toBe('errors.rulesUnchecked');
  });
});

describe('the account type', () => {
  it('comes from the router state, else from ?type=, else is an account without ID', () => {
    expect(accountTypeOf({ type: 'withID' }, new URLSearchParams('type=withGorFB'))).toBe('withID');
    expect(accountTypeOf(null, new URLSearchParams('type=withGorFB'))).toBe('withGorFB');
    expect(accountTypeOf({ type: 'admin' }, new URLSearchParams('type=nope'))).toBe('withOutID');
    expect(accountTypeOf(undefined, new URLSearchParams())).toBe('withOutID');
  });
});
