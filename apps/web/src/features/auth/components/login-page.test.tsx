import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, sentBody, routeAuthFetch, stubGeolocation } from '../testing/render';
import { requestsReceived } from '../../../testing/server';
import { LoginPage } from './login-page';

const session = {
  user: { _id: 'u1', firstName: 'Awa', email: 'awa@example.org', country: 'SN' },
  auth_key: 'k'.repeat(43),
  expiry: '2030-01-01T00:00:00.000Z',
};

const renderLogin = (entry: Parameters<typeof renderScreen>[2] = '/login') =>
  renderScreen('/login', <LoginPage title="Login" />, entry);

const fill = (identifier: string, password: string) => {
  fireEvent.change(screen.getByLabelText('E-mail or phone number'), { target: { value: identifier } });
  fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
};

beforeEach(() => {
  // The social buttons ask for the providers on every render; a test's own replies come first.
  routeAuthFetch();
  localStorage.clear();
  stubGeolocation(true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the login screen', () => {
  it('sends the e-mail lower-cased and trimmed, stores the session and goes to /dashboard', async () => {
    const fetchMock = routeAuthFetch({ 'POST /api/user/login': [200, { data: session }] });
    renderLogin();
    fill('  Awa@Example.ORG ', 'secret-password');
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toMatch(/^\/dashboard/));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/login');
    expect(sentBody(fetchMock)).toEqual({ email: 'awa@example.org', password: 'secret-password' });
    expect(localStorage.getItem('auth_key')).toBe(session.auth_key);
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(JSON.parse(localStorage.getItem('currentUser') ?? '{}')).toMatchObject({ _id: 'u1' });
  });

  it('returns to the deep link that sent the user to sign in', async () => {
    routeAuthFetch({ 'POST /api/user/login': [200, { data: session }] });
    renderLogin({ pathname: '/login', state: { from: '/suppliersolution/p1?from=share' } });
    fill('awa@example.org', 'secret-password');
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toMatch(/^\/suppliersolution\/p1 /));
  });

  it('returns to the deal the user was reading when their session ended elsewhere (?next=)', async () => {
    routeAuthFetch({ 'POST /api/user/login': [200, { data: session }] });
    renderLogin('/login?error=expirationError&next=%2Fdeals%2Fd1');
    fill('awa@example.org', 'secret-password');
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toMatch(/^\/deals\/d1 /));
  });

  it('ignores a ?next= that leads off this site', async () => {
    routeAuthFetch({ 'POST /api/user/login': [200, { data: session }] });
    renderLogin('/login?error=expirationError&next=%2F%2Fevil.example%2Fdeals');
    fill('awa@example.org', 'secret-password');
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toMatch(/^\/dashboard /));
  });

  it('shows "Invalid information" in red when the server refuses, and stores nothing', async () => {
    routeAuthFetch({ 'POST /api/user/login': [401, { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' }] });
    renderLogin();
    fill('+221771234567', 'wrong-password');
    const alert = await screen.findByText('Invalid information');
    expect(alert.className).toContain('notice-error');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(localStorage.getItem('auth_key')).toBeNull();
  });

  it('says "Please fill all the fields" without calling the server when a field is empty', async () => {
    const fetchMock = routeAuthFetch();
    renderLogin();
    fill('awa@example.org', '');
    expect(screen.getByText('Please fill all the fields')).toBeInTheDocument();
    await requestsReceived();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows SPEC 8's message after a sign-in on another device (?error=expirationError)", () => {
    renderLogin('/login?error=expirationError');
    expect(
      screen.getByText('Authentication session expired beacuse you logged in from other device kindly log in again'),
    ).toBeInTheDocument();
  });

  it('says the social sign-in failed for ?error=social, and confirms a new account', () => {
    renderLogin('/login?error=social');
    expect(screen.getByText(/Signing in with Google or Facebook did not work/)).toBeInTheDocument();
    cleanup();
    renderLogin({ pathname: '/login', state: { notice: 'registered' } });
    expect(screen.getByText('Your account has been created. You can now log in.')).toBeInTheDocument();
  });

  it('links to Forgot Password, Create An Account, Google and Facebook', async () => {
    renderLogin();
    await screen.findByRole('link', { name: 'Google' });
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgetpassword');
    expect(screen.getByRole('link', { name: 'Create An Account' })).toHaveAttribute('href', '/accountcreation');
    expect(screen.getByRole('link', { name: 'Google' })).toHaveAttribute('href', '/api/auth/google');
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', '/api/auth/facebook');
  });

  it('asks to turn the location on when the browser refuses it', async () => {
    stubGeolocation(false);
    renderLogin();
    const dialog = await screen.findByRole('dialog', { name: 'Location required' });
    expect(dialog.textContent).toContain(
      'Make sure that the location is on, and then refresh the page to be able to see Business-Opportunities on the map.',
    );
  });
});
