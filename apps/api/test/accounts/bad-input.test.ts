import { describe, expect, it } from 'vitest';
import { API_BASE } from '@app/contract/common';
import { buildStudent } from '../factories.ts';
import { useTestApp } from '../harness.ts';
import { message, watchAnswers } from './helpers.ts';
import { opPath } from '@app/contract/operation-routes';
import { refusal } from '../refusal.ts';

describe('bad requests to the accounts API get a 4xx with responseDto, never a 5xx', () => {
  const t = useTestApp({}, watchAnswers);

  const PUBLIC_POSTS = (
    [
      'loginCustomer',
      'loginStaff',
      'loginAdmin',
      'userAdd',
      'staffAdd',
      'otpRequest',
      'userResetPassword',
      'staffResetPassword',
      'adminResetPassword',
    ] as const
  ).map((name) => opPath(name));

  it.each(PUBLIC_POSTS)('%s: malformed JSON → 400', async (path) => {
    const res = await t.api(path, { body: '{"userName": "ada@example.com", ' });
    expect(res.status).toBe(400);
    expect(res.body.responseDto).toEqual(refusal('The request body is not valid JSON.'));
  });

  it.each(PUBLIC_POSTS)('%s: a JSON array instead of an object → 400', async (path) => {
    const res = await t.api(path, { body: '[1,2,3]' });
    expect(res.status).toBe(400);
    expect(res.body.responseDto.code).toBe('dk96');
  });

  it.each(PUBLIC_POSTS)('%s: a body over 1 MB → 413', async (path) => {
    const res = await t.api(path, {
      body: JSON.stringify({ userName: 'x'.repeat(1024 * 1024 + 10), password: 'x' }),
    });
    expect(res.status).toBe(413);
    expect(message(res)).toBe('The request body is too large.');
  });

  it.each(PUBLIC_POSTS)('%s: no body at all → 400', async (path) => {
    const res = await fetch(`${t.url}${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { responseDto: { code: string } }).responseDto.code).toBe('dk96');
  });

  it('wrong types name the field', async () => {
    const login = await t.api(opPath('loginCustomer'), { body: { userName: 42, password: true } });
    expect(login.status).toBe(400);
    expect(message(login)).toBe('User name is required');
    const signup = await t.api(opPath('staffAdd'), {
      body: {
        fullName: 'Tunde',
        email: 'tunde@example.com',
        phoneNumber: '08012345678',
        password: 'Passw0rd!23',
        confirmPassword: 'Passw0rd!23',
        category: 'Website development',
        gender: 'Male',
        age: { years: 30 },
        certificateUrl: 'https://example.com/c.pdf',
      },
    });
    expect(signup.status).toBe(400);
    expect(message(signup)).toBe('Age must be a number');
    const otp = await t.api(opPath('otpRequest'), { body: { otpId: ['a@example.com'] } });
    expect(otp.status).toBe(400);
    expect(message(otp)).toBe('Email is required');
  });

  it('a wrong type on a logged-in call names the field', async () => {
    const a = await buildStudent(t);
    const res = await t.api(opPath('userUpdate'), {
      token: a.token,
      body: { fullName: 'Ada', phoneNumber: 8012345678, email: a.email },
    });
    expect(res.status).toBe(400);
    expect(message(res)).toBe('Phone number is required');
  });

  it('a body sent as text/plain → 400', async () => {
    const res = await fetch(`${t.url}${API_BASE}${opPath('loginCustomer')}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'userName=ada&password=x',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { responseDto: { message: string } }).responseDto.message).toMatch(
      /expected object/,
    );
  });

  it('GET on a POST-only call → JSON 404', async () => {
    const res = await t.api(opPath('loginCustomer'));
    expect(res.status).toBe(404);
    expect(res.body.responseDto.code).toBe('dk96');
  });
});
