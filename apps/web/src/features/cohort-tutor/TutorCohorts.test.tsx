import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import type { TCohortDto } from '@app/contract/cohorts';
import { courseDto, courseListAnswer } from '@/test/course-dto.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { cohortDto, ok, refused } from './test-data.ts';
import TutorCohorts from './TutorCohorts.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });

type Answer = { status?: number; body: unknown };

/** The tutor's API: one course sold `offering` with `cohorts`; `on` answers the writes (by path) and records them. */
function cohortApi(
  cohorts: TCohortDto[],
  on: Record<string, (body: Record<string, unknown>) => Answer> = {},
  offering = 'self_paced',
) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  mockApi((path, init) => {
    if (path === '/course/alltutor')
      return courseListAnswer([
        courseDto({
          id: 7,
          title: 'Docker and CI/CD',
          sectionDto: [
            { id: 71, title: 'Containers', seriesList: [] },
            { id: 72, title: 'Pipelines', seriesList: [] },
            { id: 73, title: 'Deploying', seriesList: [] },
          ],
        }),
      ]);
    if (path === '/cohort/list') return { body: { responseDto: ok(), offering, cohorts } };
    if (path === '/cohort/release/rules')
      return {
        body: {
          responseDto: ok(),
          rules: [{ sectionId: 72, kind: 'cohort_day', days: 7, localTime: '09:00', opensAt: null }],
        },
      };
    const handler = on[path];
    if (handler) {
      const body = init.json as Record<string, unknown>;
      calls.push({ path, body });
      return handler(body);
    }
    return { status: 404, body: {} };
  });
  return calls;
}

it('saves how the course is sold as soon as the tutor picks it', async () => {
  const calls = cohortApi([], {
    '/cohort/offering': () => ({ body: { responseDto: ok('Offering saved') } }),
  });
  renderWithApp(<TutorCohorts />, { path: '/tutor/cohorts?course=7' });
  const offering = within(await screen.findByRole('group', { name: 'How this course is sold' }));
  expect(offering.getByRole('radio', { name: /^Self-paced/ })).toBeChecked();
  await userEvent.click(offering.getByRole('radio', { name: /^In cohorts only/ }));
  expect(await screen.findByText('This course is now sold: in cohorts only.')).toBeInTheDocument();
  expect(calls).toEqual([{ path: '/cohort/offering', body: { courseId: 7, offering: 'cohorts' } }]);
  expect(screen.getByText('No cohorts yet.')).toBeInTheDocument();
});

it('creates a cohort from Lagos times, and shows bad input under its fields before asking the server', async () => {
  const calls = cohortApi([], {
    '/cohort/save': (b) => ({
      body: { responseDto: ok('Cohort saved'), cohort: cohortDto({ name: b.name as string }) },
    }),
  });
  renderWithApp(<TutorCohorts />, { path: '/tutor/cohorts?course=7' });
  const form = within(await screen.findByRole('form', { name: 'New cohort' }));

  // Nothing filled, then an end before the start: the messages sit under their fields.
  await userEvent.click(form.getByRole('button', { name: 'Create cohort' }));
  expect(await form.findByText('Enter when the cohort starts.')).toBeInTheDocument();
  expect(form.getByText('Enter when the cohort ends.')).toBeInTheDocument();
  await userEvent.type(form.getByLabelText('Starts (Lagos time, WAT)'), '2099-01-12T09:00');
  await userEvent.type(form.getByLabelText('Ends (Lagos time, WAT)'), '2099-01-10T09:00');
  await userEvent.type(form.getByLabelText('Capacity (seats)'), '0');
  await userEvent.click(form.getByRole('button', { name: 'Create cohort' }));
  expect(await form.findByText('Name is required')).toBeInTheDocument();
  expect(form.getByText('capacity must be at least 1')).toBeInTheDocument();
  expect(form.getByLabelText('Capacity (seats)')).toHaveAttribute('aria-invalid', 'true');
  expect(calls).toEqual([]);

  await userEvent.type(form.getByLabelText('Name'), 'January class');
  await userEvent.clear(form.getByLabelText('Ends (Lagos time, WAT)'));
  await userEvent.type(form.getByLabelText('Ends (Lagos time, WAT)'), '2099-01-09T09:00');
  await userEvent.clear(form.getByLabelText('Capacity (seats)'));
  await userEvent.type(form.getByLabelText('Capacity (seats)'), '30');
  await userEvent.click(form.getByRole('button', { name: 'Create cohort' }));
  expect(await form.findByText('A cohort must end after it starts.')).toBeInTheDocument();
  expect(calls).toEqual([]);

  await userEvent.clear(form.getByLabelText('Ends (Lagos time, WAT)'));
  await userEvent.type(form.getByLabelText('Ends (Lagos time, WAT)'), '2099-03-12T09:00');
  await userEvent.type(form.getByLabelText('Price of this cohort (₦, optional)'), '45000');
  await userEvent.click(form.getByRole('button', { name: 'Create cohort' }));
  expect(await screen.findByText('Cohort January class saved.')).toBeInTheDocument();
  // 09:00 in Lagos (WAT, UTC+1) is 08:00 UTC, whatever the browser's zone; an empty window is the server's default.
  expect(calls).toEqual([
    {
      path: '/cohort/save',
      body: {
        courseId: 7,
        name: 'January class',
        startsAt: '2099-01-12T08:00:00.000Z',
        endsAt: '2099-03-12T08:00:00.000Z',
        capacity: 30,
        nairaPrice: 45000,
      },
    },
  ]);
  expect(form.getByLabelText('Name')).toHaveValue('');
});

it("fills the form with a cohort's fields in Lagos time, saves the change with its id, and shows a refusal", async () => {
  let refuse = true;
  const calls = cohortApi(
    [cohortDto({ nairaPrice: 45000 }), cohortDto({ id: 32, name: 'Old', status: 'finished' })],
    {
      '/cohort/save': (b) =>
        refuse
          ? refused('The capacity cannot go below the 12 seats already taken or held.')
          : {
              body: {
                responseDto: ok('Cohort saved'),
                cohort: cohortDto({ capacity: b.capacity as number }),
              },
            },
    },
  );
  renderWithApp(<TutorCohorts />, { path: '/tutor/cohorts?course=7' });
  const table = (await screen.findByRole('link', { name: 'Open January class' })).closest('table')!;
  const row = within(within(table).getByRole('link', { name: 'Open January class' }).closest('tr')!);
  expect(row.getByText('12 Jan 2099, 09:00')).toBeInTheDocument();
  expect(row.getByText('12 of 30 taken')).toBeInTheDocument();
  expect(row.getByText('₦45,000')).toBeInTheDocument();
  expect(row.getByText('Scheduled')).toBeInTheDocument();
  // A finished cohort has nothing left to change.
  const old = within(within(table).getByRole('link', { name: 'Open Old' }).closest('tr')!);
  expect(old.getByText('Finished')).toBeInTheDocument();
  expect(old.queryByRole('button', { name: 'Edit Old' })).not.toBeInTheDocument();

  await userEvent.click(row.getByRole('button', { name: 'Edit January class' }));
  const form = within(screen.getByRole('form', { name: 'Edit cohort' }));
  expect(form.getByLabelText('Name')).toHaveValue('January class');
  expect(form.getByLabelText('Starts (Lagos time, WAT)')).toHaveValue('2099-01-12T09:00');
  expect(form.getByLabelText('Enrolment opens (Lagos time, WAT)')).toHaveValue('2098-12-01T09:00');
  expect(form.getByLabelText('Price of this cohort (₦, optional)')).toHaveValue(45000);
  await userEvent.clear(form.getByLabelText('Capacity (seats)'));
  await userEvent.type(form.getByLabelText('Capacity (seats)'), '10');
  await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
  expect(await form.findByRole('alert')).toHaveTextContent(
    'The capacity cannot go below the 12 seats already taken or held.',
  );

  refuse = false;
  await userEvent.clear(form.getByLabelText('Capacity (seats)'));
  await userEvent.type(form.getByLabelText('Capacity (seats)'), '40');
  await userEvent.click(form.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Cohort January class saved.')).toBeInTheDocument();
  expect(calls.at(-1)?.body).toMatchObject({ id: 31, courseId: 7, capacity: 40, nairaPrice: 45000 });
  expect(await screen.findByRole('form', { name: 'New cohort' })).toBeInTheDocument();
});

it('cancels a cohort only after a confirmation that says its paid seats are refunded', async () => {
  const calls = cohortApi([cohortDto()], {
    '/cohort/cancel': () => ({
      body: { responseDto: ok('Cohort cancelled. Paid seats are being refunded.') },
    }),
  });
  renderWithApp(<TutorCohorts />, { path: '/tutor/cohorts?course=7' });
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel January class' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Cancel January class?' }));
  expect(dialog.getByText(/every paid seat is refunded through the refund flow/)).toBeInTheDocument();
  await userEvent.click(dialog.getByRole('button', { name: 'Keep the cohort' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(calls).toEqual([]);

  await userEvent.click(screen.getByRole('button', { name: 'Cancel January class' }));
  await userEvent.click(screen.getByRole('button', { name: 'Cancel cohort and refund' }));
  expect(await screen.findByText('Cohort cancelled. Paid seats are being refunded.')).toBeInTheDocument();
  expect(calls).toEqual([{ path: '/cohort/cancel', body: { cohortId: 31 } }]);
});

it("shows each section's release rule and saves a change, checking the fields each rule needs", async () => {
  const calls = cohortApi([cohortDto()], {
    '/cohort/release/rule': () => ({ body: { responseDto: ok('Release rule saved') } }),
  });
  renderWithApp(<TutorCohorts />, { path: '/tutor/cohorts?course=7' });
  const first = within(await screen.findByRole('form', { name: 'Release rule of Containers' }));
  expect(first.getByLabelText('Opens')).toHaveValue('none');
  const second = within(screen.getByRole('form', { name: 'Release rule of Pipelines' }));
  expect(second.getByLabelText('Opens')).toHaveValue('cohort_day');
  expect(second.getByLabelText('Days after the start day (0: the start day)')).toHaveValue(7);
  expect(second.getByLabelText('At (Lagos time, WAT)')).toHaveValue('09:00');

  // Day 10 of the cohort at 18:30 Lagos time.
  await userEvent.clear(second.getByLabelText('Days after the start day (0: the start day)'));
  await userEvent.click(second.getByRole('button', { name: 'Save rule' }));
  expect(await second.findByText('days must be a number')).toBeInTheDocument();
  await userEvent.type(second.getByLabelText('Days after the start day (0: the start day)'), '10');
  await userEvent.clear(second.getByLabelText('At (Lagos time, WAT)'));
  await userEvent.type(second.getByLabelText('At (Lagos time, WAT)'), '18:30');
  await userEvent.click(second.getByRole('button', { name: 'Save rule' }));
  expect(await screen.findByText('Release rule of Pipelines saved.')).toBeInTheDocument();

  // On a date: the date is asked for, then sent as the moment it names in Lagos.
  const third = within(screen.getByRole('form', { name: 'Release rule of Deploying' }));
  await userEvent.selectOptions(third.getByLabelText('Opens'), 'date');
  await userEvent.click(third.getByRole('button', { name: 'Save rule' }));
  expect(await third.findByText('Choose when the section opens.')).toBeInTheDocument();
  await userEvent.type(third.getByLabelText('Opens on (Lagos time, WAT)'), '2099-02-01T09:00');
  await userEvent.click(third.getByRole('button', { name: 'Save rule' }));
  expect(await screen.findByText('Release rule of Deploying saved.')).toBeInTheDocument();

  // When the previous section is complete; and back to no rule.
  await userEvent.selectOptions(first.getByLabelText('Opens'), 'after_previous');
  await userEvent.click(first.getByRole('button', { name: 'Save rule' }));
  await userEvent.selectOptions(second.getByLabelText('Opens'), 'none');
  await userEvent.click(second.getByRole('button', { name: 'Save rule' }));
  await vi.waitFor(() => expect(calls).toHaveLength(4));
  expect(calls.map((c) => c.body)).toEqual([
    { sectionId: 72, rule: { kind: 'cohort_day', days: 10, localTime: '18:30' } },
    {
      sectionId: 73,
      rule: { kind: 'date', days: 0, localTime: '00:00', opensAt: '2099-02-01T08:00:00.000Z' },
    },
    { sectionId: 71, rule: { kind: 'after_previous', days: 0, localTime: '00:00' } },
    { sectionId: 72, rule: null },
  ]);
});
