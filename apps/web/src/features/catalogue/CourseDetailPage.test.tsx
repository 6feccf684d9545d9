import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCourseDto } from '@app/contract/courses';
import { cart } from '@/lib/cart.ts';
import { freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import CourseDetailPage from './CourseDetailPage.tsx';
import { NO_STREAM } from '@/test/series.ts';
import { NO_REVIEWS } from '@/test/course-dto.ts';

function course(over: Partial<TCourseDto> = {}): TCourseDto {
  return {
    id: 7,
    title: 'Backend with Node',
    description: 'Build APIs.',
    author: 'Kemi Adeyemi',
    nairaPrice: 25000,
    courseImageUrl: '/media/images/x.png',
    courseVideoUrl: null,
    courseGroup: 'Engineering',
    courseCategory: 'BackendEngineer',
    status: 'Approved',
    timeCreated: [2024, 1, 1, 0, 0, 0],
    sectionDto: [
      {
        id: 1,
        title: 'Getting started',
        seriesList: [
          {
            id: 1,
            title: 'Install Node',
            videoLink: null,
            resourceFile: null,
            videoFile: null,
            ...NO_STREAM,
          },
        ],
      },
    ],
    studentCount: 1200,
    averageRating: null,
    ratingCount: 0,
    owned: false,
    canWatch: false,
    ...over,
  };
}
const okDto = { code: 'dk00', message: 'ok' };
const answer = (c: TCourseDto) => ({ body: { responseDto: okDto, coursesDto: c } });

/** The course page's calls: the course itself, its reviews and (for a student) the wishlist. */
const coursePage = (c: TCourseDto) => (path: string) =>
  path === '/review/list'
    ? { body: NO_REVIEWS }
    : path === '/wishlist/list'
      ? { body: { responseDto: okDto, coursesDtos: [] } }
      : answer(c);
const open = () => renderWithApp(<CourseDetailPage />, { path: '/course/7', route: '/course/:id' });

freshEachTest({ cart: true });

describe('CourseDetailPage', () => {
  it('a guest gets the public call; adding says You need to login and goes to /login after 2 s', async () => {
    const fetchSpy = mockApi(coursePage(course()));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open();
    expect(await screen.findByRole('heading', { name: 'Backend with Node' })).toBeInTheDocument();
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/dl/api/v1/course/view/singlecourse');
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({ courseId: 7 });
    expect(screen.getByText('₦25,000')).toBeInTheDocument();
    expect(screen.getByText('Install Node')).toBeInTheDocument();
    expect(screen.getByText('By Kemi Adeyemi')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('You need to login')).toBeInTheDocument();
    expect(cart.items()).toEqual([]);
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByTestId('location')).toHaveTextContent('/course/7');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('names the language the course is taught in, in its own words, beside its tutor', async () => {
    mockApi(coursePage(course({ language: 'pcm' })));
    open();
    const naija = await screen.findByText('Naijá');
    expect(naija).toHaveAttribute('lang', 'pcm');
    expect(naija.parentElement).toHaveTextContent('By Kemi Adeyemi · Naijá');
  });

  it('a student adds once; the second time is refused as a duplicate', async () => {
    storeSession('user');
    const fetchSpy = mockApi(coursePage(course()));
    open();
    await screen.findByRole('heading', { name: 'Backend with Node' });
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/dl/api/v1/course/singlecourse/7');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Item added to cart successfully!')).toBeInTheDocument();
    expect(cart.items()).toEqual([{ id: 7, name: 'Backend with Node', price: 25000 }]);
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('This item is already in your cart!')).toBeInTheDocument();
    expect(cart.items()).toHaveLength(1);
  });

  it('in a sale the buy box shows the sale price and the saving, and the cart takes the sale price', async () => {
    storeSession('user');
    mockApi(coursePage(course({ salePrice: 17500 })));
    open();
    await screen.findByRole('heading', { name: 'Backend with Node' });
    expect(screen.getByText('₦25,000').tagName).toBe('S');
    expect(screen.getByText('₦25,000').closest('p')).toHaveTextContent('₦25,000 ₦17,500');
    expect(screen.getByText('You save ₦7,500 in the sale')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Item added to cart successfully!')).toBeInTheDocument();
    expect(cart.items()).toEqual([
      { id: 7, name: 'Backend with Node', price: 17500, nairaPrice: 25000, salePrice: 17500 },
    ]);
  });

  it("an owned course offers 'Go to course' instead of 'Add to cart', and it opens the player", async () => {
    storeSession('user');
    mockApi(coursePage(course({ owned: true, canWatch: true })));
    open();
    await screen.findByRole('heading', { name: 'Backend with Node' });
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to course' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/view-course/7');
    expect(cart.items()).toEqual([]);
  });

  it('shows the real rating, the count per star and the reviews, and a rating form for an owner', async () => {
    storeSession('user');
    mockApi((path) =>
      path === '/review/list'
        ? {
            body: {
              ...NO_REVIEWS,
              reviews: [
                {
                  id: 1,
                  fullName: 'Ada Obi',
                  rating: 4,
                  comment: 'Clear and practical.',
                  timeCreated: [2026, 11, 2, 0, 0, 0],
                },
              ],
              totalData: 1,
              averageRating: 4,
              ratingCount: 1,
              ratingCounts: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 },
            },
          }
        : coursePage(course({ owned: true, canWatch: true, averageRating: 4, ratingCount: 1 }))(path),
    );
    open();
    expect(await screen.findByText('Clear and practical.')).toBeInTheDocument();
    expect(screen.getByText('Ada Obi')).toBeInTheDocument();
    expect(screen.getAllByText('Rated 4.0 out of 5 by 1 student')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Ratings by stars' })).toHaveTextContent('4 ★1');
    expect(screen.getByRole('form', { name: 'Rate this course' })).toBeInTheDocument();
    expect(screen.queryByText('5.0')).not.toBeInTheDocument();
  });

  it('a course without reviews says New, and a guest gets no rating form', async () => {
    mockApi(coursePage(course()));
    open();
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.getAllByText('New')).toHaveLength(2);
    expect(screen.queryByRole('form', { name: 'Rate this course' })).not.toBeInTheDocument();
  });

  it("marks the free preview lessons of the outline with 'Free preview'", async () => {
    const lesson = (id: number, title: string, preview: boolean) => ({
      ...NO_STREAM,
      id,
      title,
      videoLink: preview ? '/media/videos/v.mp4' : null,
      resourceFile: null,
      videoFile: null,
      preview,
    });
    mockApi(
      coursePage(
        course({
          sectionDto: [
            {
              id: 1,
              title: 'Basics',
              seriesList: [lesson(1, 'Welcome', true), lesson(2, 'Deep dive', false)],
            },
          ],
        }),
      ),
    );
    open();
    const welcome = (await screen.findByText('Welcome')).closest('li')!;
    expect(welcome).toHaveTextContent('WelcomeFree preview');
    expect(screen.getByText('Deep dive').closest('li')).not.toHaveTextContent('Free preview');
    expect(screen.getAllByText('Free preview')).toHaveLength(1);
  });

  it('an unknown course says so', async () => {
    mockApi(() => ({
      status: 404,
      body: { responseDto: { code: 'dk96', message: 'Course Does Not Exist' } },
    }));
    open();
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
  });
});
