import { decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@app/contract/common';
import { opPath } from '@app/contract/operation-routes';
import {
  expiredToken,
  forgedToken,
  GOOD_PASSWORD,
  message,
  roleSwappedToken,
  watchAnswers,
} from './helpers.ts';
import { useTestApp } from '../harness.ts';
import { useAccounts } from '../factories.ts';
import { refusal } from '../refusal.ts';

const changeBody = { oldPassword: 'Passw0rd!23', newPassword: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD };
const bankBody = { fullName: 'Tunde Bello', gender: 'Male', age: 30, accountDetailDtoList: [] };
const profileBody = { fullName: 'Ada Obi', phoneNumber: '08012345678', email: 'ada@example.com' };

/** Every call that needs a login: its path, the role it serves, a valid body (GET when none). */
const CALLS: [path: string, role: 'user' | 'tutor' | 'admin', body?: object][] = [
  [opPath('userUpdate'), 'user', profileBody],
  [opPath('userChangePassword'), 'user', changeBody],
  [opPath('staffChangePassword'), 'tutor', changeBody],
  [opPath('adminChangePassword'), 'admin', changeBody],
  [opPath('staffId'), 'tutor'],
  [opPath('staffUpdate'), 'tutor', bankBody],
  [opPath('adminId'), 'admin'],
];
const OTHER_ROLE = { user: 'tutor', tutor: 'admin', admin: 'user' } as const;

describe('calls that need a login', () => {
  const t = useTestApp({}, watchAnswers);
  const [user, tutor, admin] = useAccounts(t, 'user', 'tutor', 'admin');
  const who = { user, tutor, admin };

  it.each(CALLS)('%s without a token → 401', async (path, _role, body) => {
    const res = await t.api(path, { body });
    expect(res.status).toBe(401);
    expect(res.body.responseDto).toEqual(refusal('You need to login. Send your token in the apiKey header.'));
  });

  it.each(CALLS)('%s with a token signed by someone else → 401', async (path, role, body) => {
    const res = await t.api(path, { body, token: await forgedToken(who[role]) });
    expect(res.status).toBe(401);
    expect(message(res)).toBe('Your session has expired or is not valid. Please log in again.');
  });

  it.each(CALLS)('%s with an expired token → 401', async (path, role, body) => {
    const res = await t.api(path, { body, token: await expiredToken(t, who[role]) });
    expect(res.status).toBe(401);
    expect(message(res)).toBe('Your session has expired or is not valid. Please log in again.');
  });

  it.each(CALLS)('%s with garbage in the apiKey header → 401', async (path, _role, body) => {
    const res = await t.api(path, { body, token: 'not.a.token' });
    expect(res.status).toBe(401);
  });

  it.each(CALLS)('%s with another role → 403', async (path, role, body) => {
    const res = await t.api(path, { body, token: who[OTHER_ROLE[role]].token });
    expect(res.status).toBe(403);
    expect(message(res)).toBe('Your account is not allowed to do this.');
  });

  it('refuses a validly signed token whose role claim was changed (the account decides the role)', async () => {
    const res = await t.op('adminId', { token: await roleSwappedToken(t, who.tutor, 'admin') });
    expect(res.status).toBe(401);
  });

  it('refuses a token that worked once its expiry has passed (a checked token is remembered only until then)', async () => {
    expect((await t.op('adminId', { token: who.admin.token })).status).toBe(200);
    const { exp } = decodeJwt(who.admin.token);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((exp! - 1) * 1000);
      expect((await t.op('adminId', { token: who.admin.token })).status).toBe(200);
      vi.setSystemTime(exp! * 1000);
      const res = await t.op('adminId', { token: who.admin.token });
      expect(res.status).toBe(401);
      expect(message(res)).toBe('Your session has expired or is not valid. Please log in again.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('checks the token before the body: no token and a bad body still answer 401', async () => {
    const res = await t.api(opPath('userUpdate'), { body: {} });
    expect(res.status).toBe(401);
  });

  it('accepts the token as "Authorization: Bearer" too', async () => {
    const res = await fetch(`${t.url}${API_BASE}${opPath('adminId')}`, {
      headers: { authorization: `Bearer ${who.admin.token}` },
    });
    expect(res.status).toBe(200);
  });
});
