import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, requestsReceived, routeFetch, signIn, testUser } from '../../../testing/render';
import { LanguageSwitch } from './language-switch';

// jsdom does not navigate: the reload that follows the choice is a no-op here.
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the language switch', () => {
  it("keeps a signed-in user's choice on the server too, before the reload (D-24)", async () => {
    signIn(testUser());
    const fetchMock = routeFetch({ 'PUT /api/user/addNotiLanguage': [200, { data: testUser() }] });
    renderScreen('/', <LanguageSwitch />);
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr-ca' } });
    await requestsReceived();
    const [call] = callsTo(fetchMock, 'PUT /api/user/addNotiLanguage');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ language: 'fr-ca' });
    expect(new Headers(call?.[1]?.headers).get('access-token')).toBe('k'.repeat(43));
    expect(localStorage.getItem('language')).toBe('fr-ca');
  });

  it('only stores the choice of a visitor', async () => {
    const fetchMock = routeFetch({});
    renderScreen('/', <LanguageSwitch />);
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr-ca' } });
    await requestsReceived();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('language')).toBe('fr-ca');
  });

  describe('on a prerendered page', () => {
    /** The switch as the build writes it, optionally changed by the user, then hydrated. */
    async function hydrateAfter(choice?: string) {
      const container = document.createElement('div');
      container.innerHTML = renderToString(<LanguageSwitch />);
      document.body.append(container);
      if (choice) container.querySelector('select')!.value = choice;
      await act(async () => {
        hydrateRoot(container, <LanguageSwitch />);
      });
      return container;
    }

    it('takes over a language chosen before the app had loaded', async () => {
      routeFetch({});
      await hydrateAfter('fr-ca');
      expect(localStorage.getItem('language')).toBe('fr-ca');
    });

    it('changes nothing when nobody touched it', async () => {
      const fetchMock = routeFetch({});
      const container = await hydrateAfter();
      expect(localStorage.getItem('language')).toBeNull();
      await requestsReceived();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(container.querySelector('select')!.value).toBe('en-us');
      container.remove();
    });
  });
});
