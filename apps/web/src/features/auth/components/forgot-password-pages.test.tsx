import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, sentBody, routeAuthFetch } from '../testing/render';
import { requestsReceived, server } from '../../../testing/server';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';
import { VerifyCodePage } from './verify-code-page';

const elsewhere = () => screen.getByTestId('elsewhere').textContent;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('forgot password', () => {
  it('sends a code for the number with forget_password, then opens /verifycode with it', async () => {
    const fetchMock = routeAuthFetch({ 'POST /api/user/sendMessage': [200, { data: { sent: true } }] });
    renderScreen('/forgetpassword', <ForgotPasswordPage title="Forgot Password" />, '/forgetpassword');
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+221 77 123 45 67' } });
    fireEvent.click(screen.getByText('Send Code', { selector: 'button' }));
    await waitFor(() => expect(elsewhere()).toBe('/verifycode {"mobile_no":"+221771234567"}'));
    expect(sentBody(fetchMock)).toEqual({ mobile_no: '+221771234567', forget_password: true, language: 'en-us' });
    expect(JSON.parse(sessionStorage.getItem('forgotPassword') ?? '{}')).toEqual({ mobile_no: '+221771234567' });
  });

  it('trades the code for a token on /verifycode, from the number kept in the tab', async () => {
    sessionStorage.setItem('forgotPassword', JSON.stringify({ mobile_no: '+221771234567' }));
    const fetchMock = routeAuthFetch({
      'POST /api/user/codeValidation': [200, { data: { verification_token: 'tok' } }],
    });
    renderScreen('/verifycode', <VerifyCodePage title="Verify code" />, '/verifycode');
    // Shown as people write it, sent as stored.
    expect(screen.getByText(/\+221 77 123 45 67/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByText('Verify', { selector: 'button' }));
    await waitFor(() => expect(elsewhere()).toMatch(/^\/resetpassword /));
    expect(sentBody(fetchMock)).toEqual({ mobile_no: '+221771234567', code: '654321', forget_password: true });
  });

  it('sends back to the first step when /verifycode or /resetpassword has no number', () => {
    renderScreen('/verifycode', <VerifyCodePage title="Verify code" />, '/verifycode');
    expect(screen.getByRole('link', { name: 'Enter my number' })).toHaveAttribute('href', '/forgetpassword');
    cleanup();
    renderScreen('/resetpassword', <ResetPasswordPage title="Reset password" />, {
      pathname: '/resetpassword',
      state: { mobile_no: '+221771234567' },
    });
    expect(screen.getByRole('link', { name: 'Enter my number' })).toBeInTheDocument();
  });

  it('says "Password doesnot match", then saves the new password and goes to /login with a notice', async () => {
    const fetchMock = routeAuthFetch({ 'PUT /api/user/updatePassword': [204] });
    renderScreen('/resetpassword', <ResetPasswordPage title="Reset password" />, {
      pathname: '/resetpassword',
      state: { mobile_no: '+221771234567', verification_token: 'tok' },
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'new password 2' } });
    fireEvent.click(screen.getByText('Save the new password', { selector: 'button' }));
    expect(screen.getByRole('alert').textContent).toBe('Password doesnot match');
    await requestsReceived();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'new password 1' } });
    fireEvent.click(screen.getByText('Save the new password', { selector: 'button' }));
    await waitFor(() => expect(elsewhere()).toBe('/login {"notice":"passwordReset"}'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/updatePassword');
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit).method).toBe('PUT');
    expect(sentBody(fetchMock)).toEqual({
      mobile_no: '+221771234567',
      password: 'new password 1',
      verification_token: 'tok',
    });
  });
});

describe('forgot and reset password forms', () => {
  it('says "Please fill all the fields" without sending when the number is empty', async () => {
    const user = userEvent.setup();
    const fetchMock = routeAuthFetch();
    renderScreen('/forgetpassword', <ForgotPasswordPage title="Forgot Password" />, '/forgetpassword');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill all the fields');
    await requestsReceived();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "Sending the code…" on a disabled button, then the server\'s refusal, and a link back to /login', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    routeAuthFetch();
    server.use(
      http.post('/api/user/sendMessage', async () => {
        await answered;
        return HttpResponse.json({ code: 'RATE_LIMITED', message: 'slow down' }, { status: 429 });
      }),
    );
    renderScreen('/forgetpassword', <ForgotPasswordPage title="Forgot Password" />, '/forgetpassword');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+221 77 123 45 67' } });
    fireEvent.click(screen.getByText('Send Code', { selector: 'button' }));
    const button = await screen.findByRole('button', { name: 'Sending the code…' });
    expect(button).toBeDisabled();
    answer();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please wait a few minutes and try again.'),
    );
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeInTheDocument();
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a new password with a way to start again", async () => {
    routeAuthFetch({ 'PUT /api/user/updatePassword': [400, { code: 'CODE_INVALID', message: 'bad token' }] });
    renderScreen('/resetpassword', <ResetPasswordPage title="Reset password" />, {
      pathname: '/resetpassword',
      state: { mobile_no: '+221771234567', verification_token: 'tok' },
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'new password 1' } });
    fireEvent.click(screen.getByText('Save the new password', { selector: 'button' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This code is not valid. Enter my number'));
    expect(screen.getByRole('link', { name: 'Enter my number' })).toHaveAttribute('href', '/forgetpassword');
  });
});
