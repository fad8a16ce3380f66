import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetSocialVerifier, socialStartUrl, socialVerifier } from './social-binding';

beforeEach(() => sessionStorage.clear());

describe('the tab binding of a social sign-in', () => {
  it('keeps a fresh random verifier in this tab and sends only its SHA-256', async () => {
    const url = new URL(await socialStartUrl('google'), 'https://app.example');
    const verifier = socialVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.pathname).toBe('/api/auth/google');
    expect(url.searchParams.get('binding')).toBe(createHash('sha256').update(verifier!).digest('hex'));
    expect(url.toString()).not.toContain(verifier);

    await socialStartUrl('local');
    expect(socialVerifier()).not.toBe(verifier);
    forgetSocialVerifier();
    expect(socialVerifier()).toBeUndefined();
  });
});
