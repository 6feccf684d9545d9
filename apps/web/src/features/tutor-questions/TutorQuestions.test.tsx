import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import type { TQuestionDto } from '@app/contract/questions';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { courseDto, courseListAnswer } from '@/test/course-dto.ts';
import TutorQuestions from './TutorQuestions.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });

const ok = { code: 'dk00', message: 'OK' };
const question = (id: number, title: string, over: Partial<TQuestionDto> = {}): TQuestionDto => ({
  id,
  courseId: 7,
  courseTitle: 'Playwright from zero',
  seriesId: null,
  title,
  body: 'Body',
  author: { id: 3, fullName: 'Ada Obi', role: 'user' },
  votes: 0,
  voted: false,
  answerCount: 0,
  accepted: false,
  edited: false,
  deleted: false,
  hidden: false,
  timeCreated: [2026, 1, 2, 10, 0, 0],
  ...over,
});

it('lists questions across the courses unanswered first, filters by course and answers one', async () => {
  const lists: unknown[] = [];
  let answered: unknown;
  mockApi((path, init) => {
    if (path === '/course/alltutor')
      return courseListAnswer([courseDto({ id: 7, title: 'Playwright from zero' })]);
    if (path === '/question/list') {
      lists.push(init.json);
      return {
        body: {
          responseDto: ok,
          questions: [
            question(1, 'Stuck on fixtures'),
            question(2, 'Thanks!', { answerCount: 2, accepted: true }),
          ],
          totalData: 2,
        },
      };
    }
    if (path === '/question/get')
      return { body: { responseDto: ok, question: question(1, 'Stuck on fixtures'), answers: [] } };
    if (path === '/question/answer') {
      answered = init.json;
      return { body: { responseDto: ok } };
    }
    return { status: 404, body: {} };
  });
  renderWithApp(<TutorQuestions />, { path: '/tutor/questions' });
  const list = await screen.findByRole('list');
  const items = within(list).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('Unanswered');
  expect(items[0]).toHaveTextContent('Playwright from zero');
  expect(items[1]).toHaveTextContent('✓ Accepted');
  expect(lists[0]).toEqual({ sort: 'unanswered', pageSize: 10, pageNo: 0 });

  await screen.findByRole('option', { name: 'Playwright from zero' });
  await userEvent.selectOptions(screen.getByLabelText('Course'), '7');
  expect(lists.at(-1)).toEqual({ courseId: 7, sort: 'unanswered', pageSize: 10, pageNo: 0 });

  await userEvent.click(screen.getByRole('button', { name: 'Stuck on fixtures' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/tutor/questions?course=7&question=1');
  await userEvent.type(await screen.findByLabelText('Your answer'), 'Use a fixture file.');
  await userEvent.click(screen.getByRole('button', { name: 'Post answer' }));
  await screen.findByText('Your answer was posted.');
  expect(answered).toEqual({ questionId: 1, body: 'Use a fixture file.' });
});
