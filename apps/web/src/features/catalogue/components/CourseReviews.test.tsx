import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { CourseReviews } from './CourseReviews.tsx';

freshEachTest({ session: 'user' });

const ok = { code: 'dk00', message: 'ok' };
const noReviews = {
  responseDto: ok,
  reviews: [],
  totalData: 0,
  averageRating: null,
  ratingCount: 0,
  ratingCounts: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
};

const earlier = {
  id: 4,
  fullName: 'Ada Obi',
  rating: 5,
  comment: 'Loved it.',
  timeCreated: [2026, 11, 20, 9, 0, 0],
};

function serve(own: typeof earlier | null = null) {
  const sent: unknown[] = [];
  mockApi((path, init) => {
    if (path === '/review/mine') return { body: { responseDto: ok, review: own } };
    if (path === '/review/add') {
      sent.push(init.json);
      const body = init.json as { rating: number; comment: string | null };
      return {
        body: {
          responseDto: ok,
          review: {
            id: 9,
            fullName: 'Ada Obi',
            rating: body.rating,
            comment: body.comment,
            timeCreated: [2026, 11, 26, 6, 0, 0],
          },
        },
      };
    }
    return { body: noReviews };
  });
  return sent;
}

describe('the review form', () => {
  it("shows the student's earlier review as 'Your review' on a later visit", async () => {
    serve(earlier);
    renderWithApp(<CourseReviews courseId={7} canReview canHide={false} />, { path: '/course/7' });
    const mine = await screen.findByRole('region', { name: 'Your review' });
    expect(within(mine).getByLabelText('5 out of 5 stars')).toBeInTheDocument();
    expect(within(mine).getByText('Loved it.')).toBeInTheDocument();
    await userEvent.click(within(mine).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(screen.getByLabelText('Comment (optional)')).toHaveValue('Loved it.');
  });

  it('is a star radio group with labels and arrow keys', async () => {
    serve();
    renderWithApp(<CourseReviews courseId={7} canReview canHide={false} />, { path: '/course/7' });
    const group = await screen.findByRole('radiogroup', { name: 'Your rating' });
    const stars = within(group).getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    await userEvent.click(within(group).getByRole('radio', { name: '3 stars' }));
    expect(within(group).getByRole('radio', { name: '3 stars' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '4 stars' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(group).getByRole('radio', { name: '2 stars' })).toBeChecked();
    await userEvent.keyboard('{End}');
    expect(within(group).getByRole('radio', { name: '5 stars' })).toBeChecked();
    // One Tab stop: the chosen star.
    expect(stars.filter((s) => s.tabIndex === 0)).toHaveLength(1);
  });

  it("shows 'Your review' after submitting, with an Edit that brings the form back filled", async () => {
    const sent = serve();
    renderWithApp(<CourseReviews courseId={7} canReview canHide={false} />, { path: '/course/7' });
    await userEvent.click(await screen.findByRole('radio', { name: '4 stars' }));
    await userEvent.type(screen.getByLabelText('Comment (optional)'), 'Clear and practical.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    const mine = await screen.findByRole('region', { name: 'Your review' });
    expect(within(mine).getByLabelText('4 out of 5 stars')).toBeInTheDocument();
    expect(within(mine).getByText('Clear and practical.')).toBeInTheDocument();
    expect(sent).toEqual([{ courseId: 7, rating: 4, comment: 'Clear and practical.' }]);
    expect(screen.queryByRole('form', { name: 'Rate this course' })).not.toBeInTheDocument();

    await userEvent.click(within(mine).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit your review' });
    expect(within(form).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(form).getByLabelText('Comment (optional)')).toHaveValue('Clear and practical.');
  });
});
