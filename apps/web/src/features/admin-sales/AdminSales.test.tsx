import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import type { TSaleDto } from '@app/contract/sales';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { AdminSales } from './AdminSales.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'admin' });

const ok = { code: 'dk00', message: 'OK' };
const day = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const sale = (id: number, percent: number, over: Partial<TSaleDto> = {}): TSaleDto => ({
  id,
  percent,
  startsAt: '2099-03-01T08:00:00.000Z',
  endsAt: '2099-03-08T08:00:00.000Z',
  categories: null,
  cancelled: false,
  ...over,
});

/** The admin's sales API: `sales` listed; every save is kept and answered with the sale. */
function salesApi(sales: TSaleDto[]) {
  const saved: Record<string, unknown>[] = [];
  mockApi((path, init) => {
    if (path === '/sale/list') return { body: { responseDto: ok, sales } };
    if (path === '/sale/save') {
      saved.push(init.json as Record<string, unknown>);
      return { body: { responseDto: ok, sale: sale(99, 10) } };
    }
    return { status: 404, body: {} };
  });
  return saved;
}

it("shows each sale's status beside its action, and names Lagos time on the list", async () => {
  salesApi([
    sale(1, 10),
    sale(2, 20, { startsAt: iso(Date.now() - day), endsAt: iso(Date.now() + day) }),
    sale(3, 30, { startsAt: iso(Date.now() - 2 * day), endsAt: iso(Date.now() - day) }),
    sale(4, 40, { cancelled: true }),
  ]);
  renderWithApp(<AdminSales />);
  const table = (await screen.findByText('10%')).closest('table')!;
  const heads = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  expect(heads).toEqual(['Off', 'From (Lagos time, WAT)', 'Until (Lagos time, WAT)', 'Courses', 'Status']);
  const statusOf = (percent: number) => {
    const row = within(within(table).getByText(`${percent}%`).closest('tr')!);
    const cells = row.getAllByRole('cell');
    return [
      cells.at(-1)!.querySelector('.status')?.textContent,
      row.queryByRole('button')?.textContent ?? null,
    ];
  };
  expect(statusOf(10)).toEqual(['Scheduled', 'Cancel sale']);
  expect(statusOf(20)).toEqual(['Running', 'Cancel sale']);
  expect(statusOf(30)).toEqual(['Ended', null]);
  expect(statusOf(40)).toEqual(['Cancelled', null]);
  // 08:00 UTC is 09:00 in Lagos.
  expect(within(table).getAllByText('1 Mar 2099, 09:00')).toHaveLength(2);
});

it('reads the form as Lagos time, whatever the browser says', async () => {
  const saved = salesApi([]);
  renderWithApp(<AdminSales />);
  const form = within(await screen.findByRole('form', { name: 'New sale' }));
  await userEvent.type(form.getByLabelText('Percent off (1–100)'), '15');
  await userEvent.clear(form.getByLabelText('Starts (Lagos time, WAT)'));
  await userEvent.type(form.getByLabelText('Starts (Lagos time, WAT)'), '2099-12-01T09:00');
  await userEvent.clear(form.getByLabelText('Ends (Lagos time, WAT)'));
  await userEvent.type(form.getByLabelText('Ends (Lagos time, WAT)'), '2099-12-08T21:30');
  await userEvent.click(form.getByRole('button', { name: 'Create sale' }));
  expect(await screen.findByText('Sale saved.')).toBeInTheDocument();
  expect(saved).toEqual([
    { percent: 15, startsAt: '2099-12-01T08:00:00.000Z', endsAt: '2099-12-08T20:30:00.000Z' },
  ]);
});
