import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { opPath } from '@app/contract/operation-routes';
import type { OpRequest } from '@app/contract/operations';
import { accounts } from '../../src/db/schema.ts';
import { buildAdmin, buildStudent, buildTutor } from '../factories.ts';
import { useTestApp } from '../harness.ts';
import { message, uniqueEmail, watchAnswers } from './helpers.ts';

describe('student profile: POST /user/update', () => {
  const t = useTestApp({}, watchAnswers);

  const update = (token: string, body: OpRequest<'userUpdate'>) => t.op('userUpdate', { token, body });

  it('saves name, phone and a new email; the user name follows the email and login works with it', async () => {
    const a = await buildStudent(t);
    const email = uniqueEmail('moved');
    // The web client sends back the user name it stored at login (here: the old email).
    const res = await update(a.token, {
      fullName: 'Ada Okafor',
      phoneNumber: '+234 801 234 5678',
      email,
      userName: a.email,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      responseDto: { code: 'dk00', message: 'Profile updated successfully' },
      userDto: {
        fullName: 'Ada Okafor',
        phoneNumber: '+234 801 234 5678',
        email: email.toLowerCase(),
        userName: email.toLowerCase(),
      },
    });
    expect((await t.op('loginCustomer', { body: { userName: email, password: a.password } })).status).toBe(
      200,
    );
    expect((await t.op('loginCustomer', { body: { userName: a.email, password: a.password } })).status).toBe(
      400,
    );
  });

  it('saves a chosen user name that can then be used to log in', async () => {
    const a = await buildStudent(t);
    const userName = `ada_${Date.now()}`;
    const res = await update(a.token, {
      fullName: 'Ada',
      phoneNumber: '08012345678',
      email: a.email,
      userName,
    });
    expect(res.status).toBe(200);
    expect((res.body.userDto as { userName: string }).userName).toBe(userName);
    expect((await t.op('loginCustomer', { body: { userName, password: a.password } })).status).toBe(200);
  });

  it("refuses another student's email with 409", async () => {
    const [a, b] = await Promise.all([buildStudent(t), buildStudent(t)]);
    const res = await update(a.token, { fullName: 'Ada', phoneNumber: '08012345678', email: b.email });
    expect(res.status).toBe(409);
    expect(message(res)).toBe('Another student account already uses this email.');
    const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, a.id));
    expect(row!.email).toBe(a.email);
  });

  it("allows a tutor's email (roles have separate accounts)", async () => {
    const [a, tutor] = await Promise.all([buildStudent(t), buildTutor(t)]);
    const res = await update(a.token, { fullName: 'Ada', phoneNumber: '08012345678', email: tutor.email });
    expect(res.status).toBe(200);
  });

  it("refuses another student's user name with 409", async () => {
    const userName = `taken_${Date.now()}`;
    const [a] = await Promise.all([buildStudent(t), buildStudent(t, { userName })]);
    const res = await update(a.token, {
      fullName: 'Ada',
      phoneNumber: '08012345678',
      email: a.email,
      userName: userName.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(message(res)).toBe('This user name is already taken. Please choose another one.');
  });

  it('refuses a user name that is somebody else’s email address', async () => {
    const a = await buildStudent(t);
    const res = await update(a.token, {
      fullName: 'Ada',
      phoneNumber: '08012345678',
      email: a.email,
      userName: 'someone.else@example.com',
    });
    expect(res.status).toBe(400);
    expect(message(res)).toBe('A user name that contains @ must be your own email address.');
  });

  it.each([
    ['fullName missing', { fullName: undefined }, 'Full name is required'],
    ['fullName blank', { fullName: ' ' }, 'Full name is required'],
    ['phoneNumber missing', { phoneNumber: undefined }, 'Phone number is required'],
    ['phoneNumber malformed', { phoneNumber: 'abc' }, 'Enter a valid phone number'],
    ['email missing', { email: undefined }, 'Email is required'],
    ['email malformed', { email: 'ada' }, 'Enter a valid email address'],
    ['userName blank', { userName: '  ' }, 'User name is required'],
  ])('%s → 400', async (_case, over, text) => {
    const a = await buildStudent(t);
    const res = await t.api(opPath('userUpdate'), {
      token: a.token,
      body: {
        fullName: 'Ada',
        phoneNumber: '08012345678',
        email: a.email,
        ...over,
      },
    });
    expect(res.status).toBe(400);
    expect(message(res)).toBe(text);
  });
});

describe('tutor settings: GET /staff/staffid and POST /staff/update', () => {
  const t = useTestApp({}, watchAnswers);

  const gtb = {
    accountName: 'Tunde Bello',
    accountNumber: '0123456789',
    bankName: 'GTBank',
    currency: 'Naira' as const,
  };
  /** A settings body part with one bank account: GTBank's changed by `over`. */
  const bank = (over: Partial<Record<keyof typeof gtb, string | undefined>>) => ({
    accountDetailDtoList: [{ ...gtb, ...over }],
  });
  const barclays = {
    accountName: 'T Bello',
    accountNumber: 'GB29NWBK60161331926819',
    bankName: 'Barclays',
    currency: 'GBP' as const,
  };

  it("answers the tutor's own staffDto, with no bank accounts at first", async () => {
    const a = await buildTutor(t);
    const res = await t.op('staffId', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.staffDto).toEqual({
      id: a.id,
      fullName: a.fullName,
      email: a.email,
      phoneNumber: '08012345678',
      gender: 'Female',
      age: 30,
      category: 'Website development',
      certificateUrl: 'https://example.com/cert.pdf',
      accountDetailDtoList: [],
    });
  });

  it('saves name, gender, age and bank accounts, and replaces the bank accounts on the next save', async () => {
    const a = await buildTutor(t);
    const first = await t.op('staffUpdate', {
      token: a.token,
      body: { fullName: 'Tunde Bello', gender: 'Male', age: 41, accountDetailDtoList: [gtb, barclays] },
    });
    expect(first.status).toBe(200);
    expect(message(first)).toBe('Account details saved successfully');
    expect(first.body.staffDto).toMatchObject({ fullName: 'Tunde Bello', gender: 'Male', age: 41 });
    expect(first.body.staffDto.accountDetailDtoList).toEqual([gtb, barclays]);

    const usd = { ...gtb, accountNumber: '9876543210', currency: 'USD' as const };
    const second = await t.op('staffUpdate', {
      token: a.token,
      body: { fullName: 'Tunde Bello', gender: 'Male', age: 41, accountDetailDtoList: [usd] },
    });
    expect(second.status).toBe(200);
    const read = await t.op('staffId', { token: a.token });
    expect(read.body.staffDto.accountDetailDtoList).toEqual([usd]);
    expect(read.body.staffDto.fullName).toBe('Tunde Bello');
  });

  it("does not touch another tutor's bank accounts", async () => {
    const [a, b] = await Promise.all([buildTutor(t), buildTutor(t)]);
    await t.op('staffUpdate', {
      token: b.token,
      body: { fullName: 'B', gender: 'Male', age: 30, accountDetailDtoList: [gtb] },
    });
    await t.op('staffUpdate', {
      token: a.token,
      body: { fullName: 'A', gender: 'Male', age: 30, accountDetailDtoList: [] },
    });
    const read = await t.op('staffId', { token: b.token });
    expect(read.body.staffDto.accountDetailDtoList).toEqual([gtb]);
  });

  it.each([
    ['currency not allowed', bank({ currency: 'NGN' }), 'Currency must be one of: USD, EUR, GBP, Naira'],
    ['bankName missing', bank({ bankName: undefined }), 'Bank name is required'],
    ['accountName blank', bank({ accountName: ' ' }), 'Account name is required'],
    [
      'accountNumber malformed',
      bank({ accountNumber: '12-34' }),
      'Account number must be 6 to 34 letters or digits',
    ],
    ['accountNumber missing', bank({ accountNumber: undefined }), 'Account number is required'],
    ['more than 5 accounts', { accountDetailDtoList: Array(6).fill(gtb) }, 'At most 5 bank accounts'],
    ['gender not allowed', { gender: 'Other' }, 'Gender must be Male or Female'],
    ['age too low', { age: 3 }, 'Age must be at least 16'],
    ['fullName missing', { fullName: undefined }, 'Full name is required'],
  ])('%s → 400', async (_case, over, text) => {
    const a = await buildTutor(t);
    const res = await t.api(opPath('staffUpdate'), {
      token: a.token,
      body: { fullName: 'Tunde', gender: 'Male', age: 30, accountDetailDtoList: [gtb], ...over },
    });
    expect(res.status).toBe(400);
    expect(message(res)).toBe(text);
  });
});

describe('admin profile: GET /admin/adminid', () => {
  const t = useTestApp({}, watchAnswers);

  it("answers the admin's own adminDto", async () => {
    const a = await buildAdmin(t);
    const res = await t.op('adminId', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      responseDto: { code: 'dk00', message: 'Success' },
      adminDto: { id: a.id, fullName: a.fullName, email: a.email },
    });
  });
});

describe("the account's language: POST /account/language/get and /account/language", () => {
  const t = useTestApp({}, watchAnswers);

  it('is null until chosen, then what each role saved; only the five languages are taken', async () => {
    for (const build of [buildStudent, buildTutor, buildAdmin]) {
      const a = await build(t);
      const read = await t.op('languageGet', { token: a.token, body: {} });
      expect(read.status).toBe(200);
      expect(read.body.language).toBeNull();
      const saved = await t.op('languageUpdate', { token: a.token, body: { language: 'yo' } });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({
        responseDto: { code: 'dk00', message: 'Language saved' },
        language: 'yo',
      });
      expect((await t.op('languageGet', { token: a.token, body: {} })).body.language).toBe('yo');
    }
    const a = await buildStudent(t);
    const bad = await t.api(opPath('languageUpdate'), {
      method: 'POST',
      token: a.token,
      body: { language: 'fr' },
    });
    expect(bad.status).toBe(400);
    expect(message(bad)).toContain('Language must be one of: en, pcm, yo, ha, ig');
    expect((await t.op('languageGet', { body: {} })).status).toBe(401);
  });
});
