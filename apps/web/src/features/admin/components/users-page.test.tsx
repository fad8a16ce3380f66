import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderScreen, requestsReceived, routeFetch, signIn, testUser } from '../../../testing/render';
import { UsersPage } from './users-page';

const admin = testUser({ _id: 'admin', firstName: 'Ada', lastName: null, email: 'admin@example.org', admin: true });
const row = (id: string, email: string | null, mobile: string | null, extra: Record<string, unknown> = {}) => ({
  _id: id,
  firstName: id,
  lastName: null,
  email,
  mobile_no: mobile,
  identity_flag: false,
  verified: false,
  vip: false,
  id_images: [],
  ...extra,
});
const ROWS = [
  row('admin', 'admin@example.org', '+221770000000'),
  row('zoe', 'zoe@example.org', '+33612345678'),
  row('binta', 'binta@example.org', '+243812345678', { identity_flag: true, id_images: [{ url: '/api/x/1' }] }),
];

const renderPage = () => renderScreen('/getUsers', <UsersPage title="Users" />);
const emails = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[2]?.textContent);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/getUsers (D-11)', () => {
  it('tells a visitor it is for administrators only and asks the API for nothing', async () => {
    const fetchMock = routeFetch({});
    renderPage();
    expect(screen.getByText('This page is for administrators only.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await requestsReceived();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells a signed-in user who is not an admin the same, without asking for the list', async () => {
    signIn(testUser());
    const fetchMock = routeFetch({ 'GET /api/user/me': [200, { data: testUser() }] });
    renderPage();
    expect(screen.getByText('This page is for administrators only.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/user/me')).toHaveLength(1));
    await requestsReceived();
    expect(callsTo(fetchMock, 'GET /api/admin/users')).toHaveLength(0);
  });

  it('lists users for an admin and sorts by e-mail and by mobile with aria-sort', async () => {
    signIn(admin);
    routeFetch({ 'GET /api/user/me': [200, { data: admin }], 'GET /api/admin/users': [200, { data: ROWS }] });
    renderPage();
    await screen.findByRole('table');
    const emailHeader = screen.getByRole('columnheader', { name: 'Email' });
    expect(emailHeader).toHaveAttribute('aria-sort', 'none');

    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(emails()).toEqual(['admin@example.org', 'binta@example.org', 'zoe@example.org']);
    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
    expect(emails()).toEqual(['zoe@example.org', 'binta@example.org', 'admin@example.org']);

    fireEvent.click(screen.getByRole('button', { name: 'Mobile' }));
    expect(emailHeader).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Mobile' })).toHaveAttribute('aria-sort', 'ascending');
    expect(emails()).toEqual(['admin@example.org', 'binta@example.org', 'zoe@example.org']);
  });

  it('offers ID images only for accounts with ID, and disables the switches of the admin’s own row', async () => {
    signIn(admin);
    routeFetch({ 'GET /api/user/me': [200, { data: admin }], 'GET /api/admin/users': [200, { data: ROWS }] });
    renderPage();
    await screen.findByRole('table');
    expect(screen.getAllByRole('button', { name: /^View 1 image/ })).toHaveLength(1);
    expect(screen.getByRole('switch', { name: '+ID (verified) for admin@example.org' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('switch', { name: 'VIP for admin@example.org' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('switch', { name: '+ID (verified) for zoe@example.org' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('turns +ID on for a user and shows the saved state', async () => {
    signIn(admin);
    const fetchMock = routeFetch({
      'GET /api/user/me': [200, { data: admin }],
      'GET /api/admin/users': [200, { data: ROWS }],
      'PATCH /api/admin/users/zoe': [200, { data: { ...ROWS[1], verified: true } }],
    });
    renderPage();
    const toggle = await screen.findByRole('switch', { name: '+ID (verified) for zoe@example.org' });
    expect(toggle).toHaveProperty('checked', false);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    const [, init] = callsTo(fetchMock, 'PATCH /api/admin/users/zoe')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ verified: true });
  });

  it('shows the admins-only message when the API refuses (403)', async () => {
    signIn(admin);
    routeFetch({
      'GET /api/user/me': [200, { data: admin }],
      'GET /api/admin/users': [403, { code: 'FORBIDDEN', message: 'Forbidden' }],
    });
    renderPage();
    expect(await screen.findByText('This page is for administrators only.')).toBeInTheDocument();
  });
});

describe('/getUsers: a mobile-money subscription (D-18)', () => {
  const fill = async () => {
    fireEvent.change(await screen.findByLabelText('User'), { target: { value: 'zoe' } });
    fireEvent.change(screen.getByLabelText("Operator's transaction reference"), { target: { value: ' OM-123456 ' } });
    fireEvent.change(screen.getByLabelText('Currency paid'), { target: { value: 'CDF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate the subscription' }));
  };

  it('sends the user, the reference and the currency, and says until when it runs', async () => {
    signIn(admin);
    const activated = testUser({
      _id: 'zoe',
      firstName: 'Zoe',
      lastName: null,
      subscription: {
        subscription_type: 'yearly',
        subscription_flag: true,
        trail_complete: false,
        subscription_start_date: '2026-11-21T12:00:00.000Z',
        subscription_end_date: '2027-11-21T12:00:00.000Z',
      },
    });
    const fetchMock = routeFetch({
      'GET /api/user/me': [200, { data: admin }],
      'GET /api/admin/users': [200, { data: ROWS }],
      'POST /api/admin/markSubscriptionPaid': [200, { data: activated }],
    });
    renderPage();
    await fill();
    expect((await screen.findByText(/Subscription activated for Zoe/)).textContent).toBe(
      'Subscription activated for Zoe until November 21, 2027.',
    );
    const [, init] = callsTo(fetchMock, 'POST /api/admin/markSubscriptionPaid')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ user_id: 'zoe', reference: 'OM-123456', currency: 'CDF' });
  });

  it("shows the server's refusal", async () => {
    signIn(admin);
    routeFetch({
      'GET /api/user/me': [200, { data: admin }],
      'GET /api/admin/users': [200, { data: ROWS }],
      'POST /api/admin/markSubscriptionPaid': [400, { code: 'VALIDATION', message: 'bad', fields: {} }],
    });
    renderPage();
    await fill();
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the highlighted fields.');
  });
});
