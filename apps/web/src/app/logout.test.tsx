import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardLayout } from '@/components/DashboardLayout.tsx';
import { DataRightsSection } from '@/features/security/components/DataRightsSection.tsx';
import { setLogoutHandler } from '@/lib/session.ts';
import { mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import { Frame } from './Frame.tsx';
import { RequireRole } from './guards.tsx';

// Logout happens on protected screens too: it must land on / (spec §2), not on a login page.
describe('logout from a protected screen', () => {
  beforeEach(() => {
    localStorage.clear();
    mockApi(() => ({ body: { responseDto: { code: 'dk00', message: 'ok' } } }));
  });

  it('a student on a protected page of the frame lands on / with storage cleared', async () => {
    storeSession('user');
    renderWithApp(
      <Route element={<Frame />}>
        <Route index element={<p>Home page</p>} />
        <Route path="/login" element={<p>Login page</p>} />
        <Route
          path="/home/notifications"
          element={
            <RequireRole role="user">
              <p>Protected page</p>
            </RequireRole>
          }
        />
      </Route>,
      { path: '/home/notifications', asRoutes: true },
    );
    expect(screen.getByText('Protected page')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.length).toBe(0);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('a tutor in the dashboard lands on / with storage cleared', async () => {
    storeSession('tutor');
    renderWithApp(
      <>
        <Route element={<Frame />}>
          <Route index element={<p>Home page</p>} />
          <Route path="/tutor-login" element={<p>Tutor login page</p>} />
        </Route>
        <Route
          path="/tutor"
          element={
            <RequireRole role="tutor">
              <DashboardLayout title="Tutor" links={[]}>
                <p>Dashboard page</p>
              </DashboardLayout>
            </RequireRole>
          }
        />
      </>,
      { path: '/tutor', asRoutes: true },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.length).toBe(0);
  });

  it('deleting the account ends the session as a logout does, so its downloads leave the device', async () => {
    storeSession('user');
    const left: string[] = [];
    setLogoutHandler((owner) => left.push(owner));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockApi((path) =>
      path === '/account/export/list'
        ? { body: { responseDto: { code: 'dk00', message: 'ok' }, exports: [] } }
        : { body: { responseDto: { code: 'dk00', message: 'Your account has been deleted.' } } },
    );
    renderWithApp(
      <Route element={<Frame />}>
        <Route index element={<p>Home page</p>} />
        <Route path="/account-security" element={<DataRightsSection />} />
      </Route>,
      { path: '/account-security', asRoutes: true },
    );
    await userEvent.click(screen.getByText('Delete my account', { selector: 'summary' }));
    await userEvent.type(screen.getByLabelText('Your password'), 'Student123!');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
    expect(left).toEqual(['user@example.com']);
  });
});
