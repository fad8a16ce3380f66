import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { CountryModal } from './country-modal';

beforeEach(() => {
  localStorage.clear();
  signIn(testUser({ country: null }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the country modal (SPEC 4)', () => {
  it('keeps Submit disabled until a country is chosen, then saves it and closes', async () => {
    const fetchMock = routeFetch({ 'PATCH /api/user/updateCountry': [200, { data: testUser({ country: 'SN' }) }] });
    renderScreen('/dashboard', <CountryModal userId="u1" />);
    const select = await screen.findByLabelText('Country');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toHaveProperty('disabled', true);
    // Country names come in the interface language.
    expect(screen.getByRole('option', { name: 'Senegal' })).toBeInTheDocument();

    fireEvent.change(select, { target: { value: 'SN' } });
    expect(submit).toHaveProperty('disabled', false);
    fireEvent.click(submit);

    await waitFor(() => expect(localStorage.getItem('isCountry')).toBe('true'));
    const [, init] = callsTo(fetchMock, 'PATCH /api/user/updateCountry')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ user_id: 'u1', country: 'SN' });
    expect(JSON.parse(localStorage.getItem('currentUser') ?? '{}')).toMatchObject({ country: 'SN' });
    await waitFor(() => expect(document.querySelector('dialog')?.hasAttribute('open')).toBe(false));
  });

  it('stays open and says why when the server refuses', async () => {
    routeFetch({ 'PATCH /api/user/updateCountry': [400, { code: 'VALIDATION', message: 'Invalid input' }] });
    renderScreen('/dashboard', <CountryModal userId="u1" />);
    fireEvent.change(await screen.findByLabelText('Country'), { target: { value: 'SN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the highlighted fields.');
    expect(localStorage.getItem('isCountry')).toBeNull();
    expect(document.querySelector('dialog')?.hasAttribute('open')).toBe(true);
  });
});
