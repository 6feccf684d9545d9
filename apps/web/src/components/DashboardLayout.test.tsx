import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { freshEachTest, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import { DashboardLayout, type DashboardLink } from './DashboardLayout.tsx';

const LINKS: DashboardLink[] = [
  { to: '/tutor', label: 'Dashboard', end: true },
  { to: '/tutor/earnings', label: 'Earnings' },
  { to: '/tutor/notifications', label: 'Notifications', badge: 3 },
];

function renderLayout(path = '/tutor') {
  return renderWithApp(
    <Route path="/tutor" element={<DashboardLayout title="Tutor" links={LINKS} />}>
      <Route index element={<h1>Dashboard page</h1>} />
      <Route path="earnings" element={<h1>Earnings page</h1>} />
    </Route>,
    { path, asRoutes: true },
  );
}

freshEachTest({ session: 'tutor' });

describe('the dashboard menu on a phone', () => {
  it('folds behind one Menu button that says it is closed, and tells the unread count', () => {
    storeSession('tutor');
    renderLayout();
    const toggle = screen.getByRole('button', { name: 'Menu, 3 unread' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(menu).not.toHaveClass('open');
    expect(within(menu).getByRole('navigation', { name: 'Tutor menu' })).toBeInTheDocument();
  });

  it('opens with the button, and closes when a page is chosen', async () => {
    renderLayout();
    const toggle = screen.getByRole('button', { name: /^Menu/ });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('link', { name: 'Earnings' }));
    expect(await screen.findByRole('heading', { name: 'Earnings page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/tutor/earnings');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape and gives the focus back to its button', async () => {
    renderLayout();
    const toggle = screen.getByRole('button', { name: /^Menu/ });
    await userEvent.click(toggle);
    await userEvent.tab();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
