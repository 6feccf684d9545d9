import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';

const okOtp = {
  responseDto: { code: 'dk00', message: 'If an account uses this email, a reset code has been sent to it.' },
  status: 'SUCCESS',
};

freshEachTest();

describe('ForgotPasswordForm', () => {
  it('asks for the email before calling the server', async () => {
    const fetchSpy = mockApi(() => ({ body: okOtp }));
    renderWithApp(<ForgotPasswordForm role="user" />);
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in your email.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['user', '/reset-password'],
    ['tutor', '/tutor/reset-password'],
    ['admin', '/admin/reset-password'],
  ] as const)('%s: requests a code, keeps resetEmail and goes to %s after 2 s', async (role, next) => {
    const fetchSpy = mockApi(() => ({ body: okOtp }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<ForgotPasswordForm role={role} />, { path: '/forgot' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('If an account uses this email, a reset code has been sent to it.'),
    ).toBeInTheDocument();
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/dl/api/v1/otp/request');
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({
      otpId: 'ada@example.com',
      otpType: 'R',
      notificationType: 'M',
      sendSource: role,
    });
    expect(localStorage.getItem('resetEmail')).toBe('ada@example.com');
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('location')).toHaveTextContent(next);
  });

  it("shows 'Password reset not successful' when the server fails", async () => {
    mockApi(() => ({ status: 500, body: {} }));
    renderWithApp(<ForgotPasswordForm role="user" />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Password reset not successful')).toBeInTheDocument();
    expect(localStorage.getItem('resetEmail')).toBeNull();
  });
});

describe('ResetPasswordForm', () => {
  it('requires the otp, then the new password', async () => {
    localStorage.setItem('resetEmail', 'ada@example.com');
    const fetchSpy = mockApi(() => ({ body: {} }));
    renderWithApp(<ResetPasswordForm role="user" />);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in your otp.');
    await userEvent.type(screen.getByLabelText('Code (OTP)'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in your new password.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['user', '/user/resetpassword', '/login'],
    ['tutor', '/staff/resetpassword', '/tutor-login'],
    ['admin', '/admin/resetpassword', '/admin-login'],
  ] as const)('%s: calls %s and goes to %s', async (role, call, login) => {
    localStorage.setItem('resetEmail', 'ada@example.com');
    const fetchSpy = mockApi(() => ({
      body: {
        responseDto: {
          code: 'dk00',
          message: 'Password reset successful. You can now log in with your new password.',
        },
      },
    }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<ResetPasswordForm role={role} />, { path: '/reset' });
    await userEvent.type(screen.getByLabelText('Code (OTP)'), '123456');
    await userEvent.type(screen.getByLabelText('New password'), 'NewPass123!');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText('Password reset successful. You can now log in with your new password.'),
    ).toBeInTheDocument();
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(`/dl/api/v1${call}`);
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({
      emailAddress: 'ada@example.com',
      otp: '123456',
      newPassword: 'NewPass123!',
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('location')).toHaveTextContent(login);
    expect(localStorage.getItem('resetEmail')).toBeNull();
  });

  it("shows the server's refusal (a wrong code)", async () => {
    localStorage.setItem('resetEmail', 'ada@example.com');
    mockApi(() => ({
      status: 400,
      body: { responseDto: { code: 'dk96', message: 'The code is wrong or has expired' } },
    }));
    renderWithApp(<ResetPasswordForm role="user" />);
    await userEvent.type(screen.getByLabelText('Code (OTP)'), '123456');
    await userEvent.type(screen.getByLabelText('New password'), 'NewPass123!');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The code is wrong or has expired')).toBeInTheDocument();
    expect(localStorage.getItem('resetEmail')).toBe('ada@example.com');
  });
});
