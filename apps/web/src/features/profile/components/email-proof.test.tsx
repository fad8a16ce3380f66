// The profile's e-mail confirmation, by a code mailed to the address.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, routeFetch, signIn, testUser } from '../../../testing/render';
import { ProfilePage } from './profile-page';

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noPayments = { 'GET /api/payment/getUserPayments/u1': [200, { data: [] }] as [number, unknown] };
const renderProfile = () => renderScreen('/profile', <ProfilePage title="Profile" />);

describe('e-mail confirmation on the profile', () => {
  it('mails a code on request, then confirms the address with it', async () => {
    const user = testUser();
    signIn(user);
    const fetchMock = routeFetch({
      ...noPayments,
      'GET /api/user/me': [200, { data: user }],
      'POST /api/user/email/send-code': [200, { data: { sent: true } }],
      'POST /api/user/email/verify': [200, { data: { ...user, email_verified: true } }],
    });
    renderProfile();
    expect(
      await screen.findByText('Confirm that awa@example.org is yours: we send a code to this address.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(
      await screen.findByText('We sent a 6-digit code to awa@example.org. It is valid for 10 minutes.'),
    ).toBeInTheDocument();

    const code = screen.getByLabelText('Code from the e-mail');
    fireEvent.change(code, { target: { value: '12 34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6 digits of the code.');
    expect(callsTo(fetchMock, 'POST /api/user/email/verify')).toEqual([]);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('awa@example.org is confirmed.')).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, 'POST /api/user/email/verify')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ code: '123456' });
  });

  it('says why when the code is wrong, and keeps the form', async () => {
    const user = testUser();
    signIn(user);
    routeFetch({
      ...noPayments,
      'GET /api/user/me': [200, { data: user }],
      'POST /api/user/email/send-code': [200, { data: { sent: true } }],
      'POST /api/user/email/verify': [400, { code: 'CODE_INVALID', message: 'Invalid code' }],
    });
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a code' }));
    fireEvent.change(await screen.findByLabelText('Code from the e-mail'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This code is not valid.'));
    expect(screen.getByLabelText('Code from the e-mail')).toBeInTheDocument();
  });

  it('shows a confirmed address without a form', async () => {
    const user = testUser({ email_verified: true });
    signIn(user);
    const fetchMock = routeFetch({ ...noPayments, 'GET /api/user/me': [200, { data: user }] });
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'E-mail confirmation' })).toBeInTheDocument();
    expect(screen.getByText('awa@example.org is confirmed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send me a code' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/user/email/send-code')).toEqual([]);
  });
});
