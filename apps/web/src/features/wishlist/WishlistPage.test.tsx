import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addToCart } from '@/lib/add-to-cart.ts';
import { cart } from '@/lib/cart.ts';
import { courseDto } from '@/test/course-dto.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import WishlistPage from './WishlistPage.tsx';

freshEachTest({ session: 'user', cart: true });

describe('WishlistPage', () => {
  it("offers 'Go to course' for an owned course and 'Add to cart' for the others", async () => {
    const owned = courseDto({ id: 3, title: 'Owned one', owned: true, status: 'Approved' });
    const other = courseDto({ id: 4, title: 'Other one', status: 'Approved' });
    mockApi(() => ({ body: { responseDto: { code: 'dk00', message: 'ok' }, coursesDtos: [owned, other] } }));
    renderWithApp(<WishlistPage />, { path: '/wishlist' });
    const go = await screen.findByRole('link', { name: 'Go to course Owned one' });
    expect(go).toHaveAttribute('href', '/view-course/3');
    expect(screen.queryByRole('button', { name: 'Add Owned one to cart' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Other one to cart' }));
    expect(cart.items()).toEqual([{ id: 4, name: 'Other one', price: 15000 }]);
  });

  it('still refuses an owned course that reaches add to cart (a stale page)', () => {
    const session = { authenticated: true, role: 'user' as const };
    expect(addToCart(courseDto({ owned: true }), session)).toBe('owned');
    expect(cart.items()).toEqual([]);
  });
});
