import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdSession } from '../api/complete-social-sign-up';
import { callsTo, renderScreen, requestsReceived, routeFetch, testUser } from '../../../testing/render';
import { RegisterCountryPage } from './register-country-page';

const KEY = 'k'.repeat(43);
const hold = (overrides: Record<string, unknown> = {}) =>
  holdSession({
    user: testUser({ email: '', mobile_no: '', country: null, ...overrides }) as never,
    auth_key: KEY,
    expiry: '2030-01-01T00:00:00.000Z',
  });
const renderPage = () => renderScreen('/registerCountry', <RegisterCountryPage title="Complete your account" />);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fill({ email, number, country }: { email?: string; number: string; country: string }) {
  if (email !== undefined) fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(await screen.findByLabelText('Country'), { target: { value: country } });
  fireEvent.change(screen.getByLabelText('Number'), { target: { value: number } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

const PROVEN = {
  'POST /api/user/sendMessage': [200, { data: { sent: true } }],
  'POST /api/user/codeValidation': [200, { data: { verification_token: 'token-of-the-number' } }],
} as Record<string, [number, unknown]>;

async function enterCode(code: string) {
  fireEvent.change(await screen.findByLabelText('Code from the SMS'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
}

describe('/registerCountry (SPEC 5)', () => {
  it('asks for the e-mail only when the account has none', async () => {
    hold({ email: 'khady@example.org' });
    routeFetch({});
    renderPage();
    await screen.findByLabelText('Country');
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
  });

  it('shows "Please complete all the fields" for a short number or no country', async () => {
    hold();
    const fetchMock = routeFetch({});
    renderPage();
    await fill({ email: 'khady@example.org', number: '123456', country: 'SN' });
    expect(screen.getByRole('alert').textContent).toBe('Please complete all the fields');
    await fill({ email: 'khady@example.org', number: '77 123 45 67', country: '' });
    expect(screen.getByRole('alert').textContent).toBe('Please complete all the fields');
    await requestsReceived();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "User already exists." when the number is taken, before any code is sent', async () => {
    hold();
    const fetchMock = routeFetch({
      'POST /api/user/sendMessage': [409, { code: 'USER_EXISTS', message: 'User already exist' }],
    });
    renderPage();
    await fill({ email: 'khady@example.org', number: '77 123 45 67', country: 'SN' });
    expect((await screen.findByRole('alert')).textContent).toBe('User already exists.');
    expect(screen.getByLabelText('Number')).toBeInTheDocument();
    await requestsReceived();
    expect(callsTo(fetchMock, 'PUT /api/user/register-via-fb/u1')).toEqual([]);
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
  });

  it('shows "User already exists." when the server answers 409 to the completion', async () => {
    hold();
    routeFetch({
      ...PROVEN,
      'PUT /api/user/register-via-fb/u1': [409, { code: 'USER_EXISTS', message: 'User already exists.' }],
    });
    renderPage();
    await fill({ email: 'taken@example.org', number: '77 123 45 67', country: 'SN' });
    await enterCode('123456');
    expect((await screen.findByRole('alert')).textContent).toBe('User already exists.');
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
  });

  // The number is proven by its SMS code, as registration proves it.
  it('asks for the SMS code sent to the number, and says so when the code is wrong', async () => {
    hold();
    const fetchMock = routeFetch({
      'POST /api/user/sendMessage': [200, { data: { sent: true } }],
      'POST /api/user/codeValidation': [400, { code: 'CODE_INVALID', message: 'Invalid code' }],
    });
    renderPage();
    await fill({ email: 'khady@example.org', number: '77 123 45 67', country: 'SN' });
    expect(await screen.findByText('We sent a 6-digit code by SMS to +221 77 123 45 67. It is valid for 10 minutes.'));
    const [, sent] = callsTo(fetchMock, 'POST /api/user/sendMessage')[0]!;
    expect(JSON.parse(String(sent?.body))).toEqual({
      mobile_no: '+221 77 123 45 67',
      forget_password: false,
      language: 'en-us',
    });

    await enterCode('12');
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6 digits of the code.');
    await enterCode('654321');
    expect((await screen.findByRole('alert')).textContent).toBe('This code is not valid.');
    await requestsReceived();
    expect(callsTo(fetchMock, 'PUT /api/user/register-via-fb/u1')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code has been sent.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/user/sendMessage')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Change the number' }));
    expect(((await screen.findByLabelText('Number')) as HTMLInputElement).value).toBe('77 123 45 67');
  });

  it('sends the dial code of the chosen country with the number and its token, signs in and goes to /dashboard', async () => {
    hold();
    const done = testUser({ email: 'khady@example.org', mobile_no: '+221771234567', country: 'SN' });
    const fetchMock = routeFetch({ ...PROVEN, 'PUT /api/user/register-via-fb/u1': [200, { data: done }] });
    renderPage();
    await fill({ email: 'Khady@Example.org', number: '77 123 45 67', country: 'SN' });
    await enterCode('123456');
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/dashboard'));
    const [, checked] = callsTo(fetchMock, 'POST /api/user/codeValidation')[0]!;
    expect(JSON.parse(String(checked?.body))).toEqual({
      mobile_no: '+221 77 123 45 67',
      code: '123456',
      forget_password: false,
    });
    const [, init] = callsTo(fetchMock, 'PUT /api/user/register-via-fb/u1')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'khady@example.org',
      mobile_no: '+221 77 123 45 67',
      country: 'SN',
      verification_token: 'token-of-the-number',
    });
    expect(init?.headers.get('access-token')).toBe(KEY);
    expect(localStorage.getItem('auth_key')).toBe(KEY);
    expect(localStorage.getItem('isCountry')).toBe('true');
    expect(sessionStorage.getItem('socialCompletion')).toBeNull();
  });

  it('defaults the dial code to +93 (SPEC 9)', async () => {
    hold();
    routeFetch({});
    renderPage();
    const dial = (await screen.findByLabelText('Dial code')) as HTMLSelectElement;
    expect(dial.selectedOptions[0]?.textContent).toBe('Afghanistan (+93)');
  });

  it('without a held sign-in, offers to sign in again', () => {
    routeFetch({});
    renderPage();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });
});
