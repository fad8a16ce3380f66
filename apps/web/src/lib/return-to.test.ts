import { describe, expect, it } from 'vitest';
import { returnPath } from './return-to';

describe('the page a sign-in returns to', () => {
  it('is the deep link that sent the user to sign in, with its query', () => {
    expect(returnPath({ from: '/suppliersolution/abc?x=1' })).toBe('/suppliersolution/abc?x=1');
  });

  it.each([null, {}, { from: 42 }, { from: 'https://evil.example/' }, { from: '//evil.example' }, { from: '/\\evil' }])(
    'is /dashboard when there is no safe path of this app (%j)',
    (state) => expect(returnPath(state)).toBe('/dashboard'),
  );

  it('is /dashboard rather than a sign-in screen again', () => {
    expect(returnPath({ from: '/login' })).toBe('/dashboard');
    expect(returnPath({ from: '/registerCountry' })).toBe('/dashboard');
  });
});
