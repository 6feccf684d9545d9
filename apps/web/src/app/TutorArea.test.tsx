import { beforeEach, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import TutorArea from './TutorArea.tsx';

// The machine running the tests is shared: give the first (cold) render more time than 1 s.
configure({ asyncUtilTimeout: 5000 });

const renderArea = (path: string) =>
  renderWithApp(
    <>
      <Route path="/tutor/*" element={<TutorArea />} />
      <Route path="*" element={null} />
    </>,
    { path, asRoutes: true },
  );

freshEachTest();
beforeEach(() => mockApi(() => ({ status: 500, body: {} })));

it('an expired session clears storage and goes to /login', async () => {
  storeSession('tutor', Math.floor(Date.now() / 1000) - 10);
  localStorage.setItem('courseData', '{"step":2}');
  renderArea('/tutor/courses');
  await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  expect(localStorage.length).toBe(0);
});

it('a guest is sent to the tutor login, which returns to the screen asked for', async () => {
  renderArea('/tutor/earnings');
  await vi.waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/tutor-login\?next=%2Ftutor%2Fearnings$/),
  );
});

it('password reset screens need no session', async () => {
  renderArea('/tutor/forgot-password');
  expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
});

it('a tutor gets the side menu and the screen', async () => {
  storeSession('tutor');
  renderArea('/tutor/courses');
  expect(await screen.findByRole('navigation', { name: 'Tutor menu' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'My courses' })).toBeInTheDocument();
  expect(
    await screen.findByText('Unable to get all courses at the moment, please try again later'),
  ).toBeInTheDocument();
});
