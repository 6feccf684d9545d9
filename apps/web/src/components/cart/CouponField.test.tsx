import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cart } from '@/lib/cart.ts';
import { couponStore } from '@/lib/coupon.ts';
import { freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import { CartContents, paymentRedirect } from './CartContents.tsx';

const OK = { code: 'dk00', message: 'OK' };

freshEachTest({ cart: true });
afterEach(() => {
  vi.restoreAllMocks();
  couponStore.set(null);
});

describe('the cart’s coupon code', () => {
  it('applies a code, strikes the old price through with the saving, and checks out with it', async () => {
    storeSession('user');
    cart.add({ id: 4, name: 'A', price: 10_000 });
    cart.add({ id: 9, name: 'B', price: 2000 });
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
    const fetchSpy = mockApi((path, init) => {
      if (path === '/coupon/apply') {
        const body = init.json as { code: string };
        if (body.code !== 'SAVE25')
          return {
            status: 400,
            body: { responseDto: { code: 'dk96', message: 'This coupon has expired.' } },
          };
        return {
          body: {
            responseDto: OK,
            lines: [
              { courseId: 4, price: 10_000, discountedPrice: 7500, coupon: 'SAVE25' },
              { courseId: 9, price: 2000, discountedPrice: 2000, coupon: null },
            ],
          },
        };
      }
      if (path === '/card/charge') {
        return {
          body: {
            responseDto: OK,
            initializeTransactionResponse: {
              status: true,
              message: 'ok',
              data: { authorization_url: 'http://pay.example/x', access_code: 'x', reference: 'r' },
            },
          },
        };
      }
      return { body: { responseDto: OK, refundPolicy: { days: 14, maxWatchedPercent: 30 } } };
    });
    renderWithApp(<CartContents />);
    await userEvent.type(screen.getByLabelText('Coupon code'), 'OLD1');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This coupon has expired.');

    await userEvent.clear(screen.getByLabelText('Coupon code'));
    await userEvent.type(screen.getByLabelText('Coupon code'), 'SAVE25');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('SAVE25')).toBeInTheDocument();
    expect(screen.getByText('You save ₦2,500')).toBeInTheDocument();
    expect(screen.getByText('₦9,500')).toBeInTheDocument();
    expect(screen.getByText('₦12,000').tagName).toBe('S');

    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://pay.example/x'));
    const charge = fetchSpy.mock.calls.find((c) => String(c[0]).endsWith('/card/charge'))!;
    expect(JSON.parse(String(charge[1]!.body))).toMatchObject({ courseIds: [4, 9], coupon: 'SAVE25' });
  });
});
