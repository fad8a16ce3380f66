import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, routeFetch, signIn, testUser } from '../testing/render';
import { CountryPrompt } from './country-prompt';

const show = (path: string) => renderScreen(path, <CountryPrompt />);
const modal = () => screen.queryByRole('dialog', { name: 'Choose your country' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the country prompt (SPEC 4)', () => {
  it.each(['/dashboard', '/map'])('opens on %s for a signed-in user while isCountry is not set', async (path) => {
    signIn(testUser({ country: null }));
    routeFetch({ 'GET /api/user/me': [200, { data: testUser({ country: null }) }] });
    show(path);
    await waitFor(() => expect(modal()).toBeInTheDocument());
  });

  it('stays closed elsewhere, once isCountry is set, and for visitors', async () => {
    signIn(testUser({ country: null }));
    routeFetch({ 'GET /api/user/me': [200, { data: testUser({ country: null }) }] });
    show('/profile');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(modal()).not.toBeInTheDocument();
    cleanup();

    localStorage.clear();
    signIn(testUser({ country: 'SN' }));
    routeFetch({ 'GET /api/user/me': [200, { data: testUser() }] });
    show('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(modal()).not.toBeInTheDocument();
    cleanup();

    localStorage.clear();
    const fetchMock = routeFetch({});
    show('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(modal()).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
