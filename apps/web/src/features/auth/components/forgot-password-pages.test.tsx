import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, sentBody, stubFetch } from '../testing/render';
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
    const fetchMock = stubFetch([200, { data: { sent: true } }]);
    renderScreen('/forgetpassword', <ForgotPasswordPage title="Forgot Password" />, '/forgetpassword');
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+221 77 123 45 67' } });
    fireEvent.click(screen.getByText('Send Code', { selector: 'button' }));
    await waitFor(() => expect(elsewhere()).toBe('/verifycode {"mobile_no":"+221771234567"}'));
    expect(sentBody(fetchMock)).toEqual({ mobile_no: '+221771234567', forget_password: true });
    expect(JSON.parse(sessionStorage.getItem('forgotPassword') ?? '{}')).toEqual({ mobile_no: '+221771234567' });
  });

  it('trades the code for a token on /verifycode, from the number kept in the tab', async () => {
    sessionStorage.setItem('forgotPassword', JSON.stringify({ mobile_no: '+221771234567' }));
    const fetchMock = stubFetch([200, { data: { verification_token: 'tok' } }]);
    renderScreen('/verifycode', <VerifyCodePage title="Verify code" />, '/verifycode');
    expect(screen.getByText(/\+221771234567/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByText('Verify', { selector: 'button' }));
    await waitFor(() => expect(elsewhere()).toMatch(/^\/resetpassword /));
    expect(sentBody(fetchMock)).toEqual({ mobile_no: '+221771234567', code: '654321', forget_password: true });
  });

  it('sends back to the first step when /verifycode or /resetpassword has no number', () => {
    renderScreen('/verifycode', <VerifyCodePage title="Verify code" />, '/verifycode');
    expect(screen.getByRole('link', { name: 'Enter my number' }).getAttribute('href')).toBe('/forgetpassword');
    cleanup();
    renderScreen('/resetpassword', <ResetPasswordPage title="Reset password" />, {
      pathname: '/resetpassword',
      state: { mobile_no: '+221771234567' },
    });
    expect(screen.getByRole('link', { name: 'Enter my number' })).toBeTruthy();
  });

  it('says "Password doesnot match", then saves the new password and goes to /login with a notice', async () => {
    const fetchMock = stubFetch([204]);
    renderScreen('/resetpassword', <ResetPasswordPage title="Reset password" />, {
      pathname: '/resetpassword',
      state: { mobile_no: '+221771234567', verification_token: 'tok' },
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'new password 2' } });
    fireEvent.click(screen.getByText('Save the new password', { selector: 'button' }));
    expect(screen.getByRole('alert').textContent).toBe('Password doesnot match');
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
