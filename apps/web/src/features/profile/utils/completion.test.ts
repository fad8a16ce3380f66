import { describe, expect, it } from 'vitest';
import { completionBody, isCompletionReady, type CompletionForm } from './completion';

const form = (overrides: Partial<CompletionForm> = {}): CompletionForm => ({
  needsEmail: false,
  email: '',
  dialCode: '221',
  number: '77 123 45 67',
  country: 'SN',
  ...overrides,
});

describe('social completion (SPEC 5)', () => {
  it('is ready with a number longer than 6 characters and a country', () => {
    expect(isCompletionReady(form())).toBe(true);
    expect(isCompletionReady(form({ number: '1234567' }))).toBe(true);
  });

  it('asks for all the fields when the number has 6 characters or fewer', () => {
    expect(isCompletionReady(form({ number: '123456' }))).toBe(false);
    expect(isCompletionReady(form({ number: '12 34 56 ' }))).toBe(false);
  });

  it('asks for all the fields without a country', () => {
    expect(isCompletionReady(form({ country: '' }))).toBe(false);
  });

  it('needs an e-mail only when the account has none', () => {
    expect(isCompletionReady(form({ needsEmail: true }))).toBe(false);
    expect(isCompletionReady(form({ needsEmail: true, email: 'not-an-email' }))).toBe(false);
    expect(isCompletionReady(form({ needsEmail: true, email: ' Awa@Example.org ' }))).toBe(true);
  });

  it('sends the number with its dial code, and the e-mail lower-cased only when asked', () => {
    expect(completionBody(form())).toEqual({ mobile_no: '+221 77 123 45 67', country: 'SN' });
    expect(completionBody(form({ needsEmail: true, email: ' Awa@Example.org ' }))).toEqual({
      email: 'awa@example.org',
      mobile_no: '+221 77 123 45 67',
      country: 'SN',
    });
  });
});
