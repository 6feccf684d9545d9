import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WishlistHeart } from '@/components/WishlistHeart.tsx';
import { loginPath, safeNext } from '@/lib/login-return.ts';
import { fakeToken, freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import LoginPage from './LoginPage.tsx';

freshEachTest();

describe('the login returns to where the guest was', () => {
  it('follows only paths of this site', () => {
    expect(safeNext('/course/7')).toBe('/course/7');
    expect(safeNext('/checkout?reference=DL-1-ab')).toBe('/checkout?reference=DL-1-ab');
    for (const foreign of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
      null,
    ])
      expect(safeNext(foreign)).toBeNull();
    expect(loginPath('/course/7')).toBe('/login?next=%2Fcourse%2F7');
    expect(loginPath('//evil.example')).toBe('/login');
  });

  it.each([
    ['/course/7', '/course/7'],
    ['//evil.example/steal', '/'],
  ])('logging in with next=%s lands on %s', async (next, landing) => {
    const token = fakeToken(Math.floor(Date.now() / 1000) + 3600, 'user');
    mockApi(() => ({
      body: { responseDto: { code: 'dk00', message: 'ok' }, token, emailAddress: 'a@b.ng', userName: 'ada' },
    }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<LoginPage role="user" />, { path: `/login?next=${encodeURIComponent(next)}` });
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.ng');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123!');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${landing}$`));
  });

  it("gives a guest's heart the spec warning with a Log in action that returns to the course", async () => {
    mockApi(() => ({ body: {} }));
    renderWithApp(<WishlistHeart courseId={7} title="Backend with Node" />, { path: '/course/7' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Backend with Node to wishlist' }));
    expect(await screen.findByText('You need to login')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?next=%2Fcourse%2F7$/);
  });
});
