import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAssignmentDto, TAssignmentResponse, TSubmissionDto } from '@app/contract/assignments';
import { fakeXhr } from '@/test/fake-xhr.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import AssignmentPage from './AssignmentPage.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'user' });

const ok = { code: 'dk00', message: 'OK' };
const rubric = [
  {
    id: 1,
    title: 'Pipeline runs',
    levels: [
      { id: 11, title: 'Missing', points: 0 },
      { id: 12, title: 'Works', points: 8 },
    ],
  },
  {
    id: 2,
    title: 'Readable code',
    levels: [
      { id: 21, title: 'Hard to read', points: 2 },
      { id: 22, title: 'Clear', points: 8 },
    ],
  },
];
const assignment = (over: Partial<TAssignmentDto> = {}): TAssignmentDto => ({
  id: 5,
  courseId: 3,
  sectionId: 4,
  title: 'Build a CI pipeline',
  instructions: 'Set up CI for your project. See https://docs.github.com/actions for help.',
  submissionType: 'text',
  grading: 'rubric',
  rubric,
  passPoints: 10,
  maxPoints: 16,
  maxResubmissions: 1,
  requiredForCertificate: true,
  dueDays: null,
  dueLocalTime: null,
  refuseLate: false,
  peerReview: false,
  ...over,
});
const attempt = (over: Partial<TSubmissionDto> = {}): TSubmissionDto => ({
  id: 40,
  assignmentId: 5,
  attemptNo: 1,
  status: 'draft',
  text: null,
  link: null,
  fileName: null,
  fileSize: null,
  fileUrl: null,
  late: false,
  submittedAt: null,
  savedAt: '2027-01-10T09:00:00.000Z',
  scores: [],
  score: null,
  scoreOutOf: null,
  feedback: null,
  gradedAt: null,
  gradedBy: null,
  ...over,
});
const answer = (a: TAssignmentDto, attempts: TSubmissionDto[] = [], left = 1): TAssignmentResponse => ({
  responseDto: ok,
  assignment: a,
  standing: {
    status: attempts[0]?.status ?? null,
    passed: attempts.some((x) => x.status === 'passed'),
    attemptsUsed: attempts.filter((x) => x.status !== 'draft').length,
    resubmissionsLeft: left,
    dueAt: null,
  },
  attempts,
});

const renderPage = () =>
  renderWithApp(<AssignmentPage />, { path: '/home/assignment/5', route: '/home/assignment/:id' });

const bodiesOf = (api: ReturnType<typeof mockApi>, path: string) =>
  api.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

describe('AssignmentPage', () => {
  it('shows the instructions and rubric, saves the draft as the student types, and keeps it when refused', async () => {
    const user = userEvent.setup();
    const api = mockApi((path, init) => {
      if (path === '/assignment/get') return { body: answer(assignment()) };
      if (path === '/assignment/draft') {
        const text = (init.json as { text: string }).text;
        return { body: { responseDto: ok, submission: attempt({ text }) } };
      }
      if (path === '/assignment/submit')
        return {
          status: 400,
          body: { responseDto: { code: 'dk96', message: 'Write your answer before submitting.' } },
        };
      return { status: 404, body: {} };
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Build a CI pipeline' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'https://docs.github.com/actions' })).toHaveAttribute(
      'href',
      'https://docs.github.com/actions',
    );
    expect(screen.getByText(/Graded with a rubric · pass mark 10 of 16/)).toBeVisible();
    const shownRubric = screen.getByRole('list', { name: 'Rubric' });
    expect(within(shownRubric).getByText('Readable code')).toBeVisible();
    expect(within(shownRubric).getByText('Clear · 8 points')).toBeVisible();

    const box = screen.getByRole('textbox', { name: 'Your answer' });
    await user.type(box, '   ');
    await waitFor(() =>
      expect(bodiesOf(api, '/assignment/draft')).toContainEqual({ assignmentId: 5, text: '   ' }),
    );
    expect(await screen.findByText('Draft saved.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write your answer before submitting.');
    expect(box).toHaveValue('   ');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('uploads a file, tells a refused one inline, and submits', async () => {
    const user = userEvent.setup();
    const uploads = fakeXhr();
    let submitted = false;
    const withFile = attempt({
      fileName: 'report.pdf',
      fileSize: 20_480,
      fileUrl: '/media/submissions/a.pdf?sig=1',
    });
    mockApi((path) => {
      if (path === '/assignment/get')
        return {
          body: answer(
            assignment({ submissionType: 'file' }),
            submitted ? [{ ...withFile, status: 'submitted', submittedAt: '2027-01-11T10:00:00.000Z' }] : [],
          ),
        };
      if (path === '/assignment/submit') {
        submitted = true;
        return {
          body: {
            responseDto: ok,
            submission: { ...withFile, status: 'submitted', submittedAt: '2027-01-11T10:00:00.000Z' },
          },
        };
      }
      return { status: 404, body: {} };
    });
    renderPage();
    const input = await screen.findByLabelText('Your file');
    await user.upload(input, new File(['x'.repeat(10)], 'huge.pdf', { type: 'application/pdf' }));
    expect(uploads[0]!.fields.map(([k]) => k)).toEqual(['assignmentId', 'files']);
    uploads[0]!.respond(413, {
      responseDto: { code: 'dk96', message: 'The file is too large. The limit is 50 MB.' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large. The limit is 50 MB.');

    await user.upload(
      screen.getByLabelText('Your file'),
      new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    uploads[1]!.respond(200, { responseDto: ok, submission: withFile });
    expect(await screen.findByRole('link', { name: 'report.pdf' })).toHaveAttribute(
      'href',
      '/media/submissions/a.pdf?sig=1',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your work is submitted.', { selector: 'strong' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Attempt 1' })).toHaveTextContent(
      'Submitted, waiting for a grade',
    );
  });

  it('tells a broken link inline and keeps what was pasted', async () => {
    const user = userEvent.setup();
    mockApi((path, init) => {
      if (path === '/assignment/get') return { body: answer(assignment({ submissionType: 'link' })) };
      if (path === '/assignment/draft')
        return {
          body: { responseDto: ok, submission: attempt({ link: (init.json as { link: string }).link }) },
        };
      if (path === '/assignment/submit')
        return {
          status: 400,
          body: {
            responseDto: {
              code: 'dk96',
              message:
                'This link does not work. Paste a full link, for example https://github.com/you/project.',
            },
          },
        };
      return { status: 404, body: {} };
    });
    renderPage();
    const box = await screen.findByRole('textbox', { name: 'Link to your work' });
    fireEvent.change(box, { target: { value: 'github com/me' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not work.');
    expect(box).toHaveValue('github com/me');
  });

  it('shows returned work with its score per criterion and feedback, and opens the resubmission from it', async () => {
    const returned = attempt({
      status: 'returned',
      text: 'My first answer',
      submittedAt: '2027-01-11T10:00:00.000Z',
      scores: [
        { criterionId: 1, levelId: 12, points: 8 },
        { criterionId: 2, levelId: 21, points: 2 },
      ],
      score: 10,
      scoreOutOf: 16,
      feedback: 'Name your jobs clearly.',
      gradedAt: '2027-01-12T10:00:00.000Z',
      gradedBy: 'Ada Assistant',
    });
    mockApi((path) =>
      path === '/assignment/get' ? { body: answer(assignment(), [returned], 1) } : { status: 404, body: {} },
    );
    renderPage();
    const note = await screen.findByText('Your work was returned.');
    const card = note.closest('.card') as HTMLElement;
    expect(card).toHaveTextContent('1 resubmission left.');
    expect(within(card).getByText('Score: 10 of 16', { exact: false })).toBeVisible();
    expect(within(card).getByText('Works: 8 of 8')).toBeVisible();
    expect(within(card).getByText('Hard to read: 2 of 8')).toBeVisible();
    expect(within(card).getByText('Name your jobs clearly.')).toBeVisible();
    expect(within(card).getByText(/by Ada Assistant/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('My first answer');
    expect(screen.getByRole('button', { name: 'Resubmit' })).toBeVisible();
  });

  it('says a locked section opens later', async () => {
    mockApi(() => ({
      status: 403,
      body: {
        responseDto: { code: 'dk96', message: 'This lesson opens on Tue 12 January 2027, 09:00 WAT.' },
      },
    }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This lesson opens on Tue 12 January 2027');
  });
});
