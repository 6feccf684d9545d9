import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@app/contract/common';
import { opPath } from '@app/contract/operation-routes';
import { buildStudent } from '../factories.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { needs } from '../needs.ts';

// Two instances on one Redis (TEST_REDIS_URL, as in CI) count one client's attempts together.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(await needs('redis'))(
  'rate limit shared through Redis by several instances (AUTH_RATE_LIMIT=3)',
  () => {
    let a: TestApp;
    let b: TestApp;
    const env = { REDIS_URL: redisUrl!, TRUST_PROXY: 'true', AUTH_RATE_LIMIT: '3' };
    beforeAll(async () => {
      a = await startTestApp({ env });
      b = await startTestApp({ env, sameDatabaseAs: a });
    });
    afterAll(async () => {
      await a.close();
      await b.close();
    });

    // Documentation addresses (TEST-NET-2) from a random start per run, so runs sharing a Redis do not count each
    // other's attempts, and never the same one twice in this file: a random draw each time gave another test's
    // throttled address back now and then (1 in 254 per draw), and a 429 where a fresh client's 400 was expected.
    let nextClient = randomInt(0, 254);
    const client = () => `198.51.100.${(nextClient++ % 254) + 1}`;
    const login = async (
      t: TestApp,
      ip: string,
      // A login of its own per call: this file counts per-address limits, never one account's failures.
      userName = `guess-${randomUUID()}@example.com`,
      password = 'guess-password',
    ) => {
      const res = await fetch(`${t.url}${API_BASE}${opPath('loginCustomer')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ userName, password }),
      });
      const body = (await res.json()) as { responseDto: { message: string } };
      return { status: res.status, message: body.responseDto.message };
    };

    it('refuses the 4th attempt of a client on B after three on A and B', async () => {
      const ip = client();
      const statuses = [await login(a, ip), await login(a, ip), await login(b, ip)].map((r) => r.status);
      expect(statuses).toEqual([400, 400, 400]);
      const fourth = await login(b, ip);
      expect(fourth.status).toBe(429);
      expect(fourth.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    });

    it('keeps counting other clients apart', async () => {
      const ip = client();
      for (let i = 0; i < 3; i++) await login(a, ip);
      let other = client();
      while (other === ip) other = client();
      expect((await login(b, other)).status).toBe(400);
    });

    it('pauses an account on B after 5 wrong passwords on A, each from another address', async () => {
      // An id no earlier run on this Redis used (fresh databases count ids from 1 again).
      const victim = await buildStudent(a, { id: randomInt(1_000_000, 2_000_000_000) });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await login(a, client(), victim.email, 'wrong-password')).status);
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
      const right = await login(b, client(), victim.email, victim.password);
      expect(right.status).toBe(429);
      expect(right.message).toMatch(
        /^Too many failed sign-ins for this account\. Please wait \d+ seconds and try again\.$/,
      );
    });
  },
);
