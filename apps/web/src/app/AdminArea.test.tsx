import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import AdminArea from './AdminArea.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ok = { code: 'dk00', message: 'OK' };

describe('admin area', () => {
  it('an expired session on a protected screen clears storage and goes to /login', async () => {
    storeSession('admin', Math.floor(Date.now() / 1000) - 60);
    localStorage.setItem('cart', '[]');
    mockApi(() => ({ body: { responseDto: ok } }));
    renderWithApp(<AdminArea />, { path: '/admin/courses', route: '/admin/*' });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(localStorage.length).toBe(0);
  });

  it('sends a guest to the admin login, which returns to the screen asked for', async () => {
    mockApi(() => ({ body: { responseDto: ok } }));
    renderWithApp(<AdminArea />, { path: '/admin/payouts', route: '/admin/*' });
    expect(await screen.findByTestId('location')).toHaveTextContent(
      /^\/admin-login\?next=%2Fadmin%2Fpayouts$/,
    );
  });

  it('opens the forgot password screen without a login', async () => {
    renderWithApp(<AdminArea />, { path: '/admin/forgot-password', route: '/admin/*' });
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('shows the dashboard inside the admin menu for a logged-in admin', async () => {
    storeSession('admin');
    mockApi((path) =>
      path === '/admin/adminid'
        ? { body: { responseDto: ok, adminDto: { id: 1, fullName: 'Bola Admin', email: 'a@e2e.test' } } }
        : {
            body: {
              responseDto: ok,
              statusCounts: { Pending: 0, Approved: 0, Rejected: 0 },
              recentCourses: [],
            },
          },
    );
    renderWithApp(<AdminArea />, { path: '/admin', route: '/admin/*' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Bola Admin' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin menu' })).toHaveTextContent('Courses');
  });
});
