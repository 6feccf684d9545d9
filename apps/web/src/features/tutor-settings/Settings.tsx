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
import { GENERIC_ERROR } from '@/lib/messages.ts';
import { QaEmailsToggle } from '@/components/qa/QaEmailsToggle.tsx';

export const SETTINGS_SAVED = 'Account details saved successfully!';

// An empty account number or an unchosen currency reads as missing rather than as a wrong value.
const ZBankForm = ZAccountDetail.extend({
  accountNumber: z
    .string()
    .trim()
    .min(1, { error: 'Account number is required' })
    .pipe(ZAccountDetail.shape.accountNumber),
  currency: z.enum(BANK_CURRENCIES, { error: 'Currency is required' }),
});
type BankForm = z.input<typeof ZBankForm>;

/**
 * `/tutor/settings`: the verified payout account earnings are paid to, and the spec's bank details, which stay on
 * the profile but are never paid to.
 */
export default function Settings() {
  const staff = useStaff();
  return (
    <section className="tutor-page">
      <h1>Settings</h1>
      {staff.isPending && <p className="page-loading">Loading...</p>}
      {staff.isError && (
        <p className="empty-state" role="alert">
          Unable to get your details at the moment, please try again later
        </p>
      )}
      <PayoutAccountSection />
      {staff.data && <BankDetailsForm staff={staff.data.staffDto} />}
      <QaEmailsToggle />
    </section>
  );
}

function BankDetailsForm({ staff }: { staff: TStaffDto }) {
  const first = staff.accountDetailDtoList[0];
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BankForm, unknown, TAccountDetail>({
    resolver: zodResolver(ZBankForm),
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
        onSuccess: () => toast.success(SETTINGS_SAVED),
        onError: (err) =>
          toast.error(err instanceof ApiError && err.status === 400 ? err.message : GENERIC_ERROR),
      },
    ),
  );

  return (
    <form className="form form-card settings-form" onSubmit={submit} noValidate>
      <h2>Bank details (not used for payouts)</h2>
      <p className="muted">
        These details stay on your profile. Payouts go only to the checked payout account above.
      </p>
      <TextField id="bank-name" label="Bank name" {...field('bankName')} />
      <TextField id="account-name" label="Account name" {...field('accountName')} />
      <TextField
        id="account-number"
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        {...field('accountNumber')}
      />
      <SelectField id="currency" label="Currency" {...field('currency')}>
        <Options placeholder="Select currency" items={BANK_CURRENCIES} />
      </SelectField>
      <button type="submit" className="btn" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
