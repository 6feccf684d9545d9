import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { cart } from '@/lib/cart.ts';
import { freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import { Frame } from './Frame.tsx';

const emptyPage = { responseDto: { code: 'dk00', message: 'ok' }, coursesDtos: [], totalData: 0 };

function renderFrame(path = '/') {
  return renderWithApp(
    <Route element={<Frame />}>
      <Route path="*" element={<p>page body</p>} />
    </Route>,
    { path, asRoutes: true },
  );
}

freshEachTest({ cart: true });
beforeEach(() => mockApi(() => ({ body: emptyPage })));

describe('Frame', () => {
  it('a guest sees Login and Signup, the search box, the links and the footer', () => {
    renderFrame();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/signup');
    expect(within(header).getByRole('link', { name: 'My Learning' })).toHaveAttribute(
      'href',
      '/home/my-courses',
    );
    expect(within(header).getByRole('link', { name: 'Become a Instructor' })).toHaveAttribute(
      'href',
      '/teaching',
    );
    expect(screen.getByPlaceholderText('Search courses here...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Notifications' })).not.toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('The best online learning platform');
    expect(footer).toHaveTextContent('© 2024');
    for (const name of ['About us', 'Contact us', 'Terms', 'Privacy policy', 'Accessibility statement'])
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
  });

  it('the cart icon counts the cart and opens the panel', async () => {
    cart.add({ id: 3, name: 'Python basics', price: 12000 });
    renderFrame();
    await userEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
    // The panel's code loads on demand: on a busy machine the first import can take longer than the usual wait.
    const panel = await screen.findByRole('dialog', { name: 'Your Cart' }, { timeout: 15_000 });
    expect(within(panel).getByRole('listitem')).toHaveTextContent('Python basics₦12,000');
    expect(within(panel).getByRole('button', { name: 'Close cart' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toHaveFocus();
  });

  it.each([
    [
      'user',
      [
        'My Learning',
        'This week',
        'Peer reviews',
        'Downloads',
        'Cart',
        'My Orders',
        'Profile',
        'Calendar feed',
        'Change Password',
        'Logout',
      ],
    ],
    ['tutor', ['Dashboard', 'Settings', 'Change Password', 'Logout']],
    ['admin', ['Dashboard', 'Logout']],
  ] as const)('a logged-in %s sees the bell and a profile menu of %j', async (role, items) => {
    storeSession(role);
    renderFrame();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/home/notifications',
    );
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Profile menu' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(items);
  });

  it("a student who runs a team has My team after My Orders, to the team's dashboard", async () => {
    mockApi((path) =>
      path.startsWith('/team/mine')
        ? { body: { responseDto: { code: 'dk00', message: 'ok' }, team: { id: 4, companyName: 'Acme' } } }
        : { body: emptyPage },
    );
    storeSession('user');
    renderFrame();
    await userEvent.click(await screen.findByRole('button', { name: 'Profile menu' }));
    const myTeam = await screen.findByRole('menuitem', { name: 'My team' });
    expect(myTeam).toHaveAttribute('href', '/home/team');
    const names = within(screen.getByRole('menu'))
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(names.slice(names.indexOf('My Orders'), names.indexOf('My Orders') + 2)).toEqual([
      'My Orders',
      'My team',
    ]);
  });

  it('the profile menu works by keyboard, and Logout clears storage and goes to /', async () => {
    storeSession('user');
    cart.add({ id: 1, name: 'A', price: 1 });
    renderFrame('/course/1');
    const button = await screen.findByRole('button', { name: 'Profile menu' });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(screen.getByRole('menuitem', { name: 'My Learning' })).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.length).toBe(0);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it('an expired token is removed and the visitor goes to / as a guest (the cart stays)', () => {
    storeSession('user', Math.floor(Date.now() / 1000) - 10);
    cart.add({ id: 1, name: 'A', price: 1 });
    renderFrame('/course/7');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(localStorage.getItem('cart')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('a token that expires while the page is open is caught by the periodic check', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession('user', Math.floor(Date.now() / 1000) + 20);
    renderFrame('/course/7');
    expect(screen.getByTestId('location')).toHaveTextContent('/course/7');
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('the menu toggle opens the mobile nav; Login and Signup appear there only when logged out', async () => {
    renderFrame();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    const nav = screen.getByRole('navigation', { name: 'Mobile menu' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Signup' })).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile menu' })).not.toBeInTheDocument();
  });

  it('the mobile nav of a logged-in student has no Login or Signup', async () => {
    storeSession('user');
    renderFrame();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const nav = screen.getByRole('navigation', { name: 'Mobile menu' });
    expect(within(nav).getByRole('link', { name: 'My Learning' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Signup' })).not.toBeInTheDocument();
  });
});
