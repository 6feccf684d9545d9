import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { refusalMessage } from '../../../components/auth/auth-messages.ts';
import { FormAlert, firstError } from '../../../components/auth/FormAlert.tsx';
import { useSignUpStudent } from '../api/signup.ts';
import { AccountFields } from './AccountFields.tsx';
import {
  ACCEPT_TERMS,
  blank,
  FILL_ALL,
  firstFailing,
  formatChecks,
  PASSWORDS_MISMATCH,
  SIGNUP_REDIRECT_MS,
} from './form-rules.ts';
import '../../../components/auth/auth.css';

const schema = z
  .object({
    fullName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    terms: z.boolean(),
  })
  .superRefine((v, ctx) =>
    firstFailing(ctx, [
      [
        'fullName',
        [v.fullName, v.email, v.phoneNumber].some(blank) || v.password === '' || v.confirmPassword === '',
        FILL_ALL,
      ],
      ['confirmPassword', v.password !== v.confirmPassword, PASSWORDS_MISMATCH],
      ['terms', !v.terms, ACCEPT_TERMS],
      ...formatChecks(v),
    ]),
  );
type Values = z.infer<typeof schema>;
const ORDER = ['fullName', 'confirmPassword', 'terms', 'email', 'phoneNumber', 'password'] as const;

/** /signup: a student account, then the login after 2 s. */
export default function SignupPage() {
  const navigate = useNavigate();
  const signup = useSignUpStudent();
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
      });
      toast.success('Signup successful!');
      timer.current = setTimeout(() => navigate('/login'), SIGNUP_REDIRECT_MS);
    } catch (err) {
      toast.error(refusalMessage(err));
    }
  });

  return (
    <section className="form-card auth-card">
      <h1>Create your account</h1>
      <form className="form" onSubmit={onSubmit} noValidate>
        <AccountFields idPrefix="signup" register={register} />
        <FormAlert message={firstError(errors, ORDER)} />
        <button type="submit" className="btn" disabled={signup.isPending || signup.isSuccess}>
          {signup.isPending ? 'Loading...' : 'Signup'}
        </button>
      </form>
      <p className="auth-links">
        Already have an account? <Link to="/login">Login</Link> ·{' '}
        <Link to="/teaching">Signup as teacher</Link>
      </p>
    </section>
  );
}
