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
type Answer = { status?: number; body: unknown };

// The answer to a save is the tutor's own confirmation: the full number.
const savedAnswer = { body: { responseDto: ok, payoutAccount: { ...saved, accountNumber: '0123456789' } } };
const refused = (message: string) => ({ status: 400, body: { responseDto: { code: 'dk96', message } } });
// The API's words (apps/api/src/commands/payout-account.ts, two-factor.ts).
const APP_CODE_MISSING =
  'Enter the 6-digit code from your authenticator app: two-factor sign-in is on for your account.';
const APP_CODE_WRONG =
  'The code is not correct. Enter the 6-digit code your app shows now, or a recovery code.';

/**
 * The tutor's API: no payout account at first; `resolve` answers the bank check, `twoFactor` whether two-factor
 * sign-in is on (asked anew each time), `save` the save (by default the saved account).
 */
function tutorApi(
  resolve: (body: { accountNumber: string }) => Answer,
  {
    twoFactor = () => false,
    save = () => savedAnswer,
  }: { twoFactor?: () => boolean; save?: () => Answer } = {},
) {
  const calls: Call[] = [];
  mockApi((path, init) => {
    const method = init.method ?? 'GET';
    calls.push([method, path, init.json]);
    if (path === '/staff/staffid') return { body: { responseDto: ok, staffDto } };
    if (path === '/2fa/status')
      return { body: { responseDto: ok, enabled: twoFactor(), required: false, recoveryCodesLeft: 10 } };
    if (path === '/bank/list') return { body: { responseDto: ok, banks } };
    if (path === '/bank/resolve') return resolve(init.json as { accountNumber: string });
    if (path === '/staff/payoutaccount/code') return { body: { responseDto: ok } };
    if (path === '/staff/payoutaccount/current') return { body: { responseDto: ok, payoutAccount: null } };
    if (path === '/staff/payoutaccount') return save();
    return { status: 404, body: {} };
  });
  return calls;
}

const payoutSection = async () =>
  within((await screen.findByRole('heading', { name: 'Payout account' })).closest('section')!);

/** Picks Zenith Bank and 0123456789, checks it with the bank and asks for the emailed code. */
async function toCodeStep(section: ReturnType<typeof within>) {
  await section.findByRole('option', { name: 'Zenith Bank' });
  await userEvent.selectOptions(section.getByLabelText('Bank'), 'Zenith Bank');
  await userEvent.type(section.getByLabelText('Account no. (10 digits)'), '0123456789');
  await userEvent.click(section.getByRole('button', { name: 'Check account' }));
  await userEvent.click(await section.findByRole('button', { name: 'Send me a code' }));
  await section.findByText('We emailed you a 6-digit code. It works once, for 10 minutes.');
}

const saves = (calls: Call[]) =>
  calls.filter(([, path]) => path === '/staff/payoutaccount').map(([, , b]) => b);
const resolveOk = () => ({ body: { responseDto: ok, accountName: 'EMEKA NWOSU' } });

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

    // Two-factor sign-in is off: no authenticator code is asked for.
    expect(section.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
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
      ['/2fa/status', {}],
      ['/bank/resolve', { bankCode: '057', accountNumber: '0123456789' }],
      ['/staff/payoutaccount/code', {}],
      [
        '/staff/payoutaccount',
        { bankCode: '057', accountNumber: '0123456789', code: '482913', password: 'Tutor1234!' },
      ],
    ]);
  });

  it('with two-factor sign-in on, asks for the authenticator code, sends it and shows a refusal', async () => {
    const answers = [refused(APP_CODE_WRONG), savedAnswer];
    const calls = tutorApi(resolveOk, { twoFactor: () => true, save: () => answers.shift()! });
    renderWithApp(<Settings />);
    const section = await payoutSection();
    await toCodeStep(section);

    const appCode = await section.findByLabelText('Authenticator code');
    // A recovery code has letters, so the phone keeps its full keyboard.
    expect(appCode).not.toHaveAttribute('inputmode', 'numeric');
    expect(appCode).toHaveAttribute('autocomplete', 'one-time-code');
    expect(appCode).toHaveAccessibleDescription(
      'The 6-digit code from your authenticator app, or a recovery code.',
    );
    await userEvent.type(section.getByLabelText('Code from the email'), '482913');
    await userEvent.type(section.getByLabelText('Current password'), 'Tutor1234!');
    await userEvent.click(section.getByRole('button', { name: 'Save payout account' }));
    expect(
      await section.findByText('Enter the code from your authenticator app, or a recovery code'),
    ).toBeInTheDocument();
    expect(appCode).toHaveAttribute('aria-invalid', 'true');
    expect(saves(calls)).toHaveLength(0);

    await userEvent.type(appCode, '111111');
    await userEvent.click(section.getByRole('button', { name: 'Save payout account' }));
    expect(await section.findByRole('alert')).toHaveTextContent(APP_CODE_WRONG);
    await userEvent.clear(appCode);
    await userEvent.type(appCode, 'abcde-fghij');
    await userEvent.click(section.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText('Payout account saved.')).toBeInTheDocument();
    const body = { bankCode: '057', accountNumber: '0123456789', code: '482913', password: 'Tutor1234!' };
    expect(saves(calls)).toEqual([
      { ...body, totp: '111111' },
      { ...body, totp: 'abcde-fghij' },
    ]);
  });

  it('shows the refusal and then the field when two-factor sign-in was turned on after the form opened', async () => {
    let on = false;
    const answers = [refused(APP_CODE_MISSING), savedAnswer];
    const calls = tutorApi(resolveOk, { twoFactor: () => on, save: () => answers.shift()! });
    renderWithApp(<Settings />);
    const section = await payoutSection();
    await toCodeStep(section);
    on = true;
    expect(section.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
    await userEvent.type(section.getByLabelText('Code from the email'), '482913');
    await userEvent.type(section.getByLabelText('Current password'), 'Tutor1234!');
    await userEvent.click(section.getByRole('button', { name: 'Save payout account' }));
    expect(await section.findByRole('alert')).toHaveTextContent(APP_CODE_MISSING);
    await userEvent.type(await section.findByLabelText('Authenticator code'), '654321');
    await userEvent.click(section.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText('Payout account saved.')).toBeInTheDocument();
    expect(saves(calls).map((b) => (b as { totp?: string }).totp)).toEqual([undefined, '654321']);
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
