import { Link } from '@/components/Link.tsx';
import { GENDERS, TUTOR_CATEGORIES, type TStaffSignupRequest } from '@app/contract/accounts';
import { ROLE_TABLE } from '@app/contract/roles';
import { SelectField, TextField } from '@/components/form/FormField.tsx';
import { useSignUpTutor } from '@/lib/queries/signup.ts';
import { tutorFormatChecks } from './components/form-rules.ts';
import { accountRequest } from './components/AccountFields.tsx';
import { SignupForm } from './components/SignupForm.tsx';
import { useT } from '@/lib/i18n/index.ts';

/** The spec's categories and genders (the values sent) by the words shown. */
const CATEGORY_NAMES: Record<(typeof TUTOR_CATEGORIES)[number], string> = {
  'Website development': 'auth.tutorSignup.categoryWebsite',
  'Graphics Design': 'auth.tutorSignup.categoryGraphics',
};
const GENDER_NAMES: Record<(typeof GENDERS)[number], string> = {
  Male: 'auth.tutorSignup.male',
  Female: 'auth.tutorSignup.female',
};

/** /tutor-signup: a tutor account with category, gender, age and certificate, then the tutor login after 2 s. */
export default function TutorSignupPage() {
  const t = useT();
  const signup = useSignUpTutor();
  return (
    <SignupForm
      title={t('auth.tutorSignup.title')}
      idPrefix="tutor"
      extra={{ category: '', gender: '', age: '', certificateUrl: '' }}
      extraChecks={tutorFormatChecks}
      renderExtra={(register) => (
        <>
          <div className="form-row">
            <SelectField id="tutor-category" label={t('auth.tutorSignup.category')} {...register('category')}>
              <option value="">{t('auth.tutorSignup.chooseCategory')}</option>
              {TUTOR_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(CATEGORY_NAMES[c])}
                </option>
              ))}
            </SelectField>
            <SelectField id="tutor-gender" label={t('auth.tutorSignup.gender')} {...register('gender')}>
              <option value="">{t('auth.tutorSignup.choose')}</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(GENDER_NAMES[g])}
                </option>
              ))}
            </SelectField>
            <TextField
              id="tutor-age"
              label={t('auth.tutorSignup.age')}
              type="number"
              inputMode="numeric"
              min={16}
              max={100}
              {...register('age')}
            />
          </div>
          <TextField
            id="tutor-certificate"
            label={t('auth.tutorSignup.certificateUrl')}
            type="url"
            placeholder="https://..."
            {...register('certificateUrl')}
          />
        </>
      )}
      send={(v) =>
        signup.mutateAsync({
          ...accountRequest(v),
          category: v.category as TStaffSignupRequest['category'],
          gender: v.gender as TStaffSignupRequest['gender'],
          age: Number(v.age),
          certificateUrl: v.certificateUrl.trim(),
        })
      }
      busy={signup.isPending}
      done={signup.isSuccess}
      loginPath={ROLE_TABLE.tutor.login}
      links={
        <>
          {t('auth.tutorSignup.haveAccount')} <Link to="/tutor-login">{t('auth.loginLink')}</Link>
        </>
      }
    />
  );
}
