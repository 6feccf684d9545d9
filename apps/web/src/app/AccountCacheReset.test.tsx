import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { replaceToken, saveLogin } from '@/lib/session.ts';
import { wishlistKeys } from '@/lib/queries/wishlist.ts';
import { fakeToken, freshEachTest } from '@/test/render-with-app.tsx';
import { AccountCacheReset } from './AccountCacheReset.tsx';

const login = (email: string) =>
  saveLogin('user', {
    token: fakeToken(Math.floor(Date.now() / 1000) + 3600),
    emailAddress: email,
    userName: email,
  });

// A key without the account in it (the wishlist's) must not show one student's answer to the next.
describe('AccountCacheReset', () => {
  freshEachTest();

  function renderWishlist(fetcher: () => Promise<string>) {
    function Wishlist() {
      const { data } = useQuery({ queryKey: wishlistKeys.all, queryFn: fetcher, staleTime: Infinity });
      return <p>{data ?? 'loading'}</p>;
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <AccountCacheReset />
        <Wishlist />
      </QueryClientProvider>,
    );
  }

  it('fetches again, rather than showing the cache, after another account signs in', async () => {
    login('a@example.com');
    const fetcher = vi.fn(async () => `wishlist of ${localStorage.getItem('email')}`);
    renderWishlist(fetcher);
    expect(await screen.findByText('wishlist of a@example.com')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);

    act(() => login('b@example.com'));
    expect(await screen.findByText('wishlist of b@example.com')).toBeInTheDocument();
    expect(screen.queryByText('wishlist of a@example.com')).not.toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('does not fetch again on first mount or while the account stays the same', async () => {
    login('a@example.com');
    const fetcher = vi.fn(async () => 'a list');
    renderWishlist(fetcher);
    expect(await screen.findByText('a list')).toBeInTheDocument();
    act(() => replaceToken(fakeToken(Math.floor(Date.now() / 1000) + 3600)));
    await act(async () => {});
    expect(screen.getByText('a list')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
