import { createHash } from 'node:crypto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/social-binding';
import { server } from '../../../testing/server';
import { renderScreen } from '../testing/render';
import { SocialButtons } from './social-buttons';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const serve = (providers: object) =>
  server.use(http.get('/api/auth/providers', () => HttpResponse.json({ data: providers })));

describe('the social buttons', () => {
  it('mark Google and Facebook unavailable where the server has no keys, and offer the local test account', async () => {
    serve({ google: false, facebook: false, local: true });
    renderScreen('/login', <SocialButtons heading="Or continue with" />, '/login');
    expect(await screen.findByText('Google (not set up here)')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Facebook (not set up here)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Google' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Test account (no Google needed)' }).getAttribute('href')).toBe(
      '/api/auth/local',
    );
  });

  it('link to the providers that are set up, without the local page', async () => {
    serve({ google: true, facebook: true, local: false });
    renderScreen('/login', <SocialButtons heading="Or continue with" />, '/login');
    expect(await screen.findByRole('link', { name: 'Google' })).toHaveAttribute('href', '/api/auth/google');
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', '/api/auth/facebook');
    expect(screen.queryByRole('link', { name: /Test account/ })).not.toBeInTheDocument();
  });

  it('start from this tab with its binding: the hash of a verifier kept for /middleware (issue 14)', async () => {
    serve({ google: true, facebook: true, local: true });
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    renderScreen('/login', <SocialButtons heading="Or continue with" />, '/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Google' }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    const verifier = sessionStorage.getItem('socialVerifier') ?? '';
    const hash = createHash('sha256').update(verifier).digest('hex');
    expect(go).toHaveBeenCalledWith(`/api/auth/google?binding=${hash}`);
    fireEvent.click(screen.getByRole('link', { name: 'Test account (no Google needed)' }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(2));
    expect(go.mock.calls[1]![0]).toMatch(/^\/api\/auth\/local\?binding=[0-9a-f]{64}$/);
  });
});
