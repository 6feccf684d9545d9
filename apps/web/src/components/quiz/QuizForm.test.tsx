import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TQuizInput } from '@app/contract/quizzes';
import { QuizForm } from './QuizForm.tsx';
import {
  MARK_ONE_RIGHT,
  OPTIONS_TOO_FEW,
  toQuizForm,
  ZQuizForm,
  emptyQuiz,
  ACCEPTED_REQUIRED,
} from './quiz-form.ts';

configure({ asyncUtilTimeout: 5000 });
afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

describe('QuizForm', () => {
  it('shows the messages inline, then gives the quiz as /quiz/save takes it', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(q: TQuizInput) => void>();
    render(<QuizForm heading="New quiz" onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Pass mark (%)')).toHaveValue(70);
    expect(screen.getByLabelText('Maximum attempts (0 = unlimited)')).toHaveValue(0);

    await user.click(screen.getByRole('button', { name: 'Save quiz' }));
    expect(await screen.findByText('Quiz title is required')).toBeVisible();
    expect(screen.getByText('Question text is required')).toBeVisible();
    expect(screen.getAllByText('Option text is required')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Quiz title'), 'Basics');
    const q1 = screen.getByRole('group', { name: 'Question 1' });
    await user.type(within(q1).getByLabelText('Question'), 'Which is a fruit?');
    await user.type(within(q1).getByLabelText('Option 1'), 'Stone');
    await user.type(within(q1).getByLabelText('Option 2'), 'Mango');
    await user.click(within(q1).getByLabelText('Option 2 is the right one'));
    await user.type(within(q1).getByLabelText(/^Explanation/), 'Mangoes grow on trees.');

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const q2 = screen.getByRole('group', { name: 'Question 2' });
    await user.selectOptions(within(q2).getByLabelText('Type'), 'short');
    await user.type(within(q2).getByLabelText('Question'), 'Capital of Nigeria?');
    await user.click(screen.getByRole('button', { name: 'Save quiz' }));
    expect(await within(q2).findByText(ACCEPTED_REQUIRED)).toBeVisible();
    await user.type(within(q2).getByLabelText(/^Accepted answers/), 'Abuja{Enter} abuja city ');
    await user.clear(within(q2).getByLabelText('Points'));
    await user.type(within(q2).getByLabelText('Points'), '2');
    await user.click(screen.getByRole('button', { name: 'Save quiz' }));

    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      title: 'Basics',
      passPercent: 70,
      maxAttempts: 0,
      shuffle: false,
      questions: [
        {
          type: 'single',
          text: 'Which is a fruit?',
          options: [
            { text: 'Stone', correct: false },
            { text: 'Mango', correct: true },
          ],
          points: 1,
          explanation: 'Mangoes grow on trees.',
        },
        {
          type: 'short',
          text: 'Capital of Nigeria?',
          options: [],
          accepted: ['Abuja', 'abuja city'],
          points: 2,
          explanation: null,
        },
      ],
    });
  });

  it('names each question type in a few words, with what it means under the list', async () => {
    const user = userEvent.setup();
    render(<QuizForm heading="New quiz" onSubmit={vi.fn()} />);
    const type = screen.getByLabelText('Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Single choice', 'Multiple choice', 'True or false', 'Short answer']);
    expect(type).toHaveAccessibleDescription('One right option.');
    await user.selectOptions(type, 'multiple');
    expect(type).toHaveAccessibleDescription('Several right options.');
    await user.selectOptions(type, 'short');
    expect(type).toHaveAccessibleDescription('The student types the answer.');
  });

  it('true/false questions get their two fixed options', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<(q: TQuizInput) => void>();
    render(<QuizForm heading="New quiz" onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Quiz title'), 'TF');
    await user.selectOptions(screen.getByLabelText('Type'), 'truefalse');
    await user.type(screen.getByLabelText('Question'), 'The sky is blue.');
    await user.click(screen.getByRole('button', { name: 'Save quiz' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].questions[0]!.options).toEqual([
      { text: 'True', correct: true },
      { text: 'False', correct: false },
    ]);
  });
});

describe('ZQuizForm', () => {
  const valid = () => {
    const v = emptyQuiz();
    v.title = 'Q';
    v.questions[0] = {
      ...v.questions[0]!,
      text: 'x',
      options: [{ text: 'a', correct: true }, { text: 'b' }],
    };
    return v;
  };
  it('checks each question by its type', () => {
    expect(ZQuizForm.safeParse(valid()).success).toBe(true);
    const none = valid();
    none.questions[0]!.options = [{ text: 'a', correct: false }, { text: 'b' }];
    expect(ZQuizForm.safeParse(none).error?.issues[0]?.message).toBe(MARK_ONE_RIGHT);
    const one = valid();
    one.questions[0]!.options = [{ text: 'a', correct: true }];
    expect(ZQuizForm.safeParse(one).error?.issues[0]?.message).toBe(OPTIONS_TOO_FEW);
    const multi = valid();
    multi.questions[0]!.type = 'multiple';
    multi.questions[0]!.options = [
      { text: 'a', correct: true },
      { text: 'b', correct: true },
    ];
    expect(ZQuizForm.safeParse(multi).success).toBe(true);
  });

  it('round-trips a saved quiz through the editor', () => {
    const form = toQuizForm({
      id: 3,
      courseId: 1,
      sectionId: 2,
      title: 'Saved',
      passPercent: 80,
      maxAttempts: 3,
      shuffle: true,
      questions: [
        {
          id: 7,
          type: 'short',
          text: 'Say hi',
          options: [],
          accepted: ['hi', 'hello'],
          points: 1,
          explanation: null,
        },
      ],
      attemptsUsed: 0,
      attemptsLeft: null,
      bestPercent: null,
      passed: false,
    });
    expect(form.questions[0]!.acceptedText).toBe('hi\nhello');
    expect(ZQuizForm.parse(form).questions[0]!.id).toBe(7);
  });
});
