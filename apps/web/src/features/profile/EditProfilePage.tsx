import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ZEmail, ZUserUpdateRequest, type TUserDto } from '@app/contract/accounts';
import { useProfile } from './api/profile.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { GENERIC_ERROR, refusalReason } from '../../components/auth/auth-messages.ts';
import { TextField } from '../../components/form/FormField.tsx';
import { updateIdentity } from '../../lib/session.ts';
import './profile.css';

export const FILL_ALL_FIELDS = 'Please fill in all fields.';
export const PROFILE_UPDATED = 'Profile updated successfully!';

const filled = z.string().trim().min(1, { error: FILL_ALL_FIELDS });
const shape = ZUserUpdateRequest.shape;
// Empty required fields give the spec's one message; anything else uses the contract's rules.
const ZProfileForm = z.object({
  fullName: filled.pipe(shape.fullName),
  phoneNumber: filled.pipe(shape.phoneNumber),
  email: filled.pipe(ZEmail),
  userName: z.string().trim().max(100, { error: 'User name must be at most 100 characters' }),
});
type TProfileForm = z.input<typeof ZProfileForm>;

/** `/edit-profile`: the student's name, phone, email and user name. */
export function EditProfilePage() {
  const query = useProfile();
  return (
    <div className="page">
      <div className="form-card profile-card">
        <h1>Edit profile</h1>
        {query.isPending ? (
          <p className="page-loading">Loading...</p>
        ) : query.isError ? (
          <div role="alert">
            <p className="error-text">We could not load your profile. Please try again.</p>
            <button type="button" className="btn" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <ProfileForm user={query.data.userDto} />
        )}
      </div>
    </div>
  );
}

function ProfileForm({ user }: { user: TUserDto }) {
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

  const missing = Object.values(errors).some((e) => e?.message === FILL_ALL_FIELDS);
  // "Fill in all fields" shows once above the form, not under each empty field.
  const fieldError = (message: string | undefined) => (message === FILL_ALL_FIELDS ? undefined : message);
  const reason = update.isError ? refusalReason(update.error) : null;

  const onSubmit = handleSubmit((values) => {
    // An untouched user name is left out, so one that was the old email follows a new email (server rule).
    const body = {
      ...values,
      userName: dirtyFields.userName && values.userName ? values.userName : undefined,
    };
    update.mutate(body, {
      onSuccess: (res) => {
        toast.success(PROFILE_UPDATED);
        updateIdentity({ email: res.userDto.email, userName: res.userDto.userName });
      },
      onError: () => toast.error(GENERIC_ERROR),
    });
  });

  return (
    <form className="form profile-form" onSubmit={onSubmit} noValidate>
      {missing && (
        <p className="field-error form-alert" role="alert">
          {FILL_ALL_FIELDS}
        </p>
      )}
      <TextField
        id="profile-fullName"
        label="Full name"
        autoComplete="name"
        invalid={!!errors.fullName}
        error={fieldError(errors.fullName?.message)}
        {...register('fullName')}
      />
      <TextField
        id="profile-phoneNumber"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        invalid={!!errors.phoneNumber}
        error={fieldError(errors.phoneNumber?.message)}
        {...register('phoneNumber')}
      />
      <TextField
        id="profile-email"
        label="Email"
        type="email"
        autoComplete="email"
        invalid={!!errors.email}
        error={fieldError(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        id="profile-userName"
        label="User name"
        autoComplete="username"
        invalid={!!errors.userName}
        error={fieldError(errors.userName?.message)}
        {...register('userName')}
      />
      {reason && (
        <p className="field-error" role="alert">
          {reason}
        </p>
      )}
      <button type="submit" className="btn" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save changes'}
      </button>
    </form>
  );
}
