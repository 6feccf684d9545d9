import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { SANDBOX_TEST_PATHS } from '../../src/routes/payments/sandbox-test.ts';
import { buildStudent, buildTutor, useAccounts, type TestAccount } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp, type TestApp } from '../harness.ts';
import { buyOnPlanByCard, instalmentsOf, offerPlan, plansApp, statusOf } from './helpers.ts';
import { eventually, sandboxWithJobs } from '../orders/helpers.ts';
import { INSTALMENT_JOB } from '../../src/commands/plan-payments.ts';
import { planClock } from '../../src/lib/plan-schedule.ts';
import { cohortNow } from '../../src/lib/cohort-clock.ts';

/** POSTs JSON to one of the sandbox's test calls (outside the API base). */
const hook = async (t: TestApp, path: string, body: unknown, who?: TestAccount) => {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(who ? { apiKey: who.token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { responseDto: { message: string } } };
};

describe("the sandbox's test calls, switched off", () => {
  const t = useTestApp(plansApp());
  const [admin] = useAccounts(t, 'admin');

  it('are absent without SANDBOX_TEST_HOOKS, and absent from the OpenAPI document', async () => {
    expect((await hook(t, SANDBOX_TEST_PATHS.clock, { days: 31 }, admin)).status).toBe(404);
    const funds = { email: 'someone@example.com', insufficientFunds: true };
    expect((await hook(t, SANDBOX_TEST_PATHS.cardFunds, funds, admin)).status).toBe(404);
    const at = { at: '2030-01-01T00:00:00.000Z' };
    expect((await hook(t, SANDBOX_TEST_PATHS.cohortClock, at, admin)).status).toBe(404);
    expect(planClock.offsetMs).toBe(0);
    expect(Math.abs(cohortNow().getTime() - Date.now())).toBeLessThan(60_000);
    const doc = (await t.api<{ paths: Record<string, unknown> }>('/openapi.json')).body;
    expect(Object.keys(doc.paths).filter((p) => p.includes('/test/'))).toEqual([]);
  });

  it('cannot be switched on with a Paystack key', () => {
    const env = {
      DATA_DIR: t.dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      SANDBOX_TEST_HOOKS: 'true',
    };
    expect(loadConfig(env).sandboxTestHooks).toBe(true);
    expect(() => loadConfig({ ...env, PAYSTACK_SECRET_KEY: 'sk_live_0123456789abcdef' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...env, PAYSTACK_SECRET_KEY: 'sk_test_0123456789abcdef' })).toThrow(
      /SANDBOX_TEST_HOOKS: only the sandbox has test calls/,
    );
  });
});

describe("the sandbox's test calls, switched on", () => {
  const t = useTestApp(sandboxWithJobs({ SANDBOX_TEST_HOOKS: 'true' }, [INSTALMENT_JOB]));
  const [admin] = useAccounts(t, 'admin');

  it('are for admins only, check their input, move the plans clock and fail a saved card', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 30000 });
    const plan = await offerPlan(t, tutor, course.id);
    const student = await buildStudent(t);
    const bought = await buyOnPlanByCard(t, student, course.id, plan.id);

    expect((await hook(t, SANDBOX_TEST_PATHS.clock, { days: 31 })).status).toBe(401);
    expect((await hook(t, SANDBOX_TEST_PATHS.clock, { days: 31 }, student)).status).toBe(403);
    const bad = await hook(t, SANDBOX_TEST_PATHS.clock, { days: 'soon' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.responseDto.message).toMatch(/days must be a number/);

    const switched = await hook(
      t,
      SANDBOX_TEST_PATHS.cardFunds,
      { email: student.email, insufficientFunds: true },
      admin,
    );
    expect(switched.status).toBe(200);
    expect(switched.body.responseDto.message).toBe("1 saved cards now fail with 'Insufficient Funds'.");

    const before = planClock.now().getTime();
    const moved = await hook(t, SANDBOX_TEST_PATHS.clock, { days: 31 }, admin);
    expect(moved.status).toBe(200);
    expect(planClock.now().getTime() - before).toBeGreaterThanOrEqual(31 * 86_400_000);
    // The second payment's steps ran: its charge failed with the bank's reason, and the plan is late.
    await eventually(async () =>
      expect((await instalmentsOf(t, bought.plan.id))[1]).toMatchObject({
        state: 'scheduled',
        lastFailure: 'Insufficient Funds',
      }),
    );
    expect(await statusOf(t, bought.plan.id)).toBe('past_due');
  });

  it("set the cohorts' clock for admins only, and put the real one back", async () => {
    const student = await buildStudent(t);
    const at = { at: '2030-01-10T08:00:00.000Z' };
    expect((await hook(t, SANDBOX_TEST_PATHS.cohortClock, at, student)).status).toBe(403);
    const bad = await hook(t, SANDBOX_TEST_PATHS.cohortClock, { at: 'tomorrow' }, admin);
    expect(bad.status).toBe(400);
    const moved = await hook(t, SANDBOX_TEST_PATHS.cohortClock, at, admin);
    expect(moved.status).toBe(200);
    expect(cohortNow().getTime() - Date.parse(at.at)).toBeGreaterThanOrEqual(0);
    expect(cohortNow().getTime() - Date.parse(at.at)).toBeLessThan(60_000);
    expect((await hook(t, SANDBOX_TEST_PATHS.cohortClock, { at: null }, admin)).status).toBe(200);
    expect(Math.abs(cohortNow().getTime() - Date.now())).toBeLessThan(1000);
  });
});
