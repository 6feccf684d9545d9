import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { opPath } from '@app/contract/operation-routes';
import { buildAdmin, buildStudent, buildTutor } from '../factories.ts';
import { useTestApp } from '../harness.ts';
import { GOOD_PASSWORD, message, watchAnswers } from './helpers.ts';

describe('change password', () => {
  const t = useTestApp({}, watchAnswers);

  const body = (oldPassword: string, newPassword = GOOD_PASSWORD, confirmPassword = newPassword) => ({
    oldPassword,
    newPassword,
    confirmPassword,
  });

  it.each([
    ['userChangePassword', 'loginCustomer', 'userUpdate', buildStudent],
    ['staffChangePassword', 'loginStaff', 'staffId', buildTutor],
    ['adminChangePassword', 'loginAdmin', 'adminId', buildAdmin],
  ] as const)(
    '%s changes the password and answers a fresh token; the old token stops working',
    async (change, login, probe, build) => {
      const a = await build(t);
      const res = await t.op(change, { token: a.token, body: body(a.password) });
      expect(res.status).toBe(200);
      expect(message(res)).toBe('Password changed successfully');
      expect(decodeJwt(res.body.token).role).toBe(a.role);

      const probeBody =
        probe === 'userUpdate'
          ? { fullName: 'Ada Obi', phoneNumber: '08012345678', email: a.email }
          : undefined;
      // One call per role that needs a login: a GET for two of them, so the path (not a typed body) varies here.
      expect((await t.api(opPath(probe), { token: a.token, body: probeBody })).status).toBe(401);
      expect((await t.api(opPath(probe), { token: res.body.token, body: probeBody })).status).toBe(200);
      expect((await t.op(login, { body: { userName: a.email, password: GOOD_PASSWORD } })).status).toBe(200);
      expect((await t.op(login, { body: { userName: a.email, password: a.password } })).status).toBe(400);
    },
  );

  it('refuses a wrong old password and keeps the old one', async () => {
    const a = await buildStudent(t);
    const res = await t.op('userChangePassword', { token: a.token, body: body('not-my-password') });
    expect(res.status).toBe(400);
    expect(message(res)).toBe('Your old password is not correct.');
    expect((await t.op('loginCustomer', { body: { userName: a.email, password: a.password } })).status).toBe(
      200,
    );
    // The token still works: nothing changed.
    expect((await t.op('userChangePassword', { token: a.token, body: body('x') })).status).toBe(400);
  });

  it('refuses a new password equal to the old one', async () => {
    const a = await buildTutor(t);
    const res = await t.op('staffChangePassword', { token: a.token, body: body(a.password, a.password) });
    expect(res.status).toBe(400);
    expect(message(res)).toBe('The new password must be different from the old password.');
  });

  it.each([
    ['new and confirm differ', { confirmPassword: 'Something9!' }, 'New passwords do not match'],
    ['oldPassword missing', { oldPassword: undefined }, 'Old password is required'],
    ['oldPassword empty', { oldPassword: '' }, 'Old password is required'],
    ['newPassword missing', { newPassword: undefined }, 'Password is required'],
    [
      'newPassword short',
      { newPassword: 'short', confirmPassword: 'short' },
      'Password must be at least 8 characters',
    ],
    ['confirmPassword missing', { confirmPassword: undefined }, 'Confirm password is required'],
  ])('%s → 400', async (_case, over, text) => {
    const a = await buildAdmin(t);
    const res = await t.api(opPath('adminChangePassword'), {
      token: a.token,
      body: { ...body(a.password), ...over },
    });
    expect(res.status).toBe(400);
    expect(message(res)).toBe(text);
  });
});
