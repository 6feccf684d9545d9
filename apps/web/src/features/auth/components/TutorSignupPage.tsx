import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { GENDERS, TUTOR_CATEGORIES, type TStaffSignupRequest } from '@app/contract/accounts';
import { refusalMessage } from '../../../components/auth/auth-messages.ts';
import { FormAlert, firstError } from '../../../components/auth/FormAlert.tsx';
import { SelectField, TextField } from '../../../components/form/FormField.tsx';
import { useSignUpTutor } from '../api/signup.ts';
import { AccountFields } from './AccountFields.tsx';
import {
  ACCEPT_TERMS,
  blank,
  FILL_ALL,
  firstFailing,
  formatChecks,
  PASSWORDS_MISMATCH,
  tutorFormatChecks,
  SIGNUP_REDIRECT_MS,
} from './form-rules.ts';
import '../../../components/auth/auth.css';

const schema = z
  .object({
    fullName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    category: z.string(),
    gender: z.string(),
    age: z.string(),
    certificateUrl: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    terms: z.boolean(),
  })
  .superRefine((v, ctx) => {
    firstFailing(ctx, [
      [
        'fullName',
        [v.fullName, v.email, v.phoneNumber, v.category, v.gender, v.age, v.certificateUrl].some(blank) ||
          v.password === '' ||
          v.confirmPassword === '',
        FILL_ALL,
      ],
      ['confirmPassword', v.password !== v.confirmPassword, PASSWORDS_MISMATCH],
      ['terms', !v.terms, ACCEPT_TERMS],
      ...formatChecks(v),
      ...tutorFormatChecks(v),
    ]);
  });
type Values = z.infer<typeof schema>;
const ORDER = [
  'fullName',
  'confirmPassword',
  'terms',
  'email',
  'phoneNumber',
  'password',
  'age',
  'certificateUrl',
];

/** /tutor-signup: a tutor account with category, gender, age and certificate, then the tutor login after 2 s. */
export default function TutorSignupPage() {
  const navigate = useNavigate();
  const signup = useSignUpTutor();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      fullName: '',
      email: '',
      phoneNumber: '',
      category: '',
      gender: '',
      age: '',
      certificateUrl: '',
      password: '',
      confirmPassword: '',
      terms: false,
    },
  });

  const onSubmit = handleSubmit(async (v) => {
    try {
      await signup.mutateAsync({
        fullName: v.fullName.trim(),
        email: v.email.trim(),
        phoneNumber: v.phoneNumber.trim(),
        password: v.password,
        confirmPassword: v.confirmPassword,
        category: v.category as TStaffSignupRequest['category'],
        gender: v.gender as TStaffSignupRequest['gender'],
        age: Number(v.age),
        certificateUrl: v.certificateUrl.trim(),
      });
      toast.success('Signup successful!');
      timer.current = setTimeout(() => navigate('/tutor-login'), SIGNUP_REDIRECT_MS);
    } catch (err) {
      toast.error(refusalMessage(err));
    }
  });

  return (
    <section className="form-card auth-card">
      <h1>Become a tutor</h1>
      <form className="form" onSubmit={onSubmit} noValidate>
        <AccountFields idPrefix="tutor" register={register}>
          <div className="form-row">
            <SelectField id="tutor-category" label="Category" {...register('category')}>
              <option value="">Choose a category</option>
              {TUTOR_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
            <SelectField id="tutor-gender" label="Gender" {...register('gender')}>
              <option value="">Choose</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </SelectField>
            <TextField
              id="tutor-age"
              label="Age"
              type="number"
              inputMode="numeric"
              min={16}
              max={100}
              {...register('age')}
            />
          </div>
          <TextField
            id="tutor-certificate"
            label="Certificate URL"
            type="url"
            placeholder="https://..."
            {...register('certificateUrl')}
          />
        </AccountFields>
        <FormAlert message={firstError(errors, ORDER)} />
        <button type="submit" className="btn" disabled={signup.isPending || signup.isSuccess}>
          {signup.isPending ? 'Loading...' : 'Signup'}
        </button>
      </form>
      <p className="auth-links">
        Already a tutor? <Link to="/tutor-login">Login</Link>
      </p>
    </section>
  );
}
