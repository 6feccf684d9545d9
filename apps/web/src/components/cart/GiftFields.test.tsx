import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cart } from '@/lib/cart.ts';
import { freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import { CartContents, paymentRedirect } from './CartContents.tsx';
import { lagosToday } from './GiftFields.tsx';

const PAY_URL = 'http://pay.example/checkout/gift';
const ok = { code: 'dk00', message: 'OK' };

freshEachTest({ cart: true });
afterEach(() => vi.restoreAllMocks());

/** The API: the refund rule, a course's plans (none) and the charge, whose bodies are kept. */
function api() {
  const charged: unknown[] = [];
  mockApi((path, init) => {
    if (path === '/refund/policy')
      return { body: { responseDto: ok, refundPolicy: { days: 14, maxWatchedPercent: 30 } } };
    if (path === '/card/charge') {
      charged.push(init.json);
      return {
        body: {
          responseDto: ok,
          initializeTransactionResponse: {
            status: true,
            message: 'Authorization URL created',
            data: { authorization_url: PAY_URL, access_code: 'x', reference: 'r1' },
          },
        },
      };
    }
    return { body: { responseDto: ok, plans: [] } };
  });
  return charged;
}

describe('This is a gift', () => {
  it('reveals the recipient, message and send date only when ticked', async () => {
    storeSession('user');
    cart.add({ id: 4, name: 'React from zero', price: 15000 });
    api();
    renderWithApp(<CartContents />);
    expect(screen.queryByLabelText("Recipient's email")).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('This is a gift'));
    expect(screen.getByLabelText("Recipient's name")).toBeInTheDocument();
    expect(screen.getByLabelText("Recipient's email")).toBeInTheDocument();
    expect(screen.getByLabelText('Message (optional)')).toBeInTheDocument();
    const date = screen.getByLabelText('Send on (optional)');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('min', lagosToday());
    expect(screen.getByText(/You are not enrolled/)).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('This is a gift'));
    expect(screen.queryByLabelText("Recipient's name")).not.toBeInTheDocument();
  });

  it('shows each field error inline and charges nothing until the gift is complete', async () => {
    storeSession('user');
    cart.add({ id: 4, name: 'React from zero', price: 15000 });
    const charged = api();
    renderWithApp(<CartContents />);
    await userEvent.click(screen.getByLabelText('This is a gift'));
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByText("Recipient's name is required")).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText("Recipient's name")).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText("Recipient's name")).toHaveFocus();
    expect(charged).toEqual([]);

    await userEvent.type(screen.getByLabelText("Recipient's name"), 'Chidi Friend');
    await userEvent.type(screen.getByLabelText("Recipient's email"), 'chidi@');
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText("Recipient's name is required")).not.toBeInTheDocument();
    expect(charged).toEqual([]);
  });

  it('charges the cart as a gift with the recipient, the message and the send date', async () => {
    storeSession('user');
    cart.add({ id: 4, name: 'React from zero', price: 15000 });
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
    const charged = api();
    renderWithApp(<CartContents />);
    await userEvent.click(screen.getByLabelText('This is a gift'));
    await userEvent.type(screen.getByLabelText("Recipient's name"), ' Chidi Friend ');
    await userEvent.type(screen.getByLabelText("Recipient's email"), 'chidi@example.com');
    await userEvent.type(screen.getByLabelText('Message (optional)'), 'Happy birthday!');
    await userEvent.type(screen.getByLabelText('Send on (optional)'), '2099-12-25');
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(PAY_URL));
    expect(charged).toEqual([
      {
        amount: 15000,
        courseIds: [4],
        channel: 'card',
        gift: {
          name: 'Chidi Friend',
          email: 'chidi@example.com',
          message: 'Happy birthday!',
          sendOn: '2099-12-25',
        },
      },
    ]);
  });
});
