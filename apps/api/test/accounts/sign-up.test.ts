import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../../src/db/schema.ts';
import { buildStudent } from '../factories.ts';
import { useTestApp } from '../harness.ts';
import { GOOD_PASSWORD, message, signedIn, studentSignup, tutorSignup, watchAnswers } from './helpers.ts';
import { refusal } from '../refusal.ts';

describe('sign-up', () => {
  const t = useTestApp({}, watchAnswers);

  const rowOf = async (email: string, role: 'user' | 'tutor') =>
    (await t.ctx.db.select().from(accounts).where(eq(accounts.email, email.toLowerCase()))).find(
      (a) => a.role === role,
    );

  it('signs up a student who can then log in with the email', async () => {
    const body = studentSignup();
    const res = await t.op('userAdd', { body });
    expect(res.status).toBe(200);
    expect(res.body.responseDto).toEqual({ code: 'dk00', message: 'Signup successful. You can now log in.' });
    const row = await rowOf(body.email, 'user');
    expect(row).toMatchObject({
      fullName: 'Ada Obi',
      phoneNumber: '08012345678',
      email: body.email.toLowerCase(),
    });
    expect(row!.userName).toBe(body.email.toLowerCase());
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const login = await t.op('loginCustomer', { body: { userName: body.email, password: GOOD_PASSWORD } });
    expect(login.status).toBe(200);
    expect(signedIn(login.body).emailAddress).toBe(body.email.toLowerCase());
  });

  it('signs up a tutor with category, gender, age and certificate', async () => {
    const body = tutorSignup({ gender: 'Female', age: '29', category: 'Graphics Design' });
    const res = await t.op('staffAdd', { body });
    expect(res.status).toBe(200);
    expect(message(res)).toBe('Signup successful. You can now log in.');
    expect(await rowOf(body.email, 'tutor')).toMatchObject({
      gender: 'Female',
      age: 29,
      category: 'Graphics Design',
      certificateUrl: 'https://example.com/certificate.pdf',
    });
    const login = await t.op('loginStaff', { body: { userName: body.email, password: GOOD_PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('refuses a second student with the same email (any case) with 409', async () => {
    const body = studentSignup();
    expect((await t.op('userAdd', { body })).status).toBe(200);
    const again = await t.op('userAdd', { body: { ...body, email: body.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(message(again)).toBe('A student account with this email already exists. Please log in instead.');
  });

  it('refuses a second tutor with the same email with 409', async () => {
    const body = tutorSignup();
    expect((await t.op('staffAdd', { body })).status).toBe(200);
    const again = await t.op('staffAdd', { body });
    expect(again.status).toBe(409);
    expect(message(again)).toBe('A tutor account with this email already exists. Please log in instead.');
  });

  it('gives exactly one account when the same sign-up arrives twice at once', async () => {
    const body = studentSignup();
    const results = await Promise.all([t.op('userAdd', { body }), t.op('userAdd', { body })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await t.ctx.db.select().from(accounts).where(eq(accounts.email, body.email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it('lets the same email be a student and a tutor (separate accounts)', async () => {
    const student = studentSignup();
    expect((await t.op('userAdd', { body: student })).status).toBe(200);
    const tutor = await t.op('staffAdd', { body: tutorSignup({ email: student.email }) });
    expect(tutor.status).toBe(200);
  });

  it('refuses an email that another student uses as a user name', async () => {
    const email = `taken-${Date.now()}@example.com`;
    await buildStudent(t, { userName: email });
    const res = await t.op('userAdd', { body: studentSignup({ email }) });
    expect(res.status).toBe(409);
  });

  it.each([
    ['fullName missing', { fullName: undefined }, 'Full name is required'],
    ['fullName blank', { fullName: '   ' }, 'Full name is required'],
    ['email missing', { email: undefined }, 'Email is required'],
    ['email malformed', { email: 'ada-at-example.com' }, 'Enter a valid email address'],
    ['phoneNumber missing', { phoneNumber: undefined }, 'Phone number is required'],
    ['phoneNumber malformed', { phoneNumber: 'call me' }, 'Enter a valid phone number'],
    ['password missing', { password: undefined }, 'Password is required'],
    [
      'password short',
      { password: 'short', confirmPassword: 'short' },
      'Password must be at least 8 characters',
    ],
    ['confirmPassword missing', { confirmPassword: undefined }, 'Confirm password is required'],
    ['passwords differ', { confirmPassword: 'Different1!' }, 'Passwords do not match.'],
  ])('student sign-up: %s → 400', async (_case, over, text) => {
    const res = await t.op('userAdd', { body: studentSignup(over) });
    expect(res.status).toBe(400);
    expect(res.body.responseDto).toEqual(refusal(text));
  });

  it.each([
    [
      'category unknown',
      { category: 'Cooking' },
      'Category must be one of: Website development, Graphics Design',
    ],
    [
      'category missing',
      { category: undefined },
      'Category must be one of: Website development, Graphics Design',
    ],
    ['gender unknown', { gender: 'X' }, 'Gender must be Male or Female'],
    ['age not a number', { age: 'old' }, 'Age must be a number'],
    ['age too low', { age: 12 }, 'Age must be at least 16'],
    ['age too high', { age: 130 }, 'Age must be at most 100'],
    ['age not whole', { age: 30.5 }, 'Age must be a whole number'],
    [
      'certificateUrl not a web address',
      { certificateUrl: 'ftp://x.org/c' },
      'Certificate URL must be a web address (https://...)',
    ],
    ['certificateUrl missing', { certificateUrl: undefined }, 'Certificate URL is required'],
    ['passwords differ', { confirmPassword: 'Different1!' }, 'Passwords do not match.'],
  ])('tutor sign-up: %s → 400', async (_case, over, text) => {
    const res = await t.op('staffAdd', { body: tutorSignup(over) });
    expect(res.status).toBe(400);
    expect(message(res)).toBe(text);
  });
});
