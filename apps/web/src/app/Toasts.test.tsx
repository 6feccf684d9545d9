import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, expect, it } from 'vitest';
import { CartPanel } from '@/components/frame/CartPanel.tsx';
import { cart } from '@/lib/cart.ts';
import Toasts from './Toasts.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderWithCart(open: boolean) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Toasts />
        <CartPanel open={open} onClose={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

it('toasts leave the top right, where the cart panel has its lines and coupon field, while the panel is open', async () => {
  cart.reload();
  cart.add({ id: 3, name: 'Docker in practice', price: 12500 });
  const view = render(renderWithCart(true));
  expect(screen.getByLabelText('Coupon code')).toBeInTheDocument();
  act(() => void toast.info('Item removed from cart.'));
  const container = (await screen.findByText('Item removed from cart.')).closest(
    '.Toastify__toast-container',
  )!;
  expect(container).toHaveClass('toasts-beside-panel');
  expect(container).not.toHaveAttribute('style', expect.stringContaining('top'));

  view.rerender(renderWithCart(false));
  expect(container).not.toHaveClass('toasts-beside-panel');
  expect(container.getAttribute('style')).toContain('top: calc(var(--site-header-height, 8px) + 8px)');
});

it("names each toast's close button and timer bar in the catalogs' words, not the library's English", async () => {
  render(renderWithCart(false));
  act(() => void toast.success('Profile updated.'));
  await screen.findByText('Profile updated.');
  expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
  expect(await screen.findByRole('progressbar', { name: 'Notification timer' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'close' })).not.toBeInTheDocument();
});
