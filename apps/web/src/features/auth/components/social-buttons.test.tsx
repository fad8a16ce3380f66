import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../testing/render';
import { SocialButtons } from './social-buttons';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const serve = (providers: object) =>
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ data: providers }))));

describe('the social buttons', () => {
  it('mark Google and Facebook unavailable where the server has no keys, and offer the local test account', async () => {
    serve({ google: false, facebook: false, local: true });
    renderScreen('/login', <SocialButtons heading="Or continue with" />, '/login');
    expect((await screen.findByText('Google (not set up here)')).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Facebook (not set up here)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Google' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Test account (no Google needed)' }).getAttribute('href')).toBe(
      '/api/auth/local',
    );
  });

  it('link to the providers that are set up, without the local page', async () => {
    serve({ google: true, facebook: true, local: false });
    renderScreen('/login', <SocialButtons heading="Or continue with" />, '/login');
    expect((await screen.findByRole('link', { name: 'Google' })).getAttribute('href')).toBe('/api/auth/google');
    expect(screen.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe('/api/auth/facebook');
    expect(screen.queryByRole('link', { name: /Test account/ })).toBeNull();
  });
});
