import { expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { courseDto } from '@/test/course-dto.ts';
import { freshEachTest, renderWithApp } from '@/test/render-with-app.tsx';
import { WishlistHeart } from './WishlistHeart.tsx';

freshEachTest({ session: 'user' });

const answer = (body: object) =>
  new Response(JSON.stringify({ responseDto: { code: 'dk00', message: 'ok' }, ...body }), {
    headers: { 'Content-Type': 'application/json' },
  });

it('a heart pressed while the first read of the list is still on its way shows the course as wishlisted', async () => {
  const saved = new Set<number>();
  // The first read of the list leaves before the press and answers after it, without the course.
  let answerFirstRead: () => void = () => undefined;
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input).replace(/^.*\/dl\/api\/v1/, '');
      if (path === '/wishlist/add') {
        saved.add((JSON.parse(String(init.body)) as { courseId: number }).courseId);
        return answer({});
      }
      const list = [...saved].map((id) => courseDto({ id, title: 'Testing' }));
      reads += 1;
      if (reads === 1) await new Promise<void>((resolve) => (answerFirstRead = resolve));
      if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      return answer({ coursesDtos: list });
    }),
  );
  renderWithApp(<WishlistHeart courseId={7} title="Testing" />);
  await vi.waitFor(() => expect(reads).toBe(1));

  await userEvent.click(screen.getByRole('button', { name: 'Add Testing to wishlist' }));
  await vi.waitFor(() => expect(saved.has(7)).toBe(true));
  answerFirstRead();

  const heart = await screen.findByRole('button', { name: 'Remove Testing from wishlist' });
  expect(heart).toHaveAttribute('aria-pressed', 'true');
});
