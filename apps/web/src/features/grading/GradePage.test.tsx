import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSubmissionDetailResponse } from '@app/contract/assignments';
import { activateLocale, t } from '@/lib/i18n/index.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import GradePage from './GradePage.tsx';
import { ok, rubricAssignment, submitted } from './test-data.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });
afterEach(() => activateLocale('en'));

const detail: TSubmissionDetailResponse = {
  responseDto: ok,
  submission: submitted,
  assignment: rubricAssignment,
  studentName: 'Bola Student',
  history: [],
  peerReviews: [
    {
      reviewer: 'Reviewer 1',
      scores: [
        { criterionId: 1, levelId: 12, points: 8 },
        { criterionId: 2, levelId: 21, points: 2 },
      ],
      score: 10,
      feedback: 'Good start.',
      done: true,
    },
    { reviewer: 'Reviewer 2', scores: [], score: null, feedback: null, done: false },
  ],
};

const renderPage = () =>
  renderWithApp(<GradePage />, { path: '/tutor/grading/40', route: '/tutor/grading/:submissionId' });

describe('GradePage', () => {
  it('tells a passed grade and the certificate it issued in the active language, not the server’s English', async () => {
    await activateLocale('ha');
    const user = userEvent.setup();
    mockApi((path) => {
      if (path === '/submission/get') return { body: detail };
      if (path === '/submission/grade')
        return {
          body: {
            responseDto: { code: 'dk00', message: 'Work passed' },
            submission: { ...submitted, status: 'passed' },
            certificateCode: 'ABC123',
          },
        };
      return { status: 404, body: {} };
    });
    renderPage();
    const form = await screen.findByRole('form', { name: t('grading.formLabel') });
    const levels = within(form).getAllByRole('radio');
    await user.click(levels[1]!); // Works · 8 points
    await user.click(levels.at(-1)!); // Clear · 8 points
    await user.click(within(form).getByRole('button', { name: t('grading.outcome.pass') }));
    expect(
      await screen.findByText('Aikin ya ci. Kwas ɗin ya kammala: an bayar da takardar shaida.'),
    ).toBeVisible();
    expect(screen.queryByText(/Work passed/)).toBeNull();
  });

  it('scores each criterion beside the peer scores, then returns the work with feedback', async () => {
    const user = userEvent.setup();
    const api = mockApi((path) => {
      if (path === '/submission/get') return { body: detail };
      if (path === '/submission/grade')
        return {
          body: {
            responseDto: { code: 'dk00', message: 'Work returned' },
            submission: { ...submitted, status: 'returned' },
            certificateCode: null,
          },
        };
      return { status: 404, body: {} };
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Build a CI pipeline' })).toBeVisible();
    expect(
      screen.getByText(/Bola Student · attempt 1 · submitted .* · late · Waiting for a grade/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'pipeline.pdf' })).toHaveAttribute(
      'href',
      '/media/submissions/p.pdf?sig=1',
    );
    const peer1 = screen.getByRole('article', { name: 'Reviewer 1' });
    expect(within(peer1).getByRole('heading', { name: 'Reviewer 1 · 10 of 16' })).toBeVisible();
    expect(within(peer1).getByText('Hard to read: 2 of 8')).toBeVisible();
    expect(within(peer1).getByText('Good start.')).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Reviewer 2' })).getByText('Not reviewed yet.'),
    ).toBeVisible();

    const form = screen.getByRole('form', { name: 'Grade this work' });
    await user.click(within(form).getByRole('radio', { name: 'Works · 8 points' }));
    await user.click(within(form).getByRole('button', { name: 'Return for resubmission' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Score every criterion: "Readable code" has no level chosen.',
    );
    await user.click(within(form).getByRole('radio', { name: 'Hard to read · 2 points' }));
    expect(within(form).getByText('Total: 10 of 16 · pass mark 10')).toBeVisible();
    await user.type(
      within(form).getByRole('textbox', { name: 'Feedback for the student' }),
      'Name your jobs.',
    );
    await user.click(within(form).getByRole('button', { name: 'Return for resubmission' }));
    expect(await screen.findByText('Work returned')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/tutor/grading');
    const sent = api.mock.calls.find(([u]) => String(u).endsWith('/submission/grade'));
    expect(JSON.parse(String(sent![1]!.body))).toEqual({
      submissionId: 40,
      outcome: 'return',
      scores: [
        { criterionId: 1, levelId: 12 },
        { criterionId: 2, levelId: 21 },
      ],
      feedback: 'Name your jobs.',
    });
  });

  it('tells clearly that another grader was first (409) and leads to the queue', async () => {
    const user = userEvent.setup();
    mockApi((path) => {
      if (path === '/submission/get')
        return { body: { ...detail, assignment: { ...rubricAssignment, grading: 'passfail', rubric: [] } } };
      if (path === '/submission/grade')
        return {
          status: 409,
          body: {
            responseDto: {
              code: 'dk96',
              message: 'This submission was already graded by Tunde Tutor. Open the queue for the next one.',
            },
          },
        };
      return { status: 404, body: {} };
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pass' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This submission was already graded by Tunde Tutor.');
    expect(within(alert).getByRole('link', { name: 'Open the queue' })).toHaveAttribute(
      'href',
      '/tutor/grading',
    );
    expect(screen.queryByRole('form', { name: 'Grade this work' })).toBeNull();
  });

  it('shows a graded submission with its grade instead of the form', async () => {
    mockApi(() => ({
      body: {
        ...detail,
        submission: {
          ...submitted,
          status: 'passed',
          scores: [
            { criterionId: 1, levelId: 12, points: 8 },
            { criterionId: 2, levelId: 22, points: 8 },
          ],
          score: 16,
          scoreOutOf: 16,
          feedback: 'Excellent.',
          gradedAt: '2027-01-12T10:00:00.000Z',
          gradedBy: 'Tunde Tutor',
        },
      },
    }));
    renderPage();
    expect(await screen.findByText('Excellent.')).toBeVisible();
    expect(screen.getByText(/by Tunde Tutor/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pass' })).toBeNull();
  });
});
