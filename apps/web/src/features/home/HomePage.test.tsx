import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CourseList } from '@/features/catalogue/CourseList.tsx';
import { mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { BANNER_INTERVAL_MS } from './components/Banner.tsx';
import { HomePage } from './HomePage.tsx';

const card = (id: number) => ({
  id,
  title: `Course ${id}`,
  author: 'Ifeoma',
  nairaPrice: 1234567,
  courseImageUrl: `/img/${id}.png`,
  studentCount: 42,
  averageRating: id === 1 ? 4.5 : null,
  ratingCount: id === 1 ? 12 : 0,
});
let total = 0;
let fetchSpy: ReturnType<typeof mockApi>;

beforeEach(() => {
  total = 0;
  fetchSpy = mockApi((_path, { json }) => {
    const { pageNo } = json as { pageNo: number };
    const ids = Array.from(
      { length: Math.max(0, Math.min(10, total - pageNo * 10)) },
      (_, i) => pageNo * 10 + i + 1,
    );
    return {
      body: { responseDto: { code: 'dk00', message: 'ok' }, coursesDtos: ids.map(card), totalData: total },
    };
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const home = () =>
  renderWithApp(<HomePage courses={<CourseList emptyText="No courses available at the moment." />} />);
const current = () => screen.getByRole('button', { name: /Show slide/, current: true });

describe('HomePage', () => {
  it('shows the empty text when there are no courses, six categories and the instructor call to action', async () => {
    home();
    expect(await screen.findByText('No courses available at the moment.')).toBeInTheDocument();
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const code of [
      'SoftwareTester',
      'BackendEngineer',
      'DevopsEngineer',
      'ProductOwner',
      'FrontendEngineer',
      'MobileEngineer',
    ])
      expect(links).toContain(`/category/${code}`);
    expect(screen.getByRole('heading', { name: 'Become an instructor' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Teach on the product' })).toHaveAttribute('href', '/teaching');
  });

  it('lists cards (title, author, ₦ price, rating, students) with a 1-based pager over zero-based pages', async () => {
    total = 23;
    home();
    expect(await screen.findByText('Course 1')).toBeInTheDocument();
    const article = screen.getByText('Course 1').closest('article')!;
    expect(within(article).getByRole('img', { name: 'Course 1' })).toHaveAttribute('src', '/img/1.png');
    expect(article).toHaveTextContent('Ifeoma');
    expect(article).toHaveTextContent('₦1,234,567');
    expect(article).toHaveTextContent('★ 4.5 (12)');
    expect(screen.getByText('Course 2').closest('article')).toHaveTextContent('New');
    expect(article).toHaveTextContent('42 students');
    expect(
      within(screen.getByRole('navigation', { name: 'Pages' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['‹', '1', '2', '3', '›']);
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Course 21')).toBeInTheDocument();
    expect(JSON.parse(String(fetchSpy.mock.calls.at(-1)?.[1]?.body))).toEqual({ pageSize: 10, pageNo: 2 });
  });

  it('the banner advances every 3 s and swipes only past 60 px', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    home();
    expect(current()).toHaveAccessibleName('Show slide 1');
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(current()).toHaveAccessibleName('Show slide 2');
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(current()).toHaveAccessibleName('Show slide 3');
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(current()).toHaveAccessibleName('Show slide 1');

    const viewport = screen.getByTestId('banner-viewport');
    const swipe = (from: number, to: number, pointerType = 'mouse') => {
      fireEvent.pointerDown(viewport, { clientX: from, pointerId: 1, pointerType });
      fireEvent.pointerUp(viewport, { clientX: to, pointerId: 1, pointerType });
    };
    swipe(300, 241);
    expect(current()).toHaveAccessibleName('Show slide 1');
    swipe(300, 240);
    expect(current()).toHaveAccessibleName('Show slide 2');
    swipe(100, 200, 'touch');
    expect(current()).toHaveAccessibleName('Show slide 1');
    swipe(100, 200, 'touch');
    expect(current()).toHaveAccessibleName('Show slide 3');
  });
});
