import { expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { courseDto } from '@/test/course-dto.ts';
import { embedAnswers } from '@/test/embed-answers.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { CourseList } from './CourseList.tsx';

freshEachTest();

// First in its file: the embedded answers are read once per page load (lib/preloaded.ts).
it("renders a guest's first page from the answer the server embedded, in the first render, with no loading cards", () => {
  mockApi(() => ({ status: 500, body: {} }));
  embedAnswers([
    'POST',
    '/course/all/view/student/courses',
    { pageNo: 0, pageSize: 10 },
    {
      responseDto: { code: 'dk00', message: 'OK' },
      coursesDtos: [courseDto({ id: 3, title: 'Playwright from zero', status: 'Approved' })],
      totalData: 1,
    },
  ]);
  renderWithApp(<CourseList emptyText="No courses available at the moment." />);
  // Synchronously after the first render: the server's first screen is replaced by the same cards, not skeletons.
  expect(screen.getByRole('heading', { name: 'Playwright from zero' })).toBeVisible();
  expect(screen.queryByText('Loading...')).toBeNull();
});
