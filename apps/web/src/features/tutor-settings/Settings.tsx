import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { BANK_CURRENCIES, ZAccountDetail, type TAccountDetail, type TStaffDto } from '@app/contract/accounts';
import { fieldOf } from '@/components/form/field-of.ts';
import { SelectField, TextField } from '@/components/form/FormField.tsx';
import { Options } from '@/components/form/options.tsx';
import { ApiError } from '@/lib/api.ts';
import { useStaff } from './api/staff.ts';
import { useUpdateStaff } from './api/update-staff.ts';
import { PayoutAccountSection } from './components/PayoutAccountSection.tsx';
import './settings.css';
import { genericError } from '@/lib/messages.ts';
import { QaEmailsToggle } from '@/components/qa/QaEmailsToggle.tsx';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

// An empty account number or an unchosen currency reads as missing rather than as a wrong value.
const bankForm = (t: Translate) =>
  ZAccountDetail.extend({
    accountNumber: z
      .string()
      .trim()
      .min(1, { error: t('tutorSettings.bank.numberRequired') })
      .pipe(ZAccountDetail.shape.accountNumber),
    currency: z.enum(BANK_CURRENCIES, { error: t('tutorSettings.bank.currencyRequired') }),
  });
type BankForm = z.input<ReturnType<typeof bankForm>>;

/**
 * `/tutor/settings`: the verified payout account earnings are paid to, and the spec's bank details, which stay on
 * the profile but are never paid to.
 */
export default function Settings() {
  const t = useT();
  const staff = useStaff();
  return (
    <section className="tutor-page">
      <h1>{t('tutorSettings.title')}</h1>
      {staff.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {staff.isError && (
        <p className="empty-state" role="alert">
          {t('tutorSettings.loadFailed')}
        </p>
      )}
      <PayoutAccountSection />
      {staff.data && <BankDetailsForm staff={staff.data.staffDto} />}
      <QaEmailsToggle />
    </section>
  );
}

function BankDetailsForm({ staff }: { staff: TStaffDto }) {
  const t = useT();
  const schema = useMemo(() => bankForm(t), [t]);
  const first = staff.accountDetailDtoList[0];
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BankForm, unknown, TAccountDetail>({
    resolver: zodResolver(schema),
    defaultValues: {
      bankName: first?.bankName ?? '',
      accountName: first?.accountName ?? '',
      accountNumber: first?.accountNumber ?? '',
      currency: first?.currency ?? ('' as BankForm['currency']),
    },
  });
  const field = fieldOf(register, errors);
  const save = useUpdateStaff();

  const submit = handleSubmit((account) =>
    save.mutate(
      {
        fullName: staff.fullName,
        gender: staff.gender,
        age: staff.age,
        // The form edits the first account; any others are kept as they are.
        accountDetailDtoList: [account, ...staff.accountDetailDtoList.slice(1)],
      },
      {
        onSuccess: () => toast.success(t('tutorSettings.bank.saved')),
        onError: (err) =>
          toast.error(
            err instanceof ApiError && err.status === 400 ? translateRefusal(err.message) : genericError(),
          ),
      },
    ),
  );

  return (
    <form className="form form-card settings-form" onSubmit={submit} noValidate>
      <h2>{t('tutorSettings.bank.title')}</h2>
      <p className="muted">{t('tutorSettings.bank.intro')}</p>
      <TextField id="bank-name" label={t('tutorSettings.bank.bankName')} {...field('bankName')} />
      <TextField id="account-name" label={t('tutorSettings.bank.accountName')} {...field('accountName')} />
      <TextField
        id="account-number"
        label={t('tutorSettings.bank.accountNumber')}
        inputMode="numeric"
        autoComplete="off"
        {...field('accountNumber')}
      />
      <SelectField id="currency" label={t('tutorSettings.bank.currency')} {...field('currency')}>
        <Options
          placeholder={t('tutorSettings.bank.selectCurrency')}
          items={BANK_CURRENCIES.map((c) => ({
            code: c,
            description: c === 'Naira' ? t('tutorSettings.bank.naira') : c,
          }))}
        />
      </SelectField>
      <button type="submit" className="btn" disabled={save.isPending}>
        {save.isPending ? t('tutorSettings.saving') : t('tutorSettings.save')}
      </button>
    </form>
  );
}
