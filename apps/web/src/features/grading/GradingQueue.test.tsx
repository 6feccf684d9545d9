import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCourseDto } from '@app/contract/courses';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import GradingQueue from './GradingQueue.tsx';
import { ok, rubricAssignment } from './test-data.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });

const item = (submissionId: number, studentName: string, late = false) => ({
  submissionId,
  assignmentId: 5,
  assignmentTitle: 'Build a CI pipeline',
  courseId: 3,
  courseTitle: 'DevOps basics',
  studentName,
  attemptNo: 1,
  status: 'submitted',
  late,
  submittedAt: '2027-01-11T10:00:00.000Z',
  peerReviewsDone: 2,
});

describe('GradingQueue', () => {
  it('lists the waiting work oldest first with its filters, courses assisted on included', async () => {
    const user = userEvent.setup();
    const api = mockApi((path) => {
      if (path === '/course/alltutor')
        return {
          body: {
            responseDto: ok,
            coursesDtos: [{ id: 3, title: 'DevOps basics' } as TCourseDto],
            totalData: 1,
          },
        };
      if (path === '/assistant/courses')
        return {
          body: { responseDto: ok, courses: [{ id: 9, title: 'Cloud 101', tutorName: 'Tunde Tutor' }] },
        };
      if (path === '/grading/queue')
        return {
          body: {
            responseDto: ok,
            items: [item(40, 'Bola Student', true), item(41, 'Chidi Student')],
            totalData: 2,
          },
        };
      if (path === '/assignment/list')
        return {
          body: {
            responseDto: ok,
            assignments: [{ ...rubricAssignment, sectionTitle: 'One', standing: {} }],
          },
        };
      if (path === '/cohort/list')
        return {
          body: {
            responseDto: ok,
            offering: 'cohort',
            cohorts: [{ id: 7, name: 'January cohort' }],
            schedules: [],
          },
        };
      return { status: 404, body: {} };
    });
    renderWithApp(<GradingQueue />, { path: '/tutor/grading' });
    const grade = await screen.findByRole('link', {
      name: "Grade Bola Student's work on Build a CI pipeline",
    });
    expect(grade).toHaveAttribute('href', '/tutor/grading/40');
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Bola Student');
    expect(rows[1]).toHaveTextContent('Late');
    expect(rows[2]).toHaveTextContent('Chidi Student');
    expect(screen.getByText('2 submissions')).toBeVisible();

    const course = screen.getByRole('combobox', { name: 'Course' });
    await waitFor(() =>
      expect(within(course).getByRole('option', { name: 'Cloud 101 (assisting)' })).toBeTruthy(),
    );
    await user.selectOptions(course, 'DevOps basics');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Cohort' }), 'January cohort');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assignment' }), 'Build a CI pipeline');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Returned');
    await waitFor(() => {
      const last = api.mock.calls.filter(([u]) => String(u).endsWith('/grading/queue')).at(-1)!;
      expect(JSON.parse(String(last[1]!.body))).toEqual({
        pageNo: 0,
        pageSize: 20,
        status: 'returned',
        courseId: 3,
        cohortId: 7,
        assignmentId: 5,
      });
    });
    expect(screen.getByTestId('location')).toHaveTextContent(
      'course=3&cohort=7&assignment=5&status=returned',
    );
  });

  it('says when nothing waits', async () => {
    mockApi((path) =>
      path === '/grading/queue'
        ? { body: { responseDto: ok, items: [], totalData: 0 } }
        : { body: { responseDto: ok, coursesDtos: [], courses: [], totalData: 0 } },
    );
    renderWithApp(<GradingQueue />, { path: '/tutor/grading' });
    expect(await screen.findByText('No work is waiting for a grade.')).toBeVisible();
  });
});
