import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale, t } from '@/lib/i18n/index.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

freshEachTest();
afterEach(() => activateLocale('en'));

const submit = () => userEvent.click(screen.getByRole('button', { name: t('auth.changePassword.title') }));

describe('ChangePasswordForm in Yorùbá', () => {
  it("shows the contract's messages and the server's refusal in Yorùbá", async () => {
    await activateLocale('yo');
    mockApi(() => ({
      status: 400,
      body: { responseDto: { code: 'dk96', message: 'Your old password is not correct.' } },
    }));
    renderWithApp(<ChangePasswordForm role="user" />);

    // The contract's schema says 'Old password is required' and 'New passwords do not match' (docs/i18n.md).
    await userEvent.type(screen.getByLabelText(t('auth.field.newPassword')), 'NewPass123!');
    await userEvent.type(screen.getByLabelText(t('auth.changePassword.confirm')), 'Other123!');
    await submit();
    expect(await screen.findByText('A nílò ọ̀rọ̀ aṣínà àtijọ́')).toBeInTheDocument();
    expect(screen.getByText('Àwọn ọ̀rọ̀ aṣínà tuntun kò bára mu')).toBeInTheDocument();
    expect(screen.queryByText('Old password is required')).toBeNull();

    // The server refuses in English; the form shows the web's Yorùbá for that sentence.
    await userEvent.type(screen.getByLabelText(t('auth.changePassword.old')), 'wrong');
    await userEvent.clear(screen.getByLabelText(t('auth.changePassword.confirm')));
    await userEvent.type(screen.getByLabelText(t('auth.changePassword.confirm')), 'NewPass123!');
    await submit();
    expect(await screen.findByText('Ọ̀rọ̀ aṣínà àtijọ́ rẹ kò tọ́.')).toBeInTheDocument();
    expect(screen.queryByText('Your old password is not correct.')).toBeNull();
  });

  it('shows them in English as they are', async () => {
    mockApi(() => ({
      status: 400,
      body: { responseDto: { code: 'dk96', message: 'Your old password is not correct.' } },
    }));
    renderWithApp(<ChangePasswordForm role="user" />);
    await submit();
    expect(await screen.findByText('Old password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Old password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New password'), 'NewPass123!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'NewPass123!');
    await submit();
    expect(await screen.findByText('Your old password is not correct.')).toBeInTheDocument();
  });
});
