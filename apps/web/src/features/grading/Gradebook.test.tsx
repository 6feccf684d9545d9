import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import Gradebook from './Gradebook.tsx';
import { ok } from './test-data.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });

describe('Gradebook', () => {
  it("shows a course's students by quizzes and assignments, filters a cohort, and downloads the CSV", async () => {
    const user = userEvent.setup();
    const saved = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved(this.download);
    });
    const api = mockApi((path) => {
      if (path === '/course/alltutor')
        return { body: { responseDto: ok, coursesDtos: [{ id: 3, title: 'DevOps basics' }], totalData: 1 } };
      if (path === '/assistant/courses') return { body: { responseDto: ok, courses: [] } };
      if (path === '/cohort/list')
        return {
          body: {
            responseDto: ok,
            offering: 'cohort',
            cohorts: [{ id: 7, name: 'January cohort' }],
            schedules: [],
          },
        };
      if (path === '/gradebook')
        return {
          body: {
            responseDto: ok,
            columns: [
              { kind: 'quiz', id: 1, title: 'Quiz 1', outOf: 100 },
              { kind: 'assignment', id: 5, title: 'Build a CI pipeline', outOf: 16 },
            ],
            rows: [
              {
                studentId: 2,
                studentName: 'Bola Student',
                progressPercent: 75,
                cells: [
                  { best: 80, status: 'passed', late: false },
                  { best: 8, status: 'returned', late: true },
                ],
              },
            ],
          },
        };
      if (path.startsWith('/gradebook/3.csv')) return { body: {} };
      return { status: 404, body: {} };
    });
    renderWithApp(<Gradebook />, { path: '/tutor/gradebook' });
    const row = (await screen.findByText('Bola Student')).closest('tr')!;
    expect(row).toHaveTextContent('75%');
    expect(row).toHaveTextContent('80% · Passed');
    expect(row).toHaveTextContent('8 of 16 · Returned · late');
    expect(screen.getByRole('columnheader', { name: 'Assignment: Build a CI pipeline' })).toBeVisible();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Cohort' }), 'January cohort');
    await waitFor(() => {
      const last = api.mock.calls.filter(([u]) => String(u).endsWith('/gradebook')).at(-1)!;
      expect(JSON.parse(String(last[1]!.body))).toEqual({ courseId: 3, cohortId: 7 });
    });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('gradebook-3-cohort-7.csv'));
    expect(api.mock.calls.some(([u]) => String(u).endsWith('/gradebook/3.csv?cohortId=7'))).toBe(true);
  });
});
