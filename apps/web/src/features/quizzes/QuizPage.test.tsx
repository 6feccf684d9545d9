import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TQuizDto, TQuizSubmitResponse } from '@app/contract/quizzes';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { QuizPage } from './QuizPage.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'user' });

const ok = { code: 'dk00', message: 'OK' };
/** The quiz as a student gets it: no `correct`, no `accepted`, no explanation. */
const quiz: TQuizDto = {
  id: 8,
  courseId: 3,
  sectionId: 4,
  title: 'Quiz 1',
  passPercent: 70,
  maxAttempts: 3,
  shuffle: false,
  questions: [
    {
      id: 21,
      type: 'single',
      text: 'What is 2 + 2?',
      options: [
        { id: 1, text: '3' },
        { id: 2, text: '4' },
      ],
      points: 1,
    },
    {
      id: 22,
      type: 'multiple',
      text: 'Which are fruits?',
      options: [
        { id: 3, text: 'Mango' },
        { id: 4, text: 'Stone' },
        { id: 5, text: 'Orange' },
      ],
      points: 1,
    },
    { id: 23, type: 'short', text: 'Capital of Nigeria?', options: [], points: 1 },
  ],
  attemptsUsed: 0,
  attemptsLeft: 3,
  bestPercent: null,
  passed: false,
};

function server(result: TQuizSubmitResponse) {
  return mockApi((path) => {
    if (path === '/quiz/get') return { body: { responseDto: ok, quiz } };
    if (path === '/quiz/submit') return { body: result };
    return { status: 404, body: {} };
  });
}

const renderQuiz = () =>
  renderWithApp(<QuizPage />, { path: '/view-course/3/quiz/8', route: '/view-course/:id/quiz/:quizId' });

describe('QuizPage', () => {
  it('labels every answer, sends the chosen ones, and moves focus to the result', async () => {
    const user = userEvent.setup();
    const api = server({
      responseDto: ok,
      score: 1,
      scoreOutOf: 3,
      percent: 33,
      passed: false,
      attemptsLeft: 2,
      results: [
        { questionId: 21, correct: true },
        { questionId: 22, correct: false },
        { questionId: 23, correct: false },
      ],
      certificateCode: null,
    });
    renderQuiz();
    const q1 = await screen.findByRole('group', { name: /What is 2 \+ 2\?/ });
    await user.click(within(q1).getByRole('radio', { name: '4' }));
    const q2 = screen.getByRole('group', { name: /Which are fruits\?/ });
    await user.click(within(q2).getByRole('checkbox', { name: 'Mango' }));
    await user.click(within(q2).getByRole('checkbox', { name: 'Orange' }));
    const q3 = screen.getByRole('group', { name: /Capital of Nigeria\?/ });
    await user.type(within(q3).getByRole('textbox', { name: 'Your answer' }), ' abuja ');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));

    const heading = await screen.findByRole('heading', { name: 'Not passed: 33%' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('You have 2 attempts left.')).toBeVisible();
    expect(screen.getAllByText('Wrong')).toHaveLength(2);
    expect(screen.queryByText(/^Right answer/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    const submit = api.mock.calls.find(([url]) => String(url).endsWith('/quiz/submit'));
    expect(JSON.parse(String(submit![1]!.body))).toEqual({
      quizId: 8,
      answers: [
        { questionId: 21, optionIds: [2] },
        { questionId: 22, optionIds: [3, 5] },
        { questionId: 23, text: ' abuja ' },
      ],
    });
  });

  it('shows the right answers and explanations when the server reveals them, and the certificate', async () => {
    const user = userEvent.setup();
    server({
      responseDto: ok,
      score: 3,
      scoreOutOf: 3,
      percent: 100,
      passed: true,
      attemptsLeft: 2,
      results: [
        { questionId: 21, correct: true, rightOptionIds: [2], explanation: 'Two and two make four.' },
        { questionId: 22, correct: true, rightOptionIds: [3, 5] },
        { questionId: 23, correct: true, accepted: ['Abuja'] },
      ],
      certificateCode: 'ABCDEFGHJK',
    });
    renderQuiz();
    await user.click(await screen.findByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByRole('heading', { name: 'Passed: 100%' })).toHaveFocus();
    expect(screen.getByText('Two and two make four.')).toBeVisible();
    expect(screen.getByText('Right answers: Mango, Orange')).toBeVisible();
    expect(screen.getByText('Accepted answers: Abuja')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View your certificate' })).toHaveAttribute(
      'href',
      '/certificate/ABCDEFGHJK',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
