import { describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import MyGradesPage from './MyGradesPage.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'user' });

describe('MyGradesPage', () => {
  it("shows the student's own row: each quiz's best percent and each assignment's points, status and lateness", async () => {
    const api = mockApi(() => ({
      body: {
        responseDto: { code: 'dk00', message: 'OK' },
        columns: [
          { kind: 'quiz', id: 1, title: 'Quiz 1', outOf: 100 },
          { kind: 'assignment', id: 5, title: 'Build a CI pipeline', outOf: 16 },
          { kind: 'assignment', id: 6, title: 'Write a README', outOf: 0 },
        ],
        rows: [
          {
            studentId: 2,
            studentName: 'Bola Student',
            progressPercent: 75,
            cells: [
              { best: 80, status: 'passed', late: false },
              { best: 13, status: 'passed', late: true },
              { best: null, status: 'none', late: false },
            ],
          },
        ],
      },
    }));
    renderWithApp(<MyGradesPage />, { path: '/home/grades/3', route: '/home/grades/:courseId' });
    expect(await screen.findByRole('heading', { name: 'Your grades' })).toBeVisible();
    expect(screen.getByText('Lessons watched: 75%')).toBeVisible();
    expect(screen.getByText('Quiz: Quiz 1').nextSibling).toHaveTextContent('80% · Passed');
    expect(screen.getByText('Assignment: Build a CI pipeline').nextSibling).toHaveTextContent(
      '13 of 16 · Passed · late',
    );
    expect(screen.getByText('Assignment: Write a README').nextSibling).toHaveTextContent('—');
    expect(JSON.parse(String(api.mock.calls[0]![1]!.body))).toEqual({ courseId: 3 });
  });
});
