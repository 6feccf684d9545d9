import { useRoutes } from 'react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { studentRoutes } from '@/app/routes-student.tsx';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';

const ok = { code: 'dk00', message: 'Success' };
const visa = { id: 4, brand: 'visa', last4: '4081', expMonth: '12', expYear: '2030', bank: 'TEST BANK' };

function StudentScreens() {
  return (
    <>
      {useRoutes(studentRoutes)}
      <ToastContainer />
    </>
  );
}

freshEachTest({ session: 'user' });

describe('the student’s saved cards', () => {
  it('shows the card by brand and last 4 digits and removes it with the provider', async () => {
    let cards = [visa];
    const removed: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/card/saved/remove') {
        removed.push(init.json);
        cards = [];
        return { body: { responseDto: { ...ok, message: 'Card removed' } } };
      }
      return { body: { responseDto: ok, cards } };
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithApp(<StudentScreens />, { path: '/home/payment-methods', route: '*' });
    const list = await screen.findByRole('list', { name: 'Your saved cards' });
    expect(within(list).getByText('Visa ending 4081')).toBeInTheDocument();
    expect(within(list).getByText('Expires 12/2030 · TEST BANK')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Visa ending 4081' }));
    expect(window.confirm).toHaveBeenCalledWith(
      'Remove Visa ending 4081? Your plans will be paid from payment links.',
    );
    expect(await screen.findByText('Card removed')).toBeInTheDocument();
    expect(removed).toEqual([{ id: 4 }]);
    expect(await screen.findByText('You have no saved card.')).toBeInTheDocument();
  });

  it('keeps the card when the removal is not confirmed, and says why a refused removal failed', async () => {
    const removed: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/card/saved/remove') {
        removed.push(init.json);
        return { status: 404, body: { responseDto: { code: 'dk96', message: 'Card not found.' } } };
      }
      return { body: { responseDto: ok, cards: [visa] } };
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderWithApp(<StudentScreens />, { path: '/home/payment-methods', route: '*' });
    const remove = await screen.findByRole('button', { name: 'Remove Visa ending 4081' });
    await userEvent.click(remove);
    expect(removed).toEqual([]);
    confirm.mockReturnValue(true);
    await userEvent.click(remove);
    expect(await screen.findByText('Card not found.')).toBeInTheDocument();
    expect(screen.getByText('Visa ending 4081')).toBeInTheDocument();
  });
});
