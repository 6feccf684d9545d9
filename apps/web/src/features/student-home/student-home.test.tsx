import { useRoutes } from 'react-router';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { studentRoutes } from '@/app/routes-student.tsx';
import { cart } from '@/lib/cart.ts';
import { freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';

/** The student routes as the app mounts them, with a login screen to land on. */
function StudentScreens() {
  return useRoutes([...studentRoutes, { path: '/login', element: <h1>Login screen</h1> }]);
}

function renderAt(path: string) {
  return renderWithApp(<StudentScreens />, { path });
}

freshEachTest({ cart: true });
beforeEach(() => mockApi(() => ({ status: 500, body: {} })));

describe('student screens', () => {
  it('shows the working cart on /home/cart, the same as the panel', async () => {
    storeSession('user');
    cart.add({ id: 3, name: 'Docker in practice', price: 12500 });
    renderAt('/home/cart');
    expect(await screen.findByText('Docker in practice')).toBeInTheDocument();
    expect(screen.getByText('₦12,500', { selector: '.cart-line-price' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check out' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Clear Cart' })).toBeInTheDocument();
  });

  it.each([
    ['/home/notifications', 'You have no notifications yet.'],
    ['/wishlist', 'Your wishlist is empty.'],
    ['/subscriptions', 'You have no subscriptions yet.'],
  ])('shows an empty state on %s', async (path, text) => {
    storeSession('user');
    const ok = { code: 'dk00', message: 'Success' };
    mockApi((p) =>
      p === '/notification/list'
        ? { body: { responseDto: ok, notifications: [], unreadCount: 0, totalData: 0 } }
        : p === '/wishlist/list'
          ? { body: { responseDto: ok, coursesDtos: [] } }
          : { status: 500, body: {} },
    );
    renderAt(path);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/');
  });

  it.each(['/home/my-courses', '/home/cart', '/edit-profile', '/change-password', '/wishlist'])(
    'an expired session on %s clears storage and goes to /login',
    async (path) => {
      storeSession('user', Math.floor(Date.now() / 1000) - 60);
      cart.add({ id: 3, name: 'Docker in practice', price: 12500 });
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('/login');
      expect(localStorage.length).toBe(0);
    },
  );

  it.each(['/home/my-courses', '/home/cart', '/home/orders?page=2'])(
    'sends a guest from %s to /login, which returns there after signing in',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(
        new RegExp(`^/login\\?next=${encodeURIComponent(path)}$`),
      );
    },
  );
});
