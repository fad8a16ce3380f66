import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placeCountry, renderScreen, sentBody, routeAuthFetch, stubGeolocation } from '../testing/render';
import { requestsReceived, server } from '../../../testing/server';
import { RegisterPage } from './register-page';

const renderRegister = (type: string) =>
  renderScreen('/register', <RegisterPage title="Register" />, `/register?type=${type}`);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

async function fillForm({
  password = 'correct horse',
  confirm = password,
}: { password?: string; confirm?: string } = {}) {
  type('Name', 'Awa');
  type('E-mail', ' Awa@Example.org ');
  await namesLoaded();
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'SN' } });
  type('Mobile number', '77 123 45 67');
  type('Password', password);
  type('Confirm password', confirm);
  fireEvent.click(screen.getByLabelText('I accept the rules for membership'));
  fireEvent.click(screen.getByLabelText('I accept the rules for privacy policy'));
}

// Role queries are slow over the 500 options of the two selects; text and label queries are not.
const submit = () => fireEvent.click(screen.getByText('Create An Account', { selector: 'button' }));
const alertText = () => document.querySelector('form [role="alert"]')?.textContent;
const codeDialog = async () =>
  (await screen.findByText('Enter the code', { selector: 'dialog[open] h2' })).closest('dialog') as HTMLElement;
const namesLoaded = () =>
  waitFor(() => expect(screen.getByLabelText('Country').querySelector('option[value="SN"]')).toBeTruthy());

const user = { _id: 'u1', firstName: 'Awa' };
const session = { user, auth_key: 'a'.repeat(43), expiry: '2099-01-01T00:00:00.000Z' };

beforeEach(() => {
  // The social buttons ask for the providers on every render; a test's own replies come first.
  routeAuthFetch();
  localStorage.removeItem('auth_key');
  stubGeolocation(true);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  placeCountry.code = null;
  localStorage.removeItem('positionCountry');
});

describe('the register screen', () => {
  it('says "Please fill all the fields" and sends nothing while fields are empty', async () => {
    const fetchMock = routeAuthFetch();
    renderRegister('withOutID');
    submit();
    expect(alertText()).toBe('Please fill all the fields');
    expect(screen.getByLabelText('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await requestsReceived();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says "Password doesnot match" when the passwords differ', async () => {
    routeAuthFetch();
    renderRegister('withOutID');
    await fillForm({ password: 'correct horse', confirm: 'correct house' });
    submit();
    expect(alertText()).toBe('Password doesnot match');
  });

  it('asks for both rules boxes', async () => {
    routeAuthFetch();
    renderRegister('withOutID');
    await fillForm();
    fireEvent.click(screen.getByLabelText('I accept the rules for privacy policy'));
    submit();
    expect(alertText()).toBe('please check rules for privacy policy and rules for membership');
  });

  it('sets the dial code from the chosen country (default +93)', async () => {
    routeAuthFetch();
    renderRegister('withOutID');
    const dial = screen.getByLabelText('Dial code') as HTMLSelectElement;
    expect(dial.value).toBe('AF');
    await namesLoaded();
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'SN' } });
    expect(dial.value).toBe('SN');
    expect(dial.selectedOptions[0]?.textContent).toBe('Senegal (+221)');
  });

  it('starts the dial code at the country the device is in, not +93 (D-24)', async () => {
    placeCountry.code = 'SN';
    routeAuthFetch();
    renderRegister('withOutID');
    const dial = screen.getByLabelText('Dial code') as HTMLSelectElement;
    await waitFor(() => expect(dial.value).toBe('SN'));
    await waitFor(() => expect(dial.selectedOptions[0]?.textContent).toBe('Senegal (+221)'));
    // Remembered: the next visit starts there at once.
    cleanup();
    renderRegister('withOutID');
    expect((screen.getByLabelText('Dial code') as HTMLSelectElement).value).toBe('SN');
  });

  it('fills the country from the same place as the dial code: Senegal beside Senegal (+221) (D-24)', async () => {
    placeCountry.code = 'SN';
    routeAuthFetch();
    renderRegister('withOutID');
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    await waitFor(() => expect(country.value).toBe('SN'));
    await namesLoaded();
    expect(country.selectedOptions[0]?.textContent).toBe('Senegal');
    expect((screen.getByLabelText('Dial code') as HTMLSelectElement).value).toBe('SN');
    // Remembered: the next visit starts with both at once.
    cleanup();
    renderRegister('withOutID');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('SN');
  });

  it("keeps a dial code the user chose when the device's country arrives later (D-24)", async () => {
    let answer: () => void = () => undefined;
    const reverse = new Promise<void>((resolve) => (answer = resolve));
    routeAuthFetch();
    server.use(
      http.get('/api/places/reverse', async () => {
        await reverse;
        return HttpResponse.json({ data: { name: 'Dakar', country_code: 'SN' } });
      }),
    );
    renderRegister('withOutID');
    const dial = screen.getByLabelText('Dial code') as HTMLSelectElement;
    fireEvent.change(dial, { target: { value: 'NE' } });
    answer();
    await waitFor(() => expect(localStorage.getItem('positionCountry')).toBe('SN'));
    expect(dial.value).toBe('NE');
  });

  it('sends the code, checks it, creates the account, signs in and opens the dashboard', async () => {
    const fetchMock = routeAuthFetch({
      'POST /api/user/sendMessage': [200, { data: { sent: true } }],
      'POST /api/user/codeValidation': [200, { data: { verification_token: 'tok' } }],
      'POST /api/user/register': [201, { data: user }],
      'POST /api/user/login': [200, { data: session }],
    });
    renderRegister('withOutID');
    await fillForm();
    submit();
    const dialog = await codeDialog();
    expect(sentBody(fetchMock, 0)).toEqual({
      mobile_no: '+221771234567',
      email: 'awa@example.org',
      forget_password: false,
      // D-24: the code's SMS is in the language of the page.
      language: 'en-us',
    });
    // Shown as people write it (the number sent stays E.164).
    expect(dialog.textContent).toContain('+221 77 123 45 67');
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/dashboard null'));
    expect(localStorage.getItem('auth_key')).toBe(session.auth_key);
    expect(JSON.parse(localStorage.getItem('currentUser')!)).toMatchObject({ _id: 'u1', firstName: 'Awa' });
    expect(fetchMock.mock.calls[3]?.[0]).toBe('/api/user/login');
    expect(sentBody(fetchMock, 3)).toMatchObject({ email: 'awa@example.org', password: 'correct horse' });
    expect(sentBody(fetchMock, 1)).toEqual({ mobile_no: '+221771234567', code: '123456', forget_password: false });
    expect(fetchMock.mock.calls[2]?.[0]).toBe('/api/user/register');
    expect(sentBody(fetchMock, 2)).toEqual({
      new_user: {
        firstName: 'Awa',
        email: 'awa@example.org',
        mobile_no: '+221771234567',
        country: 'SN',
        password: 'correct horse',
        account_type: 'withOutID',
        lat: 14.6928,
        lng: -17.4467,
        verification_token: 'tok',
        // D-24: the interface language, so the server's SMS are in it from the start.
        language: 'en-us',
      },
    });
  });

  it('goes to /login with the "registered" notice when the sign-in after registering fails', async () => {
    routeAuthFetch({
      'POST /api/user/sendMessage': [200, { data: { sent: true } }],
      'POST /api/user/codeValidation': [200, { data: { verification_token: 'tok' } }],
      'POST /api/user/register': [201, { data: user }],
      'POST /api/user/login': [429, { code: 'RATE_LIMITED', message: 'Too many requests' }],
    });
    renderRegister('withOutID');
    await fillForm();
    submit();
    const dialog = await codeDialog();
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/login {"notice":"registered"}'));
    expect(localStorage.getItem('auth_key')).toBeNull();
  });

  it('shows "User already exist" when the number or e-mail is taken', async () => {
    routeAuthFetch({ 'POST /api/user/sendMessage': [409, { code: 'USER_EXISTS', message: 'User already exist' }] });
    renderRegister('withOutID');
    await fillForm();
    submit();
    await waitFor(() => expect(alertText()).toBe('User already exist'));
    expect(document.querySelector('dialog[open]')).toBeNull();
  });

  it('says "Cannot register please see the error message" with the reason when the code is wrong', async () => {
    routeAuthFetch({
      'POST /api/user/sendMessage': [200, { data: { sent: true } }],
      'POST /api/user/codeValidation': [400, { code: 'CODE_INVALID', message: 'Invalid code' }],
    });
    renderRegister('withOutID');
    await fillForm();
    submit();
    const dialog = await codeDialog();
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Cannot register please see the error message' + 'This code is not valid.');
  });

  it('for an account with ID, asks the family name, refuses a fifth image and sends the images as multipart', async () => {
    const fetchMock = routeAuthFetch({
      'POST /api/user/sendMessage': [200, { data: { sent: true } }],
      'POST /api/user/codeValidation': [200, { data: { verification_token: 'tok' } }],
      'POST /api/user/register': [201, { data: user }],
      'POST /api/user/login': [200, { data: session }],
    });
    renderRegister('withID');
    await fillForm();
    submit();
    expect(alertText()).toBe('Please fill all the fields');
    type('Family name', 'Diop');
    type('Physical address', 'Rue 10, Dakar');

    const input = screen.getByLabelText('Photos of your ID') as HTMLInputElement;
    const image = (n: number) => new File([new Uint8Array([n])], `id-${n}.jpg`, { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [1, 2, 3, 4, 5].map(image) } });
    expect(screen.getByText('Only 4 images can be uploaded at a time')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [image(1), image(2)] } });
    expect(screen.getByLabelText('2 images chosen').tagName).toBe('UL');

    submit();
    const dialog = await codeDialog();
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toMatch(/^\/dashboard/));
    const form = sentBody(fetchMock, 2) as FormData;
    // Multipart, as the server reads it (Node's FormData: not jsdom's class).
    expect(Object.prototype.toString.call(form)).toBe('[object FormData]');
    expect(JSON.parse(form.get('new_user') as string)).toMatchObject({
      lastName: 'Diop',
      physical_address: 'Rue 10, Dakar',
      account_type: 'withID',
    });
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['id-1.jpg', 'id-2.jpg']);
  });

  it('offers Google and Facebook for an account via a social provider', async () => {
    renderRegister('withGorFB');
    await screen.findByRole('link', { name: 'Google' });
    expect(screen.getByRole('link', { name: 'Google' }).getAttribute('href')).toBe('/api/auth/google');
    expect(screen.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe('/api/auth/facebook');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
