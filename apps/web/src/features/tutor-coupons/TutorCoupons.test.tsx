import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { COUPON_MESSAGES, type TCouponDto } from '@app/contract/coupons';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { courseDto, courseListAnswer } from '@/test/course-dto.ts';
import TutorCoupons from './TutorCoupons.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });

const ok = { code: 'dk00', message: 'OK' };
const coupon = (over: Partial<TCouponDto> = {}): TCouponDto => ({
  id: 11,
  courseId: 7,
  code: 'LAUNCH25',
  kind: 'percent',
  value: 25,
  startsAt: '2099-01-01T09:00:00.000Z',
  endsAt: '2099-02-01T09:00:00.000Z',
  limit: 50,
  used: 3,
  confirmed: 2,
  disabled: false,
  ...over,
});

/** The tutor's API: one course with `list` as its coupons; `save` answers /coupon/save. */
function couponApi(
  list: TCouponDto[],
  save: (body: Record<string, unknown>) => { status?: number; body: unknown },
) {
  const saves: Record<string, unknown>[] = [];
  mockApi((path, init) => {
    if (path === '/course/alltutor')
      return courseListAnswer([courseDto({ id: 7, title: 'Playwright from zero' })]);
    if (path === '/coupon/list') return { body: { responseDto: ok, coupons: list, saleOptOut: false } };
    if (path === '/coupon/save') {
      saves.push(init.json as Record<string, unknown>);
      return save(init.json as Record<string, unknown>);
    }
    return { status: 404, body: {} };
  });
  return saves;
}

it("fills the form with a row's coupon, saves the change with its id, then offers a new coupon again", async () => {
  let list = [coupon(), coupon({ id: 12, code: 'OLDONE', disabled: true })];
  const saves = couponApi(list, (body) => {
    list = [coupon({ ...body, limit: body.limit as number | null }), list[1]!];
    return { body: { responseDto: { code: 'dk00', message: 'Coupon saved' }, coupon: list[0] } };
  });
  renderWithApp(<TutorCoupons />);
  // A disabled coupon has nothing to change.
  expect(await screen.findByText('Disabled')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit OLDONE' })).not.toBeInTheDocument();

  await userEvent.click(await screen.findByRole('button', { name: 'Edit LAUNCH25' }));
  const form = within(screen.getByRole('form', { name: 'Edit coupon' }));
  expect(form.getByRole('heading', { name: 'Edit coupon LAUNCH25' })).toBeInTheDocument();
  expect(form.getByLabelText('Code')).toHaveValue('LAUNCH25');
  expect(form.getByLabelText('Code')).toHaveFocus();
  expect(form.getByLabelText('Percent off (1–100)')).toHaveValue(25);
  expect(form.getByLabelText('Limit of uses (optional)')).toHaveValue(50);
  // The form's times are Lagos time (09:00 UTC is 10:00 WAT), as the list shows them, whatever the browser's zone.
  expect(form.getByLabelText('Starts (Lagos time, WAT)')).toHaveValue('2099-01-01T10:00');
  expect(form.getByLabelText('Ends (Lagos time, WAT)')).toHaveValue('2099-02-01T10:00');

  await userEvent.clear(form.getByLabelText('Percent off (1–100)'));
  await userEvent.type(form.getByLabelText('Percent off (1–100)'), '30');
  await userEvent.clear(form.getByLabelText('Limit of uses (optional)'));
  await userEvent.type(form.getByLabelText('Limit of uses (optional)'), '80');
  await userEvent.click(form.getByRole('button', { name: 'Save changes' }));

  expect(await screen.findByText('Coupon LAUNCH25 saved.')).toBeInTheDocument();
  expect(saves).toEqual([
    {
      id: 11,
      courseId: 7,
      code: 'LAUNCH25',
      kind: 'percent',
      value: 30,
      startsAt: '2099-01-01T09:00:00.000Z',
      endsAt: '2099-02-01T09:00:00.000Z',
      limit: 80,
    },
  ]);
  // Back to an empty form for a new coupon.
  const fresh = within(await screen.findByRole('form', { name: 'New coupon' }));
  expect(fresh.getByLabelText('Code')).toHaveValue('');
  expect(fresh.getByRole('button', { name: 'Create coupon' })).toBeInTheDocument();
});

it("shows the server's refusal of a change in the form, and Cancel leaves it unchanged", async () => {
  const saves = couponApi([coupon()], () => ({
    status: 400,
    body: { responseDto: { code: 'dk96', message: COUPON_MESSAGES.limitBelowUses(3) } },
  }));
  renderWithApp(<TutorCoupons />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit LAUNCH25' }));
  const form = within(screen.getByRole('form', { name: 'Edit coupon' }));
  await userEvent.clear(form.getByLabelText('Limit of uses (optional)'));
  await userEvent.type(form.getByLabelText('Limit of uses (optional)'), '1');
  await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
  expect(await form.findByRole('alert')).toHaveTextContent(
    'The limit cannot be lower than the 3 uses already made (paid or in a checkout).',
  );
  expect(saves).toHaveLength(1);
  await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
  expect(await screen.findByRole('form', { name: 'New coupon' })).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Edit coupon' })).not.toBeInTheDocument();
});

it("names Lagos time on the list, and shows each code's status beside its actions", async () => {
  const day = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  couponApi(
    [
      coupon(),
      coupon({ id: 12, code: 'NOWON', startsAt: iso(Date.now() - day), endsAt: iso(Date.now() + day) }),
      coupon({ id: 13, code: 'PAST', startsAt: iso(Date.now() - 2 * day), endsAt: iso(Date.now() - day) }),
      coupon({ id: 14, code: 'OFF', disabled: true }),
    ],
    () => ({ body: {} }),
  );
  renderWithApp(<TutorCoupons />);
  const table = (await screen.findByText('LAUNCH25')).closest('table')!;
  const heads = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  expect(heads).toContain('From (Lagos time, WAT)');
  expect(heads).toContain('Until (Lagos time, WAT)');
  const row = (code: string) => within(within(table).getByText(code).closest('tr')!);
  expect(row('LAUNCH25').getByText('1 Jan 2099, 10:00')).toBeInTheDocument();
  expect(row('LAUNCH25').getByText('Scheduled')).toBeInTheDocument();
  expect(row('NOWON').getByText('Running')).toBeInTheDocument();
  expect(row('PAST').getByText('Ended')).toBeInTheDocument();
  expect(row('OFF').getByText('Disabled')).toBeInTheDocument();
  expect(row('LAUNCH25').getByRole('button', { name: 'Disable LAUNCH25' })).toBeInTheDocument();
});
