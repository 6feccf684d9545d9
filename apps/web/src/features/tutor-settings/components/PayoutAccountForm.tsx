import { useMemo, useState } from 'react';
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
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useResolveAccount } from '../api/bank-resolve.ts';
import { useBanks } from '../api/bank-list.ts';
import { useSendPayoutCode } from '../api/payout-code.ts';
import { useSetPayoutAccount } from '../api/set-payout-account.ts';
import { useTwoFactorOn } from '../api/two-factor-status.ts';
import { useT, type Translate } from '@/lib/i18n/index.ts';

// An unchosen bank or an empty number reads as missing rather than as a wrong value.
const detailsForm = (t: Translate) =>
  z.object({
    bankCode: z
      .string()
      .min(1, { error: t('tutorSettings.payout.chooseBank') })
      .pipe(ZBankResolveRequest.shape.bankCode),
    accountNumber: z
      .string()
      .trim()
      .min(1, { error: t('tutorSettings.bank.numberRequired') })
      .pipe(ZBankResolveRequest.shape.accountNumber),
  });
type DetailsForm = z.input<ReturnType<typeof detailsForm>>;
type Details = z.output<ReturnType<typeof detailsForm>>;
/** What the tutor confirmed: the numbers, the bank's name and the holder's name the bank answered. */
type Resolved = Details & { bankName: string; accountName: string };

const ZConfirmForm = ZPayoutAccountRequest.pick({ code: true, password: true, totp: true });
type ConfirmForm = z.input<typeof ZConfirmForm>;
/** With two-factor sign-in on, the authenticator's code (or a recovery code) is required too. */
const confirmWithApp = (t: Translate) =>
  ZConfirmForm.extend({
    totp: ZPayoutAccountRequest.shape.totp.unwrap().min(1, { error: t('tutorSettings.payout.totpRequired') }),
  });

/**
 * Setting the payout account, in three steps: the bank and number, checked with the bank (its holder's name shown
 * for confirmation); then a code emailed to the tutor; then that code and the current password save it (with the
 * authenticator's code too when the tutor has two-factor sign-in on).
 */
export function PayoutAccountForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const t = useT();
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
        <p className="muted">{t('tutorSettings.payout.belongsTo')}</p>
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
  const t = useT();
  const schema = useMemo(() => detailsForm(t), [t]);
  const banks = useBanks();
  const resolve = useResolveAccount();
  const [failure, setFailure] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DetailsForm, unknown, Details>({
    resolver: zodResolver(schema),
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
          : setFailure(t('tutorSettings.payout.bankUnreachable')),
    });
  });

  return (
    <form className="form payout-form" onSubmit={submit} noValidate>
      <SelectField
        id="payout-bank"
        label={t('tutorSettings.payout.bank')}
        disabled={!banks.data}
        note={
          banks.isError && (
            <p className="field-error" role="alert">
              {t('tutorSettings.payout.banksFailed')}{' '}
              <button type="button" className="link-button" onClick={() => void banks.refetch()}>
                {t('common.tryAgain')}
              </button>
            </p>
          )
        }
        {...field('bankCode')}
      >
        <Options
          placeholder={
            banks.isPending ? t('tutorSettings.payout.loadingBanks') : t('tutorSettings.payout.selectBank')
          }
          items={(banks.data ?? []).map((b) => ({ code: b.code, description: b.name }))}
        />
      </SelectField>
      <TextField
        id="payout-account-number"
        // Not "Account number": that label belongs to the spec's unverified bank details form below.
        label={t('tutorSettings.payout.accountNo')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        alert
        {...field('accountNumber')}
      />
      <FormAlert message={failure} />
      <div className="row-actions">
        <button type="submit" className="btn" disabled={resolve.isPending}>
          {resolve.isPending ? t('tutorSettings.payout.checking') : t('tutorSettings.payout.check')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t('tutorSettings.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function SendCodeStep({ onSent, onBack }: { onSent: () => void; onBack: () => void }) {
  const t = useT();
  const send = useSendPayoutCode();
  return (
    <div className="payout-form">
      <p>{t('tutorSettings.payout.sendIntro')}</p>
      {send.isError && <FormAlert message={refusalMessage(send.error, genericError())} />}
      <div className="row-actions">
        <button
          type="button"
          className="btn"
          disabled={send.isPending}
          onClick={() => send.mutate(undefined, { onSuccess: onSent })}
        >
          {send.isPending ? t('common.sending') : t('tutorSettings.payout.sendCode')}
        </button>
        <button type="button" className="btn btn-outline" onClick={onBack}>
          {t('tutorSettings.payout.changeDetails')}
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
  const t = useT();
  const withApp = useMemo(() => confirmWithApp(t), [t]);
  const save = useSetPayoutAccount();
  const resend = useSendPayoutCode();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ConfirmForm, unknown, z.output<typeof ZConfirmForm>>({
    resolver: zodResolver(appCode ? withApp : ZConfirmForm),
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
          toast.success(t('tutorSettings.payout.saved'));
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
      <p role="status">
        {resend.isSuccess ? t('tutorSettings.payout.newCodeSent') : t('tutorSettings.payout.codeSent')}
      </p>
      <TextField
        id="payout-code"
        label={t('tutorSettings.payout.emailCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...field('code')}
      />
      <TextField
        id="payout-password"
        label={t('tutorSettings.payout.password')}
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      {appCode && (
        <TextField
          id="payout-totp"
          label={t('tutorSettings.payout.totp')}
          // Not a number pad: a recovery code has letters.
          autoComplete="one-time-code"
          maxLength={40}
          // The hint describes the field; the error message, when there is one, too.
          aria-describedby={errors.totp ? 'payout-totp-error payout-totp-hint' : 'payout-totp-hint'}
          note={
            <span className="muted payout-hint" id="payout-totp-hint">
              {t('tutorSettings.payout.totpHint')}
            </span>
          }
          {...field('totp')}
        />
      )}
      {save.isError && <FormAlert message={refusalMessage(save.error, genericError())} />}
      {resend.isError && <FormAlert message={refusalMessage(resend.error, genericError())} />}
      <div className="row-actions">
        <button type="submit" className="btn" disabled={save.isPending}>
          {save.isPending ? t('tutorSettings.saving') : t('tutorSettings.payout.save')}
        </button>
        <button type="button" className="btn btn-outline" onClick={onBack}>
          {t('tutorSettings.payout.changeDetails')}
        </button>
      </div>
      <button
        type="button"
        className="link-button payout-resend"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {t('tutorSettings.payout.resend')}
      </button>
    </form>
  );
}
