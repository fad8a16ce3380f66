import { describe, expect, it } from 'vitest';
import { expiredSessionUrl, returnPath } from './return-to';

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

describe('the page a sign-in returns to after the session ended elsewhere', () => {
  it('is the ?next= path the app left, when the router state names none', () => {
    expect(returnPath(null, '/deals/d1')).toBe('/deals/d1');
    expect(returnPath({ from: '/suppliersolution/p1' }, '/deals/d1')).toBe('/suppliersolution/p1');
  });

  it.each(['//evil.example/deals', 'https://evil.example/', '/\\evil', 'deals/d1', '/login?x=1', '/deals/\nx', ''])(
    'ignores a ?next= that is not a safe path of this app (%j)',
    (next) => expect(returnPath(null, next)).toBe('/dashboard'),
  );

  it('keeps the deal page and its query in the sign-in address', () => {
    const url = expiredSessionUrl({ pathname: '/deals/d1', search: '?tab=messages' });
    expect(url).toBe('/login?error=expirationError&next=%2Fdeals%2Fd1%3Ftab%3Dmessages');
    expect(returnPath(null, new URL(url, 'https://x.example').searchParams.get('next'))).toBe('/deals/d1?tab=messages');
  });

  it('keeps nothing when the user was already on a sign-in screen', () => {
    expect(expiredSessionUrl({ pathname: '/login', search: '?error=expirationError' })).toBe(
      '/login?error=expirationError',
    );
  });
});
