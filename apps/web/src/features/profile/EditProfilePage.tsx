import { useForm } from 'react-hook-form';
import { Link } from '@/components/Link.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ZEmail, ZUserUpdateRequest, type TUserDto } from '@app/contract/accounts';
import { useUserCourses } from '@/lib/queries/user-courses.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { genericError, refusalReason } from '@/components/auth/auth-messages.ts';
import { TextField } from '@/components/form/FormField.tsx';
import { updateIdentity } from '@/lib/session.ts';
import './profile.css';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { QaEmailsToggle } from '@/components/qa/QaEmailsToggle.tsx';
import { LanguagePicker } from '@/components/frame/LanguagePicker.tsx';
import { t as translate, useT } from '@/lib/i18n/index.ts';

/** The one message for empty required fields, in the active language when the form is checked. */
const FILL_ALL_FIELDS = () => translate('auth.form.fillAll');

const filled = z.string().trim().min(1, { error: FILL_ALL_FIELDS });
const shape = ZUserUpdateRequest.shape;
// Empty required fields give the spec's one message; anything else uses the contract's rules.
const ZProfileForm = z.object({
  fullName: filled.pipe(shape.fullName),
  phoneNumber: filled.pipe(shape.phoneNumber),
  email: filled.pipe(ZEmail),
  userName: z
    .string()
    .trim()
    .max(100, { error: () => translate('profile.userNameMax', { max: 100 }) }),
});
type TProfileForm = z.input<typeof ZProfileForm>;

/** `/edit-profile`: the student's name, phone, email and user name. */
export function EditProfilePage() {
  const t = useT();
  const query = useUserCourses();
  return (
    <div className="page">
      <div className="form-card profile-card">
        <h1>{t('profile.title')}</h1>
        {query.isPending ? (
          <p className="page-loading">{t('common.loading')}</p>
        ) : query.isError ? (
          <div role="alert">
            <p className="error-text">{t('profile.loadFailed')}</p>
            <button type="button" className="btn" onClick={() => void query.refetch()}>
              {t('common.tryAgain')}
            </button>
          </div>
        ) : (
          <ProfileForm user={query.data.userDto} />
        )}
        <LanguagePicker className="profile-language" showLabel />
        <QaEmailsToggle />
        <p className="profile-security-link">
          <Link to="/account-security">{t('security.title')}</Link>: {t('profile.securityText')}
        </p>
        <p className="profile-security-link">
          <Link to="/home/payment-methods">{t('savedCards.title')}</Link>: {t('profile.savedCardsText')}
        </p>
      </div>
    </div>
  );
}

function ProfileForm({ user }: { user: TUserDto }) {
  const t = useT();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    formState: { errors, dirtyFields },
  } = useForm<TProfileForm, unknown, z.output<typeof ZProfileForm>>({
    resolver: zodResolver(ZProfileForm),
    defaultValues: {
      fullName: user.fullName,
      phoneNumber: user.phoneNumber,
      email: user.email,
      userName: user.userName,
    },
  });

  const missing = Object.values(errors).some((e) => e?.message === FILL_ALL_FIELDS());
  // "Fill in all fields" shows once above the form, not under each empty field.
  const field = (name: keyof TProfileForm) => {
    const message = errors[name]?.message;
    return {
      invalid: !!errors[name],
      error: message === FILL_ALL_FIELDS() ? undefined : message,
      ...register(name),
    };
  };
  const reason = update.isError ? refusalReason(update.error) : null;

  const onSubmit = handleSubmit((values) => {
    // An untouched user name is left out, so one that was the old email follows a new email (server rule).
    const body = {
      ...values,
      userName: dirtyFields.userName && values.userName ? values.userName : undefined,
    };
    update.mutate(body, {
      onSuccess: (res) => {
        toast.success(translate('profile.updated'));
        updateIdentity({
          email: res.userDto.email,
          userName: res.userDto.userName,
          fullName: res.userDto.fullName,
        });
      },
      onError: () => toast.error(genericError()),
    });
  });

  return (
    <form className="form profile-form" onSubmit={onSubmit} noValidate>
      <FormAlert message={missing && FILL_ALL_FIELDS()} />
      <TextField
        id="profile-fullName"
        label={t('auth.field.fullName')}
        autoComplete="name"
        {...field('fullName')}
      />
      <TextField
        id="profile-phoneNumber"
        label={t('auth.field.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        {...field('phoneNumber')}
      />
      <TextField
        id="profile-email"
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        {...field('email')}
      />
      <TextField
        id="profile-userName"
        label={t('profile.userName')}
        autoComplete="username"
        {...field('userName')}
      />
      <FormAlert message={reason} className="field-error" />
      <button type="submit" className="btn" disabled={update.isPending}>
        {update.isPending ? t('auth.saving') : t('profile.save')}
      </button>
    </form>
  );
}
