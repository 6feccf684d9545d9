import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TAnswerDto, TQuestionDto } from '@app/contract/questions';
import type { TTimeCreated } from '@app/contract/courses';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { QuestionsPanel } from './QuestionsPanel.tsx';
import { QuestionThread } from './QuestionThread.tsx';
import { mayEdit, tokenAccountId, type QaViewer } from './viewer.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'user' });

const ok = { code: 'dk00', message: 'OK' };
const at = (msAgo: number): TTimeCreated => {
  const d = new Date(Date.now() - msAgo);
  return [
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ];
};
const student = { id: 1, fullName: 'Ada Obi', role: 'user' as const };
const tutor = { id: 9, fullName: 'Emeka Nwosu', role: 'tutor' as const };
const other = { id: 5, fullName: 'Bola Ade', role: 'user' as const };

const question = (over: Partial<TQuestionDto> = {}): TQuestionDto => ({
  id: 11,
  courseId: 7,
  courseTitle: 'Playwright from zero',
  seriesId: 101,
  title: 'Why does my test time out?',
  body: 'It waits forever.\nSee https://example.com/log',
  author: student,
  votes: 2,
  voted: false,
  answerCount: 1,
  accepted: false,
  edited: false,
  deleted: false,
  hidden: false,
  timeCreated: at(5 * 60_000),
  ...over,
});
const answer = (over: Partial<TAnswerDto> = {}): TAnswerDto => ({
  id: 21,
  questionId: 11,
  body: 'Raise the timeout <b>or</b> await the response.',
  author: tutor,
  byTutor: true,
  votes: 0,
  voted: false,
  accepted: false,
  edited: false,
  deleted: false,
  hidden: false,
  timeCreated: at(60_000),
  ...over,
});

const me: QaViewer = { id: 1, role: 'user', isTutor: false };
const lessons = [
  { id: 101, title: 'Install' },
  { id: 102, title: 'First test' },
];

describe('viewer', () => {
  it('reads the account id from the token and allows edits for 30 minutes', () => {
    expect(tokenAccountId()).toBe(1);
    expect(mayEdit(question({ timeCreated: at(29 * 60_000) }), me)).toBe(true);
    expect(mayEdit(question({ timeCreated: at(31 * 60_000) }), me)).toBe(false);
    expect(mayEdit(question({ author: other }), me)).toBe(false);
  });
});

describe('QuestionsPanel', () => {
  it("lists this lesson's questions first and searches across the course", async () => {
    const bodies: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/question/list') {
        bodies.push(init.json);
        return { body: { responseDto: ok, questions: [question()], totalData: 1 } };
      }
      return { status: 404, body: {} };
    });
    renderWithApp(<QuestionsPanel courseId={7} lesson={lessons[0]!} lessons={lessons} viewer={me} />, {
      path: '/view-course/7',
    });
    expect(await screen.findByRole('button', { name: 'Why does my test time out?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Questions on this course' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('This lesson');
    expect(bodies[0]).toMatchObject({ courseId: 7, seriesId: 101, sort: 'recent', pageNo: 0 });

    await userEvent.type(screen.getByLabelText('Search all questions in this course'), 'timeout');
    await screen.findByRole('heading', { name: 'Search results' });
    expect(bodies.at(-1)).toEqual({
      courseId: 7,
      seriesId: 101,
      sort: 'recent',
      q: 'timeout',
      pageSize: 10,
      pageNo: 0,
    });

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'unanswered');
    expect(bodies.at(-1)).toMatchObject({ sort: 'unanswered' });
  });

  it('checks the ask form inline and posts on the lesson', async () => {
    let posted: unknown;
    mockApi((path, init) => {
      if (path === '/question/list') return { body: { responseDto: ok, questions: [], totalData: 0 } };
      if (path === '/question/add') {
        posted = init.json;
        return { body: { responseDto: ok, question: question({ id: 12 }), answers: [] } };
      }
      if (path === '/question/get')
        return { body: { responseDto: ok, question: question({ id: 12 }), answers: [] } };
      return { status: 404, body: {} };
    });
    renderWithApp(<QuestionsPanel courseId={7} lesson={lessons[0]!} lessons={lessons} viewer={me} />, {
      path: '/view-course/7',
    });
    expect(
      await screen.findByText('No questions on this course yet. Be the first to ask.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask a question' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post question' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Body is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('Title'), 'x'.repeat(151));
    await userEvent.click(screen.getByRole('button', { name: 'Post question' }));
    expect(await screen.findByText('Title must be at most 150 characters')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.type(screen.getByLabelText('Title'), 'How do I run one test?');
    await userEvent.type(screen.getByLabelText('Your question'), 'Only one file.');
    await userEvent.click(screen.getByRole('button', { name: 'Post question' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/view-course/7?question=12'),
    );
    expect(posted).toEqual({
      courseId: 7,
      seriesId: 101,
      title: 'How do I run one test?',
      body: 'Only one file.',
    });
  });

  it('shows a refusal from the server under the form', async () => {
    mockApi((path) => {
      if (path === '/question/list') return { body: { responseDto: ok, questions: [], totalData: 0 } };
      if (path === '/question/add')
        return {
          status: 429,
          body: { responseDto: { code: 'dk429', message: 'You can ask 10 questions an hour.' } },
        };
      return { status: 404, body: {} };
    });
    renderWithApp(<QuestionsPanel courseId={7} lesson={null} lessons={lessons} viewer={me} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask a question' }));
    await userEvent.type(screen.getByLabelText('Title'), 'A question');
    await userEvent.type(screen.getByLabelText('Your question'), 'Body');
    await userEvent.click(screen.getByRole('button', { name: 'Post question' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can ask 10 questions an hour.');
  });
});

describe('QuestionThread', () => {
  function serve(given: TAnswerDto[], start = question()) {
    let answers = given;
    const calls: { path: string; json: unknown }[] = [];
    let q = start;
    mockApi((path, init) => {
      calls.push({ path, json: init.json });
      if (path === '/question/get') return { body: { responseDto: ok, question: q, answers } };
      if (path === '/question/vote') {
        const { answerId } = init.json as { answerId?: number };
        if (answerId === undefined) q = { ...q, votes: 3, voted: true };
        else answers = answers.map((a) => (a.id === answerId ? { ...a, votes: 1, voted: true } : a));
        return { body: { responseDto: ok, votes: answerId === undefined ? 3 : 1, voted: true } };
      }
      return { body: { responseDto: ok } };
    });
    return calls;
  }

  it("shows a teaching assistant's answer with the 'Assistant' badge", async () => {
    serve([
      answer({ id: 23, author: other, byTutor: false, byAssistant: true, body: 'Try a longer timeout.' }),
    ]);
    renderWithApp(
      <QuestionThread questionId={11} viewer={me} onBack={() => {}} lessonTitle={() => 'Install'} />,
    );
    const thread = await screen.findByRole('article', { name: 'Question: Why does my test time out?' });
    const [item] = within(thread).getAllByRole('listitem');
    expect(within(item!).getByText('Assistant')).toBeInTheDocument();
    expect(within(item!).queryByText('Tutor')).toBeNull();
  });

  it("shows the thread as text with links, the tutor's badge, and lets the asker accept and vote", async () => {
    const calls = serve([answer(), answer({ id: 22, author: other, byTutor: false, body: 'Me too' })]);
    renderWithApp(
      <QuestionThread questionId={11} viewer={me} onBack={() => {}} lessonTitle={() => 'Install'} />,
    );
    const thread = await screen.findByRole('article', { name: 'Question: Why does my test time out?' });
    expect(within(thread).getByText(/Playwright from zero · Install/)).toBeInTheDocument();
    expect(within(thread).getByRole('link', { name: 'https://example.com/log' })).toHaveAttribute(
      'rel',
      'nofollow noopener',
    );
    // Markup in an answer is shown as the characters it is.
    expect(within(thread).getByText('Raise the timeout <b>or</b> await the response.')).toBeInTheDocument();
    expect(thread.querySelector('b')).toBeNull();
    const items = within(thread).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Tutor')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Tutor')).toBeNull();

    // The asker may edit (within 30 minutes) and delete their question; they report someone else's answer.
    expect(within(thread).getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
    expect(within(items[0]!).getByRole('button', { name: 'Report' })).toBeInTheDocument();

    // One's own question shows its votes; someone else's answer takes a vote, pressed until pressed again.
    expect(within(thread).queryByRole('button', { name: /Upvote question/ })).toBeNull();
    expect(within(thread).getByText(/2 votes/)).toBeInTheDocument();
    const vote = within(items[0]!).getByRole('button', { name: 'Upvote answer: 0 votes' });
    expect(vote).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(vote);
    expect(await within(items[0]!).findByRole('button', { name: 'Upvote answer: 1 vote' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(calls.find((c) => c.path === '/question/vote')?.json).toEqual({ answerId: 21 });

    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Accept answer' }));
    await screen.findByText('Answer accepted.');
    expect(calls.find((c) => c.path === '/question/accept')?.json).toEqual({ answerId: 21 });
  });

  it('offers no accept to another student, and shows a deleted question as [deleted]', async () => {
    serve(
      [answer({ accepted: true })],
      question({ author: null, title: '[deleted]', body: '[deleted]', deleted: true }),
    );
    renderWithApp(<QuestionThread questionId={11} viewer={me} onBack={() => {}} />);
    const thread = await screen.findByRole('article');
    expect(within(thread).getAllByText('[deleted]').length).toBeGreaterThan(0);
    expect(within(thread).queryByRole('button', { name: 'Accept answer' })).toBeNull();
    expect(within(thread).getByText('✓ Accepted answer')).toBeInTheDocument();
    // No replies to a deleted question.
    expect(within(thread).queryByRole('form', { name: 'Answer this question' })).toBeNull();
  });

  it('sends a report with its reason', async () => {
    const calls = serve([answer()]);
    renderWithApp(<QuestionThread questionId={11} viewer={me} onBack={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report answer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Reason is required');
    await userEvent.type(within(dialog).getByLabelText('Why should an admin look at it?'), 'Rude');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await screen.findByText('Thank you. An admin will look at this post.');
    expect(calls.find((c) => c.path === '/question/report')?.json).toEqual({
      kind: 'answer',
      id: 21,
      reason: 'Rude',
    });
  });
});
