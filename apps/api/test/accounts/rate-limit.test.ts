import { describe, expect, it } from 'vitest';
import { opPath } from '@app/contract/operation-routes';
import { buildStudent, buildTutor } from '../factories.ts';
import { useTestApp } from '../harness.ts';
import { message, studentSignup, watchAnswers } from './helpers.ts';

describe('rate limit on login, sign-up, reset code and reset calls (AUTH_RATE_LIMIT=3)', () => {
  const t = useTestApp({ env: { AUTH_RATE_LIMIT: '3' } }, watchAnswers);

  // The same four calls to each of several operations: the path varies, so they go untyped.
  const fourTimes = async (path: string, body: () => object) => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await t.api(path, { body: body() });
      statuses.push(last.status);
    }
    return { statuses, last: last! };
  };

  it.each([
    [opPath('loginCustomer'), () => ({ userName: 'guess@example.com', password: 'guess-password' }), 400],
    [opPath('loginStaff'), () => ({ userName: 'guess@example.com', password: 'guess-password' }), 400],
    [opPath('loginAdmin'), () => ({ userName: 'guess@example.com', password: 'guess-password' }), 400],
    [opPath('otpRequest'), () => ({ otpId: 'guess@example.com', otpType: 'R', notificationType: 'M' }), 200],
    [
      opPath('userResetPassword'),
      () => ({ emailAddress: 'guess@example.com', otp: '123456', newPassword: 'Guess1234!' }),
      400,
    ],
    [
      opPath('staffResetPassword'),
      () => ({ emailAddress: 'guess@example.com', otp: '123456', newPassword: 'Guess1234!' }),
      400,
    ],
    [
      opPath('adminResetPassword'),
      () => ({ emailAddress: 'guess@example.com', otp: '123456', newPassword: 'Guess1234!' }),
      400,
    ],
    [opPath('userAdd'), () => studentSignup(), 200],
  ])('%s: the 4th call within a minute gets 429 with a readable message', async (path, body, usual) => {
    const { statuses, last } = await fourTimes(path, body);
    expect(statuses).toEqual([usual, usual, usual, 429]);
    expect(last.body.responseDto).toMatchObject({ code: 'dk96' });
    expect(message(last)).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses even the right password once the limit is reached (a guesser cannot tell)', async () => {
    const a = await buildStudent(t);
    // This client used up /login/customer's budget in the test above.
    const res = await t.op('loginCustomer', { body: { userName: a.email, password: a.password } });
    expect(res.status).toBe(429);
  });

  it('does not limit calls that are not password guesses', async () => {
    const tutor = await buildTutor(t);
    for (let i = 0; i < 5; i++) expect((await t.op('staffId', { token: tutor.token })).status).toBe(200);
  });
});
