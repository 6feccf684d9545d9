import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAssignmentDto } from '@app/contract/assignments';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import PeerReviewsPage from './PeerReviewsPage.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'user' });

const ok = { code: 'dk00', message: 'OK' };
const assignment: TAssignmentDto = {
  id: 5,
  courseId: 3,
  sectionId: 4,
  title: 'Build a CI pipeline',
  instructions: 'Set up CI.',
  submissionType: 'text',
  grading: 'rubric',
  rubric: [
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
  ],
  passPoints: 10,
  maxPoints: 16,
  maxResubmissions: 1,
  requiredForCertificate: true,
  dueDays: null,
  dueLocalTime: null,
  refuseLate: false,
  peerReview: true,
};
const submission = {
  id: 40,
  assignmentId: 5,
  attemptNo: 1,
  status: 'submitted' as const,
  text: 'My pipeline uses GitHub Actions.',
  link: null,
  fileName: null,
  fileSize: null,
  fileUrl: null,
  late: false,
  submittedAt: '2027-01-11T10:00:00.000Z',
  savedAt: '2027-01-11T10:00:00.000Z',
  scores: [],
  score: null,
  scoreOutOf: null,
  feedback: null,
  gradedAt: null,
};

describe('PeerReviewsPage', () => {
  it("shows a classmate's work without a name, asks for every criterion, and sends the scores", async () => {
    const user = userEvent.setup();
    let done = false;
    const api = mockApi((path) => {
      if (path === '/peer/tasks')
        return { body: { responseDto: ok, reviews: [{ reviewId: 9, assignment, submission, done }] } };
      if (path === '/peer/review') {
        done = true;
        return { body: { responseDto: ok } };
      }
      return { status: 404, body: {} };
    });
    renderWithApp(<PeerReviewsPage />);
    const task = await screen.findByRole('article', { name: 'Review 1: Build a CI pipeline' });
    expect(within(task).getByText('My pipeline uses GitHub Actions.')).toBeVisible();
    await user.click(within(task).getByRole('radio', { name: 'Works · 8 points' }));
    await user.click(within(task).getByRole('button', { name: 'Send review' }));
    expect(within(task).getByRole('alert')).toHaveTextContent(
      'Score every criterion: "Readable code" has no level chosen.',
    );
    await user.click(within(task).getByRole('radio', { name: 'Clear · 8 points' }));
    await user.type(within(task).getByRole('textbox', { name: 'Your feedback (optional)' }), 'Nice work');
    await user.click(within(task).getByRole('button', { name: 'Send review' }));
    expect(await screen.findByRole('article', { name: 'Done: Build a CI pipeline' })).toBeVisible();
    expect(screen.getByText('No reviews waiting for you.')).toBeVisible();
    const sent = api.mock.calls.find(([url]) => String(url).endsWith('/peer/review'));
    expect(JSON.parse(String(sent![1]!.body))).toEqual({
      reviewId: 9,
      scores: [
        { criterionId: 1, levelId: 12 },
        { criterionId: 2, levelId: 22 },
      ],
      feedback: 'Nice work',
    });
  });
});
