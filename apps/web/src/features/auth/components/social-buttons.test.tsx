import { createHash } from 'node:crypto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/social-binding';
import { server } from '../../../testing/server';
import { renderScreen } from '../testing/render';
import { useProviders } from '../api/get-providers';
import { SocialButtons } from './social-buttons';

/** Shows once the server's answer is in, so a test can tell "absent" from "not yet asked". */
function ProvidersKnown() {
  return useProviders().data ? <p data-testid="providers-known" /> : null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const serve = (providers: object) =>
  server.use(http.get('/api/auth/providers', () => HttpResponse.json({ data: providers })));

describe('the social buttons', () => {
  it('hide Google and Facebook where the server has no keys, and offer the local test account', async () => {
    serve({ google: false, facebook: false, local: true });
    renderScreen('/login', <SocialButtons heading="Or continue with" />, '/login');
    expect((await screen.findByRole('link', { name: 'Test account (no Google needed)' })).getAttribute('href')).toBe(
      '/api/auth/local',
    );
    expect(screen.queryByText(/Google \(not set up here\)|Facebook/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Google' })).not.toBeInTheDocument();
  });

  it('show no section at all where nothing is set up (production without keys)', async () => {
    serve({ google: false, facebook: false, local: false });
    const { container } = renderScreen(
      '/login',
      <>
        <SocialButtons heading="Or continue with" />
        <ProvidersKnown />
      </>,
      '/login',
    );
    await screen.findByTestId('providers-known');
    expect(screen.queryByText('Or continue with')).not.toBeInTheDocument();
    expect(container.querySelector('.social')).toBeNull();
  });

  it('offer only Facebook where only Facebook is set up', async () => {
    serve({ google: false, facebook: true, local: false });
    renderScreen('/login', <SocialButtons heading="Or continue with" />, '/login');
    expect(await screen.findByRole('link', { name: 'Facebook' })).toHaveAttribute('href', '/api/auth/facebook');
    expect(screen.queryByText(/Google/)).not.toBeInTheDocument();
  });

  it('link to the providers that are set up, without the local page', async () => {
    serve({ google: true, facebook: true, local: false });
    renderScreen('/login', <SocialButtons heading="Or continue with" />, '/login');
    expect(await screen.findByRole('link', { name: 'Google' })).toHaveAttribute('href', '/api/auth/google');
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', '/api/auth/facebook');
    expect(screen.queryByRole('link', { name: /Test account/ })).not.toBeInTheDocument();
  });

  it('start from this tab with its binding: the hash of a verifier kept for /middleware', async () => {
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
