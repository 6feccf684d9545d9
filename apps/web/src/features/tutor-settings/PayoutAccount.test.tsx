import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNKNOWN_ACCOUNT_MESSAGE } from '@app/contract/payouts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
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
const banks = [
  { name: 'Access Bank', code: '044' },
  { name: 'Zenith Bank', code: '057' },
];
const saved = {
  bankCode: '057',
  bankName: 'Zenith Bank',
  accountNumber: '******6789',
  accountName: 'EMEKA NWOSU',
  holdUntil: '2099-01-02T10:00:00.000Z',
  splitActive: false,
};

type Call = [method: string, path: string, body: unknown];

/** The tutor's API: no payout account at first; `resolve` answers the bank check. */
function tutorApi(resolve: (body: { accountNumber: string }) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  mockApi((path, init) => {
    const method = init.method ?? 'GET';
    calls.push([method, path, init.json]);
    if (path === '/staff/staffid') return { body: { responseDto: ok, staffDto } };
    if (path === '/bank/list') return { body: { responseDto: ok, banks } };
    if (path === '/bank/resolve') return resolve(init.json as { accountNumber: string });
    if (path === '/staff/payoutaccount/code') return { body: { responseDto: ok } };
    if (path === '/staff/payoutaccount/current') return { body: { responseDto: ok, payoutAccount: null } };
    // The answer to a save is the tutor's own confirmation: the full number.
    if (path === '/staff/payoutaccount')
      return { body: { responseDto: ok, payoutAccount: { ...saved, accountNumber: '0123456789' } } };
    return { status: 404, body: {} };
  });
  return calls;
}

const payoutSection = async () =>
  within((await screen.findByRole('heading', { name: 'Payout account' })).closest('section')!);

freshEachTest({ session: 'tutor' });

describe('/tutor/settings payout account', () => {
  it('checks the fields inline before asking the bank', async () => {
    const calls = tutorApi(() => ({ body: { responseDto: ok, accountName: 'X' } }));
    renderWithApp(<Settings />);
    const section = await payoutSection();
    await section.findByRole('option', { name: 'Zenith Bank' });
    await userEvent.click(section.getByRole('button', { name: 'Check account' }));
    expect(await section.findByText('Choose a bank')).toBeInTheDocument();
    expect(section.getByText('Account number is required')).toBeInTheDocument();
    await userEvent.type(section.getByLabelText('Account no. (10 digits)'), '12345');
    await userEvent.click(section.getByRole('button', { name: 'Check account' }));
    expect(
      await section.findByText('The account number must be exactly 10 digits (NUBAN).'),
    ).toBeInTheDocument();
    expect(section.getByLabelText('Account no. (10 digits)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter(([, path]) => path === '/bank/resolve')).toHaveLength(0);
  });

  it("shows the bank's refusal under the number", async () => {
    tutorApi(() => ({
      status: 400,
      body: { responseDto: { code: 'dk96', message: UNKNOWN_ACCOUNT_MESSAGE } },
    }));
    renderWithApp(<Settings />);
    const section = await payoutSection();
    await section.findByRole('option', { name: 'Access Bank' });
    await userEvent.selectOptions(section.getByLabelText('Bank'), 'Access Bank');
    await userEvent.type(section.getByLabelText('Account no. (10 digits)'), '0123450000');
    await userEvent.click(section.getByRole('button', { name: 'Check account' }));
    expect(await section.findByRole('alert')).toHaveTextContent(UNKNOWN_ACCOUNT_MESSAGE);
    expect(section.queryByRole('button', { name: 'Send me a code' })).not.toBeInTheDocument();
  });

  it('resolves the name, sends a code, then saves with the code and password and shows the hold', async () => {
    const calls = tutorApi(() => ({ body: { responseDto: ok, accountName: 'EMEKA NWOSU' } }));
    renderWithApp(<Settings />);
    const section = await payoutSection();
    expect(
      await section.findByText('You have no payout account yet. Add one to get paid.'),
    ).toBeInTheDocument();
    await section.findByRole('option', { name: 'Zenith Bank' });
    await userEvent.selectOptions(section.getByLabelText('Bank'), 'Zenith Bank');
    await userEvent.type(section.getByLabelText('Account no. (10 digits)'), '0123456789');
    await userEvent.click(section.getByRole('button', { name: 'Check account' }));

    expect(await section.findByText('EMEKA NWOSU')).toBeInTheDocument();
    expect(section.getByText('Zenith Bank · 0123456789')).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Send me a code' }));
    expect(
      await section.findByText('We emailed you a 6-digit code. It works once, for 10 minutes.'),
    ).toBeInTheDocument();

    // The code step validates before it sends.
    await userEvent.type(section.getByLabelText('Code from the email'), '12a');
    await userEvent.click(section.getByRole('button', { name: 'Save payout account' }));
    expect(await section.findByText('The code has 6 digits')).toBeInTheDocument();
    expect(section.getByText('Your password is required')).toBeInTheDocument();

    await userEvent.clear(section.getByLabelText('Code from the email'));
    await userEvent.type(section.getByLabelText('Code from the email'), '482913');
    await userEvent.type(section.getByLabelText('Current password'), 'Tutor1234!');
    await userEvent.click(section.getByRole('button', { name: 'Save payout account' }));

    expect(await screen.findByText('Payout account saved.')).toBeInTheDocument();
    expect(await section.findByText('******6789')).toBeInTheDocument();
    expect(section.getByRole('status')).toHaveTextContent(/^Payouts to this account start on .*2099/);
    expect(section.getByRole('status')).toHaveTextContent('your share of new sales is owed to you');
    expect(calls.filter(([method]) => method === 'POST').map(([, path, body]) => [path, body])).toEqual([
      ['/bank/resolve', { bankCode: '057', accountNumber: '0123456789' }],
      ['/staff/payoutaccount/code', {}],
      [
        '/staff/payoutaccount',
        { bankCode: '057', accountNumber: '0123456789', code: '482913', password: 'Tutor1234!' },
      ],
    ]);
  });

  it('shows a saved account masked, and keeps the unverified bank details form apart', async () => {
    mockApi((path) => {
      if (path === '/staff/staffid') return { body: { responseDto: ok, staffDto } };
      if (path === '/staff/payoutaccount/current')
        return { body: { responseDto: ok, payoutAccount: { ...saved, holdUntil: null, splitActive: true } } };
      return { body: { responseDto: ok, banks } };
    });
    renderWithApp(<Settings />);
    const section = await payoutSection();
    expect(await section.findByText('******6789')).toBeInTheDocument();
    expect(
      section.getByText('Your share of each new sale goes straight to this account when the student pays.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bank details (not used for payouts)' })).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Change payout account' }));
    expect(await section.findByRole('button', { name: 'Check account' })).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Cancel' }));
    expect(section.getByText('******6789')).toBeInTheDocument();
  });
});
