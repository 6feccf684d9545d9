import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, expect, it, vi } from 'vitest';
import type { TCoursePlan } from '@app/contract/instalments';
import { courseDto } from '@/test/course-dto.ts';
import { coursePlan } from '@/test/plan-dto.ts';
import { activateLocale } from '@/lib/i18n/index.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import TutorPlans from './TutorPlans.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });
afterEach(() => activateLocale('en'));

const ok = { code: 'dk00', message: 'OK' };
const plan = (over: Partial<TCoursePlan> = {}) => coursePlan({ id: 3, courseId: 7, ...over });

/** The tutor's ₦30,000 course 7 offering `plans`; `save` answers /plan/save. */
function plansApi(
  plans: TCoursePlan[],
  save?: (body: Record<string, unknown>) => { status?: number; body: unknown },
) {
  const calls: { path: string; body: unknown }[] = [];
  mockApi((path, init) => {
    calls.push({ path, body: init.json });
    if (path === '/course/singlecourse/7')
      return {
        body: {
          responseDto: ok,
          coursesDto: courseDto({ id: 7, title: 'Data engineering', nairaPrice: 30000 }),
        },
      };
    if (path === '/plan/list') return { body: { responseDto: ok, plans } };
    if (path === '/plan/save' && save) return save(init.json as Record<string, unknown>);
    if (path === '/plan/remove')
      return { body: { responseDto: { ...ok, message: 'Instalment plan removed' } } };
    return { status: 500, body: {} };
  });
  return calls;
}

const renderPlans = () =>
  renderWithApp(
    <>
      <TutorPlans />
      <ToastContainer />
    </>,
    { path: '/tutor/course/plans/7', route: '/tutor/course/plans/:id' },
  );

it('lists the course plans in words and offers a new one: weekly, an amount first, a discount', async () => {
  const calls = plansApi([plan()], () => ({
    body: {
      responseDto: ok,
      plan: plan({
        id: 4,
        firstKind: 'amount',
        firstValue: 10000,
        furtherPayments: 4,
        interval: 'week',
        fullPaymentDiscountPercent: 5,
        schedule: [10000, 5000, 5000, 5000, 5000].map((amount, i) => ({
          number: i + 1,
          dueAt: '2026-12-01T10:00:00.000Z',
          amount,
        })),
      }),
    },
  }));
  renderPlans();
  expect(await screen.findByText('Data engineering · ₦30,000 in full')).toBeInTheDocument();
  const list = await screen.findByRole('list', { name: 'Plans offered' });
  expect(within(list).getByText('₦12,000 now, then 2 monthly payments of ₦9,000')).toBeInTheDocument();
  expect(within(list).getByText('10% off what is left when paid at once.')).toBeInTheDocument();

  const form = screen.getByRole('form', { name: 'New instalment plan' });
  await userEvent.click(within(form).getByRole('radio', { name: 'Amount in naira' }));
  await userEvent.type(within(form).getByLabelText('First payment (₦)'), '10000');
  await userEvent.selectOptions(within(form).getByLabelText('Further payments'), '4');
  await userEvent.click(within(form).getByRole('radio', { name: 'Week' }));
  await userEvent.type(
    within(form).getByLabelText('Discount for paying the rest at once (%, optional)'),
    '5',
  );
  await userEvent.click(within(form).getByRole('button', { name: 'Offer this plan' }));
  expect(
    await screen.findByText('Plan saved: ₦10,000 now, then 4 weekly payments of ₦5,000.'),
  ).toBeInTheDocument();
  expect(calls.filter((c) => c.path === '/plan/save').map((c) => c.body)).toEqual([
    {
      courseId: 7,
      firstKind: 'amount',
      firstValue: 10000,
      furtherPayments: 4,
      interval: 'week',
      fullPaymentDiscountPercent: 5,
    },
  ]);
});

it('says what is wrong under each field as it is typed, and sends nothing until it is right', async () => {
  const calls = plansApi([]);
  renderPlans();
  expect(await screen.findByText('This course offers no instalment plan yet.')).toBeInTheDocument();
  const form = await screen.findByRole('form', { name: 'New instalment plan' });
  await userEvent.click(within(form).getByRole('button', { name: 'Offer this plan' }));
  expect(within(form).getByText('Enter the first payment.')).toBeInTheDocument();

  const percent = within(form).getByLabelText('First payment (% of the total, 1–90)');
  await userEvent.type(percent, '95');
  expect(
    within(form).getByText('A first payment in percent must be a whole number from 1 to 90.'),
  ).toBeInTheDocument();
  expect(percent).toHaveAttribute('aria-invalid', 'true');

  await userEvent.click(within(form).getByRole('radio', { name: 'Amount in naira' }));
  const amount = within(form).getByLabelText('First payment (₦)');
  await userEvent.clear(amount);
  await userEvent.type(amount, '30000');
  expect(
    within(form).getByText(
      'The first payment must leave something for each further payment: less than ₦30,000.',
    ),
  ).toBeInTheDocument();

  const discount = within(form).getByLabelText('Discount for paying the rest at once (%, optional)');
  await userEvent.type(discount, '60');
  expect(within(form).getByText('The discount must be a whole percent from 0 to 50.')).toBeInTheDocument();
  await userEvent.click(within(form).getByRole('button', { name: 'Offer this plan' }));
  expect(calls.some((c) => c.path === '/plan/save')).toBe(false);

  await userEvent.clear(amount);
  await userEvent.type(amount, '12000');
  await userEvent.clear(discount);
  expect(within(form).queryByText(/must/)).toBeNull();
});

it('edits a plan with its fields filled in, shows the server’s refusal, and removes a plan', async () => {
  const calls = plansApi([plan()], () => ({
    status: 400,
    body: {
      responseDto: {
        code: 'dk96',
        message: "This instalment plan does not fit the course's price. Choose another plan or pay in full.",
      },
    },
  }));
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  renderPlans();
  await userEvent.click(
    await screen.findByRole('button', { name: 'Edit ₦12,000 now, then 2 monthly payments of ₦9,000' }),
  );
  const form = screen.getByRole('form', { name: 'Edit instalment plan' });
  expect(within(form).getByLabelText('First payment (% of the total, 1–90)')).toHaveValue(40);
  expect(within(form).getByLabelText('Further payments')).toHaveValue('2');
  expect(within(form).getByRole('radio', { name: 'Month' })).toBeChecked();
  expect(within(form).getByLabelText('Discount for paying the rest at once (%, optional)')).toHaveValue(10);
  await userEvent.selectOptions(within(form).getByLabelText('Further payments'), '5');
  await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(
    "This instalment plan does not fit the course's price. Choose another plan or pay in full.",
  );
  expect(calls.find((c) => c.path === '/plan/save')?.body).toMatchObject({ id: 3, furtherPayments: 5 });

  await userEvent.click(
    screen.getByRole('button', { name: 'Remove ₦12,000 now, then 2 monthly payments of ₦9,000' }),
  );
  expect(await screen.findByText('Instalment plan removed')).toBeInTheDocument();
  expect(calls.find((c) => c.path === '/plan/remove')?.body).toEqual({ id: 3 });
});

it('tells a removed plan in the active language, not the server’s English', async () => {
  await activateLocale('ha');
  plansApi([plan()]);
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  renderPlans();
  const remove = await screen.findAllByRole('button', { name: /^Cire |^Remove / });
  await userEvent.click(remove[0]!);
  expect(await screen.findByText('An cire tsarin biyan kashi-kashi')).toBeInTheDocument();
  expect(screen.queryByText('Instalment plan removed')).toBeNull();
});
