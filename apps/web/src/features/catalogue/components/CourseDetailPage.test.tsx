import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCourseDto } from '@app/contract/courses';
import { cart } from '../../../lib/cart.ts';
import { mockApi, renderWithApp, storeSession } from '../../../test/render-with-app.tsx';
import CourseDetailPage from './CourseDetailPage.tsx';

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
        seriesList: [{ id: 1, title: 'Install Node', videoLink: null, resourceFile: null, videoFile: null }],
      },
    ],
    studentCount: 1200,
    owned: false,
    canWatch: false,
    ...over,
  };
}
const answer = (c: TCourseDto) => ({ body: { responseDto: { code: 'dk00', message: 'ok' }, coursesDto: c } });
const open = () => renderWithApp(<CourseDetailPage />, { path: '/course/7', route: '/course/:id' });

beforeEach(() => {
  localStorage.clear();
  cart.reload();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CourseDetailPage', () => {
  it('a guest gets the public call; adding says You need to login and goes to /login after 2 s', async () => {
    const fetchSpy = mockApi(() => answer(course()));
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

  it('a student adds once; the second time is refused as a duplicate', async () => {
    storeSession('user');
    const fetchSpy = mockApi(() => answer(course()));
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

  it('an owned course is refused and the student goes to the player', async () => {
    storeSession('user');
    mockApi(() => answer(course({ owned: true, canWatch: true })));
    open();
    await screen.findByRole('heading', { name: 'Backend with Node' });
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText("You have already purchased this course, you can't add it to cart again"),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/view-course/7');
    expect(cart.items()).toEqual([]);
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
