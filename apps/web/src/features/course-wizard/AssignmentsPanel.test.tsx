import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAssignmentDto } from '@app/contract/assignments';
import type { TCourseDto } from '@app/contract/courses';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { AssignmentsPanel } from './components/AssignmentsPanel.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });

const ok = { code: 'dk00', message: 'OK' };
const course = {
  id: 42,
  title: 'DevOps basics',
  sectionDto: [{ id: 5, title: 'Pipelines', seriesList: [] }],
} as unknown as TCourseDto;
const saved: TAssignmentDto = {
  id: 8,
  courseId: 42,
  sectionId: 5,
  title: 'Build a CI pipeline',
  instructions: 'Set up CI.',
  submissionType: 'file',
  grading: 'rubric',
  rubric: [
    {
      id: 1,
      title: 'Pipeline runs',
      levels: [
        { id: 1, title: 'Missing', points: 0 },
        { id: 2, title: 'Works', points: 8 },
      ],
    },
  ],
  passPoints: 6,
  maxPoints: 8,
  maxResubmissions: 1,
  requiredForCertificate: true,
  dueDays: null,
  dueLocalTime: null,
  refuseLate: false,
  peerReview: false,
};

function server(list: TAssignmentDto[], save: () => { status?: number; body: unknown }) {
  return mockApi((path) => {
    if (path === '/assignment/list')
      return {
        body: {
          responseDto: ok,
          assignments: list.map((a) => ({ ...a, sectionTitle: 'Pipelines', standing: {} })),
        },
      };
    if (path === '/assignment/save') return save();
    return { status: 404, body: {} };
  });
}

const bodyOf = (api: ReturnType<typeof mockApi>) =>
  JSON.parse(
    String(api.mock.calls.filter(([u]) => String(u).endsWith('/assignment/save')).at(-1)![1]!.body),
  ) as unknown;

describe('AssignmentsPanel', () => {
  it('adds a rubric-graded assignment to a section, showing the server refusal without losing the form', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = server([], () =>
      refuse
        ? {
            status: 400,
            body: {
              responseDto: {
                code: 'dk96',
                message: "The pass mark (17) is above the rubric's highest total (16).",
              },
            },
          }
        : { body: { responseDto: ok } },
    );
    renderWithApp(<AssignmentsPanel course={course} />);
    expect(await screen.findByText('No assignments in this section.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add an assignment to section 1' }));
    const form = screen.getByRole('form', { name: 'New assignment · Pipelines' });
    await user.click(within(form).getByRole('button', { name: 'Save assignment' }));
    expect(await within(form).findByText('Set the pass mark: the points needed to pass.')).toBeVisible();

    await user.type(within(form).getByLabelText('Assignment title'), 'Build a CI pipeline');
    await user.type(within(form).getByLabelText(/^Instructions/), 'Set up CI for https://github.com/you/app');
    await user.selectOptions(within(form).getByLabelText('What students hand in'), 'A written answer');
    await user.type(within(form).getByLabelText('Criterion'), 'Pipeline runs');
    const points = within(form).getAllByLabelText('Points');
    await user.type(points[1]!, '16');
    expect(within(form).getByLabelText('Pass mark (points, of 16)')).toBeVisible();
    await user.type(within(form).getByLabelText('Pass mark (points, of 16)'), '17');
    await user.click(
      within(form).getByLabelText('Peer review: 2 other students score each submission first'),
    );
    await user.type(within(form).getByLabelText('Days after the cohort starts (empty: no due date)'), '14');
    await user.click(within(form).getByLabelText('Refuse late submissions'));
    await user.click(within(form).getByRole('button', { name: 'Save assignment' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "The pass mark (17) is above the rubric's highest total (16).",
    );
    expect(within(form).getByLabelText('Assignment title')).toHaveValue('Build a CI pipeline');
    expect(bodyOf(api)).toEqual({
      courseId: 42,
      sectionId: 5,
      assignment: {
        title: 'Build a CI pipeline',
        instructions: 'Set up CI for https://github.com/you/app',
        submissionType: 'text',
        grading: 'rubric',
        rubric: [
          {
            title: 'Pipeline runs',
            levels: [
              { title: 'Not yet', points: 0 },
              { title: 'Good', points: 16 },
            ],
          },
        ],
        passPoints: 17,
        maxResubmissions: 1,
        requiredForCertificate: true,
        dueDays: 14,
        dueLocalTime: null,
        refuseLate: true,
        peerReview: true,
      },
    });

    refuse = false;
    const pass = within(form).getByLabelText('Pass mark (points, of 16)');
    await user.clear(pass);
    await user.type(pass, '10');
    await user.click(within(form).getByRole('button', { name: 'Save assignment' }));
    expect(await screen.findByText('Assignment saved')).toBeVisible();
  });

  it('edits a saved assignment keeping its criteria and levels ids, and switches it to pass/fail', async () => {
    const user = userEvent.setup();
    const api = server([saved], () => ({ body: { responseDto: ok } }));
    renderWithApp(<AssignmentsPanel course={course} />);
    expect(
      await screen.findByText(/Hand in a file · rubric, pass mark 6 of 8 · required for the certificate/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit assignment Build a CI pipeline' }));
    const form = screen.getByRole('form', { name: 'Edit assignment · Pipelines' });
    expect(within(form).getByLabelText('Criterion')).toHaveValue('Pipeline runs');
    await user.click(within(form).getByRole('button', { name: 'Save assignment' }));
    expect(await screen.findByText('Assignment saved')).toBeVisible();
    const body = bodyOf(api) as { assignment: { id: number; rubric: unknown } };
    expect(body.assignment.id).toBe(8);
    expect(body.assignment.rubric).toEqual([
      {
        id: 1,
        title: 'Pipeline runs',
        levels: [
          { id: 1, title: 'Missing', points: 0 },
          { id: 2, title: 'Works', points: 8 },
        ],
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Edit assignment Build a CI pipeline' }));
    const again = screen.getByRole('form', { name: 'Edit assignment · Pipelines' });
    await user.click(within(again).getByLabelText('Pass or fail'));
    expect(within(again).queryByLabelText('Criterion')).toBeNull();
    await user.click(within(again).getByRole('button', { name: 'Save assignment' }));
    await vi.waitFor(() =>
      expect((bodyOf(api) as { assignment: object }).assignment).toMatchObject({
        grading: 'passfail',
        rubric: [],
        passPoints: null,
      }),
    );
  });
});
