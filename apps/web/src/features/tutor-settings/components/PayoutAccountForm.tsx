import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ZBankResolveRequest, ZPayoutAccountRequest } from '@app/contract/payouts';
import { fieldOf } from '@/components/form/field-of.ts';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SelectField, TextField } from '@/components/form/FormField.tsx';
import { Options } from '@/components/form/options.tsx';
import { ApiError } from '@/lib/api.ts';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useResolveAccount } from '../api/bank-resolve.ts';
import { useBanks } from '../api/bank-list.ts';
import { useSendPayoutCode } from '../api/payout-code.ts';
import { useSetPayoutAccount } from '../api/set-payout-account.ts';
import { useTwoFactorOn } from '../api/two-factor-status.ts';

export const PAYOUT_SAVED = 'Payout account saved.';
export const CODE_SENT = 'We emailed you a 6-digit code. It works once, for 10 minutes.';
const BANK_UNREACHABLE = 'We could not check the account with the bank just now. Please try again.';

// An unchosen bank or an empty number reads as missing rather than as a wrong value.
const ZDetailsForm = z.object({
  bankCode: z.string().min(1, { error: 'Choose a bank' }).pipe(ZBankResolveRequest.shape.bankCode),
  accountNumber: z
    .string()
    .trim()
    .min(1, { error: 'Account number is required' })
    .pipe(ZBankResolveRequest.shape.accountNumber),
});
type DetailsForm = z.input<typeof ZDetailsForm>;
type Details = z.output<typeof ZDetailsForm>;
/** What the tutor confirmed: the numbers, the bank's name and the holder's name the bank answered. */
type Resolved = Details & { bankName: string; accountName: string };

const ZConfirmForm = ZPayoutAccountRequest.pick({ code: true, password: true, totp: true });
type ConfirmForm = z.input<typeof ZConfirmForm>;
/** With two-factor sign-in on, the authenticator's code (or a recovery code) is required too. */
const ZConfirmWithApp = ZConfirmForm.extend({
  totp: ZPayoutAccountRequest.shape.totp
    .unwrap()
    .min(1, { error: 'Enter the code from your authenticator app, or a recovery code' }),
});

/**
 * Setting the payout account, in three steps: the bank and number, checked with the bank (its holder's name shown
 * for confirmation); then a code emailed to the tutor; then that code and the current password save it (with the
 * authenticator's code too when the tutor has two-factor sign-in on).
 */
export function PayoutAccountForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const [resolved, setResolved] = useState<Resolved | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  // Asked as the form opens, so the code step knows at once whether it needs the app's code.
  const twoFactor = useTwoFactorOn();
  const back = () => {
    setResolved(null);
    setCodeSent(false);
  };
  if (!resolved) return <DetailsStep onResolved={setResolved} onCancel={onCancel} />;
  return (
    <div className="payout-steps">
      <div className="payout-confirm" aria-live="polite">
        <p className="muted">The bank says this account belongs to:</p>
        <p className="payout-name">{resolved.accountName}</p>
        <p className="muted">
          {resolved.bankName} · {resolved.accountNumber}
        </p>
      </div>
      {codeSent ? (
        <CodeStep
          account={resolved}
          appCode={twoFactor.data === true}
          onRefused={() => void twoFactor.refetch()}
          onDone={onDone}
          onBack={back}
        />
      ) : (
        <SendCodeStep onSent={() => setCodeSent(true)} onBack={back} />
      )}
    </div>
  );
}

function DetailsStep({ onResolved, onCancel }: { onResolved: (r: Resolved) => void; onCancel?: () => void }) {
  const banks = useBanks();
  const resolve = useResolveAccount();
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DetailsForm, unknown, Details>({
    resolver: zodResolver(ZDetailsForm),
    defaultValues: { bankCode: '', accountNumber: '' },
  });
  const field = fieldOf(register, errors);

  const submit = handleSubmit((details) => {
    setFailure('');
    resolve.mutate(details, {
      onSuccess: ({ accountName }) => {
        const bankName = banks.data?.find((b) => b.code === details.bankCode)?.name ?? details.bankCode;
        onResolved({ ...details, bankName, accountName });
      },
      // A refusal (unknown account, a number that is not a NUBAN, too many checks) belongs to the number.
      onError: (err) =>
        err instanceof ApiError && err.status >= 400 && err.status < 500
          ? setError('accountNumber', { message: err.message })
          : setFailure(BANK_UNREACHABLE),
    });
  });

  return (
    <form className="form payout-form" onSubmit={submit} noValidate>
      <SelectField
        id="payout-bank"
        label="Bank"
        disabled={!banks.data}
        note={
          banks.isError && (
            <p className="field-error" role="alert">
              The list of banks could not be loaded.{' '}
              <button type="button" className="link-button" onClick={() => void banks.refetch()}>
                Try again
              </button>
            </p>
          )
        }
        {...field('bankCode')}
      >
        <Options
          placeholder={banks.isPending ? 'Loading banks...' : 'Select a bank'}
          items={(banks.data ?? []).map((b) => ({ code: b.code, description: b.name }))}
        />
      </SelectField>
      <TextField
        id="payout-account-number"
        // Not "Account number": that label belongs to the spec's unverified bank details form below.
        label="Account no. (10 digits)"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        alert
        {...field('accountNumber')}
      />
      <FormAlert message={failure} />
      <div className="row-actions">
        <button type="submit" className="btn" disabled={resolve.isPending}>
          {resolve.isPending ? 'Checking...' : 'Check account'}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function SendCodeStep({ onSent, onBack }: { onSent: () => void; onBack: () => void }) {
  const send = useSendPayoutCode();
  return (
    <div className="payout-form">
      <p>If this is your account, we will email you a code to confirm the change.</p>
      {send.isError && <FormAlert message={refusalMessage(send.error, GENERIC_ERROR)} />}
      <div className="row-actions">
        <button
          type="button"
          className="btn"
          disabled={send.isPending}
          onClick={() => send.mutate(undefined, { onSuccess: onSent })}
        >
          {send.isPending ? 'Sending...' : 'Send me a code'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onBack}>
          Change details
        </button>
      </div>
    </div>
  );
}

function CodeStep({
  account,
  appCode,
  onRefused,
  onDone,
  onBack,
}: {
  account: Resolved;
  /** Two-factor sign-in is on: the authenticator's code is asked for and sent as `totp`. */
  appCode: boolean;
  /** A refused save: the status is asked again, in case two-factor sign-in was turned on meanwhile. */
  onRefused: () => void;
  onDone: () => void;
  onBack: () => void;
}) {
  const save = useSetPayoutAccount();
  const resend = useSendPayoutCode();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ConfirmForm, unknown, z.output<typeof ZConfirmForm>>({
    resolver: zodResolver(appCode ? ZConfirmWithApp : ZConfirmForm),
    defaultValues: { code: '', password: '', totp: '' },
  });
  const field = fieldOf(register, errors);

  const submit = handleSubmit(({ code, password, totp }) =>
    save.mutate(
      {
        bankCode: account.bankCode,
        accountNumber: account.accountNumber,
        code,
        password,
        ...(appCode && totp ? { totp } : {}),
      },
      {
        onSuccess: () => {
          toast.success(PAYOUT_SAVED);
          onDone();
        },
        onError: () => {
          if (!appCode) onRefused();
        },
      },
    ),
  );

  return (
    <form className="form payout-form" onSubmit={submit} noValidate>
      <p role="status">{resend.isSuccess ? 'We emailed you a new code.' : CODE_SENT}</p>
      <TextField
        id="payout-code"
        label="Code from the email"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...field('code')}
      />
      <TextField
        id="payout-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      {appCode && (
        <TextField
          id="payout-totp"
          label="Authenticator code"
          // Not a number pad: a recovery code has letters.
          autoComplete="one-time-code"
          maxLength={40}
          // The hint describes the field; the error message, when there is one, too.
          aria-describedby={errors.totp ? 'payout-totp-error payout-totp-hint' : 'payout-totp-hint'}
          note={
            <span className="muted payout-hint" id="payout-totp-hint">
              The 6-digit code from your authenticator app, or a recovery code.
            </span>
          }
          {...field('totp')}
        />
      )}
      {save.isError && <FormAlert message={refusalMessage(save.error, GENERIC_ERROR)} />}
      {resend.isError && <FormAlert message={refusalMessage(resend.error, GENERIC_ERROR)} />}
      <div className="row-actions">
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save payout account'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onBack}>
          Change details
        </button>
      </div>
      <button
        type="button"
        className="link-button payout-resend"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        Send a new code
      </button>
    </form>
  );
}
