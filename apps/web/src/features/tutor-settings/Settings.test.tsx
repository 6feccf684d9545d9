import { describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import ChangePassword from './ChangePassword.tsx';
import Settings from './Settings.tsx';

// The machine running the tests is shared: give the first (cold) render more time than 1 s.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ok = { code: 'dk00', message: 'OK' };
const staffDto = {
  id: 3,
  fullName: 'Emeka Nwosu',
  email: 'emeka@example.com',
  phoneNumber: '08031234567',
  gender: 'Male',
  age: 34,
  category: 'Website development',
  certificateUrl: 'https://example.com/c.pdf',
  accountDetailDtoList: [] as unknown[],
};

freshEachTest({ session: 'tutor' });

describe('/tutor/settings', () => {
  it('requires every bank field, then saves them with the profile it loaded', async () => {
    const saved: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/staff/staffid') return { body: { responseDto: ok, staffDto } };
      if (path === '/staff/update') {
        saved.push(init.json);
        return { body: { responseDto: ok } };
      }
      return { status: 404, body: {} };
    });
    renderWithApp(<Settings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    for (const message of [
      'Bank name is required',
      'Account name is required',
      'Account number is required',
      'Currency is required',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Account number'), '12-34');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account number must be 6 to 34 letters or digits')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Account number'));

    await userEvent.type(screen.getByLabelText('Bank name'), 'Zenith Bank');
    await userEvent.type(screen.getByLabelText('Account name'), 'Emeka Nwosu');
    await userEvent.type(screen.getByLabelText('Account number'), '0123456789');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select currency',
      'USD',
      'EUR',
      'GBP',
      'Naira',
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'Naira');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account details saved successfully!')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        fullName: 'Emeka Nwosu',
        gender: 'Male',
        age: 34,
        accountDetailDtoList: [
          {
            bankName: 'Zenith Bank',
            accountName: 'Emeka Nwosu',
            accountNumber: '0123456789',
            currency: 'Naira',
          },
        ],
      },
    ]);
  });

  it('shows the saved account and the generic message when saving fails', async () => {
    const account = {
      bankName: 'GTBank',
      accountName: 'Emeka',
      accountNumber: '0011223344',
      currency: 'USD',
    };
    mockApi((path) =>
      path === '/staff/staffid'
        ? { body: { responseDto: ok, staffDto: { ...staffDto, accountDetailDtoList: [account] } } }
        : { status: 500, body: { responseDto: { code: 'dk96', message: 'boom' } } },
    );
    renderWithApp(<Settings />);
    expect(await screen.findByLabelText('Bank name')).toHaveValue('GTBank');
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });
});

describe('/tutor/change-password', () => {
  /** Types the old password, the new one and its confirmation, then submits. */
  async function submitPasswords(oldPassword: string, newPassword: string, confirm: string) {
    await userEvent.type(screen.getByLabelText('Old password'), oldPassword);
    await userEvent.type(screen.getByLabelText('New password'), newPassword);
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('checks the new passwords match, then changes it', async () => {
    const calls: unknown[] = [];
    mockApi((path, init) => {
      calls.push([path, init.json]);
      return { body: { responseDto: ok, token: 'fresh.token.value' } };
    });
    renderWithApp(<ChangePassword />);
    await submitPasswords('OldPass123!', 'NewPass123!', 'NewPass124!');
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'NewPass123!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(calls).toEqual([
      [
        '/staff/changepassword',
        { oldPassword: 'OldPass123!', newPassword: 'NewPass123!', confirmPassword: 'NewPass123!' },
      ],
    ]);
    expect(screen.getByLabelText('Old password')).toHaveValue('');
    // The server retired the old token; the fresh one keeps the tutor logged in.
    expect(localStorage.getItem('token')).toBe('fresh.token.value');
  });

  it('shows the generic message when the server fails', async () => {
    mockApi(() => ({ status: 500, body: {} }));
    renderWithApp(<ChangePassword />);
    await submitPasswords('OldPass123!', 'NewPass123!', 'NewPass123!');
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });
});
