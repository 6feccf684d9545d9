import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { Link } from '@/components/Link.tsx';
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

function server(result: TQuizSubmitResponse, served: TQuizDto | (() => TQuizDto) = quiz) {
  return mockApi((path) => {
    if (path === '/quiz/get')
      return { body: { responseDto: ok, quiz: typeof served === 'function' ? served() : served } };
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

    // Trying again starts a fresh form from a fresh copy of the quiz.
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const again = await screen.findByRole('group', { name: /What is 2 \+ 2\?/ });
    expect(within(again).getByRole('radio', { name: '4' })).not.toBeChecked();
    expect(api.mock.calls.filter(([url]) => String(url).endsWith('/quiz/get'))).toHaveLength(2);
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

  it('numbers the results as the student saw a shuffled quiz, not in the stored order', async () => {
    const user = userEvent.setup();
    const [q21, q22, q23] = quiz.questions;
    // Shown as 23, 21, 22 (options shuffled too); the server answers in its stored order 21, 22, 23.
    const shuffled: TQuizDto = {
      ...quiz,
      shuffle: true,
      questions: [q23!, q21!, { ...q22!, options: [q22!.options[2]!, q22!.options[1]!, q22!.options[0]!] }],
    };
    server(
      {
        responseDto: ok,
        score: 1,
        scoreOutOf: 3,
        percent: 33,
        passed: false,
        attemptsLeft: 0,
        results: [
          { questionId: 21, correct: true, rightOptionIds: [2] },
          { questionId: 22, correct: false, rightOptionIds: [3, 5] },
          { questionId: 23, correct: false, accepted: ['Abuja'] },
        ],
        certificateCode: null,
      },
      shuffled,
    );
    renderQuiz();
    const first = await screen.findByRole('group', { name: /Question 1 of 3.*Capital of Nigeria\?/ });
    expect(first).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    await screen.findByRole('heading', { name: 'Not passed: 33%' });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      '✗ Question 1: Capital of Nigeria? Wrong',
      '✓ Question 2: What is 2 + 2? Right',
      '✗ Question 3: Which are fruits? Wrong',
    ]);
    expect(within(items[2]!).getByText('Right answers: Orange, Mango')).toBeVisible();
  });

  it('shows the new best score at once after a pass, and keeps it when the quiz is opened again', async () => {
    const user = userEvent.setup();
    let current: TQuizDto = { ...quiz, attemptsUsed: 1, attemptsLeft: 2, bestPercent: 0 };
    server(
      {
        responseDto: ok,
        score: 3,
        scoreOutOf: 3,
        percent: 100,
        passed: true,
        attemptsLeft: 1,
        results: [
          { questionId: 21, correct: true },
          { questionId: 22, correct: true },
          { questionId: 23, correct: true },
        ],
        certificateCode: null,
      },
      () => current,
    );
    renderWithApp(
      <>
        <Route path="/view-course/:id/quiz/:quizId" element={<QuizPage />} />
        <Route path="/view-course/:id" element={<Link to="/view-course/3/quiz/8">Quiz 1</Link>} />
      </>,
      { path: '/view-course/3/quiz/8', asRoutes: true },
    );
    expect(await screen.findByText(/your best so far 0%/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByRole('heading', { name: 'Passed: 100%' })).toHaveFocus();
    expect(screen.getByText(/your best so far 100%/)).toBeVisible();
    expect(screen.getByText('You have 1 attempt left.')).toBeVisible();

    // Back to the course and into the quiz again: the kept copy says passed, with the best score.
    current = { ...current, attemptsUsed: 2, attemptsLeft: 1, bestPercent: 100, passed: true };
    await user.click(screen.getByRole('link', { name: 'Back to the course' }));
    await user.click(await screen.findByRole('link', { name: 'Quiz 1' }));
    expect(await screen.findByText('You have passed this quiz.')).toBeVisible();
    expect(screen.getByText(/your best so far 100%/)).toBeVisible();
    expect(screen.getByText('You have 1 attempt left.')).toBeVisible();
  });
});
