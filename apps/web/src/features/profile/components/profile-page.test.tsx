import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, requestsReceived, routeFetch, signIn, testUser } from '../../../testing/render';
import { ProfilePage } from './profile-page';

const DAY = 86_400_000;
const onTrial = (daysLeft: number) =>
  testUser({
    verified: true,
    vip: true,
    subscription: {
      subscription_type: '90 days trail',
      subscription_flag: true,
      trail_complete: false,
      subscription_start_date: new Date(Date.now() - DAY).toISOString(),
      subscription_end_date: new Date(Date.now() + daysLeft * DAY + 3_600_000).toISOString(),
    },
  });

beforeEach(() => {
  localStorage.clear();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noPayments = { 'GET /api/payment/getUserPayments/u1': [200, { data: [] }] as [number, unknown] };

const renderProfile = () => renderScreen('/profile', <ProfilePage title="Profile" />);

describe('the profile screen', () => {
  it('shows the name, e-mail and mobile read-only, and the way to the plans when not subscribed', async () => {
    signIn(testUser());
    routeFetch({
      ...noPayments,
      'GET /api/user/me': [200, { data: testUser() }],
    });
    renderProfile();
    for (const [label, value] of [
      ['Name', 'Awa Diop'],
      ['E-mail', 'awa@example.org'],
      ['Mobile number', '+221 77 123 45 67'],
    ] as const) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.value).toBe(value);
      expect(input.readOnly).toBe(true);
    }
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscriptionscreen');
    expect(screen.queryByTestId('trial')).not.toBeInTheDocument();
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
    expect(screen.queryByText('+ID')).not.toBeInTheDocument();
  });

  it('shows the days left of a trial, and the +ID and VIP badges', async () => {
    signIn(onTrial(40));
    routeFetch({
      ...noPayments,
      'GET /api/user/me': [200, { data: onTrial(40) }],
    });
    renderProfile();
    expect(screen.getByTestId('trial').textContent).toContain('40 days left');
    expect(screen.queryByTestId('subscription')).not.toBeInTheDocument();
    expect(screen.getByText('+ID')).toBeInTheDocument();
    expect(screen.getByText('VIP')).toBeInTheDocument();
  });

  it('previews a chosen picture and sends it as the first file with the user id', async () => {
    signIn(testUser());
    const saved = testUser({ profile_pic: '/api/files/avatars/u1.webp' });
    const fetchMock = routeFetch({
      ...noPayments,
      'GET /api/user/me': [200, { data: testUser() }],
      'PUT /api/user/updateUser': [200, { data: saved }],
    });
    renderProfile();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Choose a picture'), { target: { files: [file] } });
    expect(screen.getByAltText('Preview of your new profile picture')).toHaveAttribute('src', 'blob:preview');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toHaveAttribute('role', 'status');
    const body = callsTo(fetchMock, 'PUT /api/user/updateUser')[0]![1]!.body as FormData;
    expect(body.get('user_id')).toBe('u1');
    expect(JSON.parse(String(body.get('update_data')))).toEqual({});
    expect((body.get('files') as File).name).toBe('me.png');
    await waitFor(() =>
      expect(screen.getByAltText('Your profile picture')).toHaveAttribute('src', '/api/files/avatars/u1.webp'),
    );
    expect(JSON.parse(localStorage.getItem('currentUser') ?? '{}').profile_pic).toBe('/api/files/avatars/u1.webp');
  });

  it('refuses a file that is not an image', async () => {
    signIn(testUser());
    routeFetch({
      ...noPayments,
      'GET /api/user/me': [200, { data: testUser() }],
    });
    renderProfile();
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText('Choose a picture'), { target: { files: [file] } });
    expect(screen.getByRole('alert').textContent).toBe('Please choose an image file.');
  });

  it('shows "Oops some error happened, please try again" when saving fails', async () => {
    signIn(testUser());
    routeFetch({
      ...noPayments,
      'GET /api/user/me': [200, { data: testUser() }],
      'PUT /api/user/updateUser': [500, { code: 'INTERNAL', message: 'Something went wrong' }],
    });
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Oops some error happened, please try again');
  });

  it('deletes the account after a confirmation, keeping only the language and currency', async () => {
    signIn(testUser());
    localStorage.setItem('language', 'en-us');
    localStorage.setItem('currency', 'euro');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = routeFetch({
      ...noPayments,
      'GET /api/user/me': [200, { data: testUser() }],
      'DELETE /api/user/u1': [204],
    });
    renderProfile();
    // Let the refresh of the current user land first, as it has long before a user gets here.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/user/me')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await requestsReceived();
    expect(callsTo(fetchMock, 'DELETE /api/user/u1')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(callsTo(fetchMock, 'DELETE /api/user/u1')).toHaveLength(1);
    expect({ ...localStorage }).toEqual({ language: 'en-us', currency: 'euro' });
  });

  it('shows the end date of a yearly subscription', async () => {
    const subscribed = testUser({
      subscription: {
        subscription_type: 'yearly',
        subscription_flag: true,
        trail_complete: true,
        subscription_start_date: '2026-11-01T00:00:00.000Z',
        subscription_end_date: '2099-11-01T12:00:00.000Z',
      },
    });
    signIn(subscribed);
    routeFetch({ ...noPayments, 'GET /api/user/me': [200, { data: subscribed }] });
    renderProfile();
    expect(screen.getByTestId('subscription').textContent).toContain('Until November 1, 2099');
    expect(screen.queryByTestId('trial')).not.toBeInTheDocument();
  });

  it('lists the payments: kind, amount in its currency, date and status', async () => {
    signIn(testUser());
    const payment = (over: Record<string, unknown>) => ({
      _id: 'p',
      kind: 'onetime',
      amount: '2.25',
      currency: 'USD',
      status: 'captured',
      solution_id: null,
      created_at: '2026-11-20T10:00:00.000Z',
      ...over,
    });
    routeFetch({
      'GET /api/user/me': [200, { data: testUser() }],
      'GET /api/payment/getUserPayments/u1': [
        200,
        {
          data: [
            payment({ _id: 'p1', kind: 'subscription', amount: '7900', currency: 'XOF' }),
            payment({ _id: 'p2', status: 'failed', created_at: '2026-10-02T10:00:00.000Z' }),
          ],
        },
      ],
    });
    renderProfile();
    const rows = await screen.findAllByRole('listitem');
    // Intl puts no-break spaces in amounts and dates.
    const texts = rows.map((row) => row.textContent?.replace(/\s+/g, ' '));
    expect(texts).toContain('Yearly subscriptionF CFA 7,900Nov 20, 2026Paid');
    expect(texts).toContain('Pay as you go$2.25Oct 2, 2026Failed');
    expect(screen.queryByText('No payments yet')).not.toBeInTheDocument();
  });
});
