import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { courseDto } from '@/test/course-dto.ts';
import { MyCoursesPage } from './MyCoursesPage.tsx';
import { freshEachTest } from '@/test/render-with-app.tsx';

const course = (id: number) =>
  courseDto({ id, title: `Course ${id}`, status: 'Approved', studentCount: 1, owned: true });

function server(count: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        responseDto: { code: 'dk00', message: 'OK' },
        courses: Array.from({ length: count }, (_, i) => course(i + 1)),
        userDto: {
          fullName: 'Chioma Okafor',
          email: 'c@example.com',
          phoneNumber: '0803',
          userName: 'chioma',
        },
      }),
    ),
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MyCoursesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

freshEachTest();
beforeEach(() => localStorage.setItem('user', 'chioma@demo.devlearn.ng'));

describe('my courses', () => {
  it('greets the student by first name (never the email) and shows 4 courses per page', async () => {
    server(5);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Course 1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back, Chioma!' })).toBeInTheDocument();
    expect(screen.queryByText(/chioma@demo/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByText('Course 5')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Course 2/ })).toHaveAttribute('href', '/view-course/2');

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(screen.getByText('Course 5')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows an empty state with a way to browse', async () => {
    server(0);
    renderPage();
    expect(await screen.findByText('You have not bought any course yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });
});
