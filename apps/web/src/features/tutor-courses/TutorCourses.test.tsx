import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { courseDto } from '@/test/course-dto.ts';
import type { TCourseDto, TCourseStatus } from '@app/contract/courses';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import CoursesReview from './CoursesReview.tsx';
import TutorCourses from './TutorCourses.tsx';

// The machine running the tests is shared: give the first (cold) render more time than 1 s.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ok = { code: 'dk00', message: 'OK' };
const course = (id: number, status: TCourseStatus = 'Pending') =>
  courseDto({ id, title: `Course ${id}`, nairaPrice: 1000 * id, status, buyerCount: 0, totalEarnings: 0 });

/** Answers /course/alltutor 10 per page from `all`, like the server. */
function tutorCourses(all: TCourseDto[], rest?: Parameters<typeof mockApi>[0]) {
  return mockApi((path, init) => {
    if (path === '/course/alltutor') {
      const { pageNo, pageSize } = init.json as { pageNo: number; pageSize: number };
      return {
        body: {
          responseDto: ok,
          coursesDtos: all.slice(pageNo * pageSize, pageNo * pageSize + pageSize),
          totalData: all.length,
        },
      };
    }
    return rest?.(path, init) ?? { status: 404, body: {} };
  });
}

const renderList = () => renderWithApp(<TutorCourses />, { path: '/tutor/courses', route: '/tutor/courses' });

freshEachTest({ session: 'tutor' });

describe('/tutor/courses', () => {
  it('shows all own courses 4 per page, fetching every server page of 10', async () => {
    const all = Array.from({ length: 13 }, (_, i) => course(i + 1));
    const spy = tutorCourses(all);
    renderList();
    expect(await screen.findByRole('heading', { name: 'Course 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(4);
    expect(spy.mock.calls.map((c) => JSON.parse(String(c[1]?.body)))).toEqual([
      { pageSize: 10, pageNo: 0 },
      { pageSize: 10, pageNo: 1 },
    ]);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('button', { name: '4' })).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: '4' }));
    expect(screen.getByRole('heading', { name: 'Course 13' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
  });

  it('offers Edit for a Pending or Rejected course and Delete for a Pending one (COURSE_TRANSITIONS)', async () => {
    tutorCourses([course(1, 'Pending'), course(2, 'Approved'), course(3, 'Rejected')]);
    renderList();
    await screen.findByRole('heading', { name: 'Course 1' });
    for (const id of [1, 3])
      expect(screen.getByRole('link', { name: `Edit Course ${id}` })).toHaveAttribute(
        'href',
        `/tutor/edit-course/${id}`,
      );
    expect(screen.queryByRole('link', { name: 'Edit Course 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Course 1' })).toBeInTheDocument();
    for (const title of ['Course 2', 'Course 3'])
      expect(screen.queryByRole('button', { name: `Delete ${title}` })).not.toBeInTheDocument();
  });

  it('asks before deleting, then deletes and says Course deleted', async () => {
    let all = [course(1), course(2)];
    const deleted: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/course/alltutor')
        return { body: { responseDto: ok, coursesDtos: all, totalData: all.length } };
      if (path === '/course/delete') {
        deleted.push(init.json);
        all = all.filter((c) => c.id !== 2);
        return { body: { responseDto: { code: 'dk00', message: 'Course deleted' } } };
      }
      return { status: 404, body: {} };
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Course 2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete course?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleted).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Course 2' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Course deleted')).toBeInTheDocument();
    expect(deleted).toEqual([{ id: 2 }]);
    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Course 2' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Course 1' })).toBeInTheDocument();
  });

  it.each([
    [400, 'Only pending courses can be deleted', 'Only pending courses can be deleted'],
    [500, 'boom', 'An error occurred. Please try again.'],
  ])('a refused delete (%i) shows "$2"', async (status, message, shown) => {
    tutorCourses([course(1)], (path) =>
      path === '/course/delete' ? { status, body: { responseDto: { code: 'dk96', message } } } : undefined!,
    );
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Course 1' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it('says so when the list cannot be fetched', async () => {
    mockApi(() => ({ status: 500, body: { responseDto: { code: 'dk96', message: 'x' } } }));
    renderList();
    expect(
      await screen.findByText('Unable to get all courses at the moment, please try again later'),
    ).toBeInTheDocument();
  });
});

describe('/tutor/courses-review', () => {
  it('lists title, price in naira and status', async () => {
    tutorCourses([
      course(1, 'Pending'),
      course(2, 'Approved'),
      { ...course(3, 'Rejected'), nairaPrice: 15000 },
    ]);
    renderWithApp(<CoursesReview />);
    const row = (await screen.findByRole('cell', { name: 'Course 3' })).closest('tr')!;
    expect(within(row).getByText('₦15,000')).toBeInTheDocument();
    expect(within(row).getByText('Rejected')).toHaveClass('status-Rejected');
    expect(screen.getByRole('cell', { name: 'Course 2' }).closest('tr')).toHaveTextContent('Approved');
  });
});
