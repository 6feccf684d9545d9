import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import CreateCourse, { assignmentsNotSaved } from './CreateCourse.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
freshEachTest({ session: 'tutor' });

const ok = { code: 'dk00', message: 'OK' };
const details = {
  courseGroup: 'Engineering',
  courseCategory: 'BackendEngineer',
  title: 'Node.js APIs',
  description: 'Build real APIs',
  nairaPrice: '15000',
  courseImageUrl: '/media/images/cover.png',
  courseVideoUrl: '',
  imageName: 'cover.png',
  videoName: '',
};
const lesson = (title: string) => ({
  title,
  videoLink: `/media/videos/${title}.mp4`,
  videoFile: `${title}.mp4`,
  resourceFile: null,
  resourceName: null,
  preview: false,
});

function startAtStep3() {
  localStorage.setItem(
    'courseData',
    JSON.stringify({
      step: 3,
      details,
      sections: [
        { title: 'Intro', seriesList: [lesson('welcome')] },
        { title: 'More', seriesList: [lesson('deeper')] },
      ],
      activeSection: 1,
      pendingSeries: lesson(''),
    }),
  );
}

async function addPassFailAssignment(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add an assignment to section 2' }));
  const form = screen.getByRole('form', { name: 'New assignment in section 2' });
  await user.type(within(form).getByLabelText('Assignment title'), 'Ship an API');
  await user.type(within(form).getByLabelText(/^Instructions/), 'Deploy it and paste the link.');
  await user.selectOptions(within(form).getByLabelText('What students hand in'), 'A link');
  await user.click(within(form).getByLabelText('Pass or fail'));
  await user.click(within(form).getByRole('button', { name: 'Save assignment' }));
  expect(await screen.findByText('Ship an API')).toBeVisible();
}

describe('the wizard’s assignments', () => {
  it('holds an assignment in the draft and saves it into the created section once the course exists', async () => {
    const user = userEvent.setup();
    startAtStep3();
    const saved: unknown[] = [];
    mockApi((path, { json }) => {
      if (path === '/course/tutoraddcourses')
        return { body: { responseDto: ok, coursesDto: { id: 42, sectionDto: [{ id: 501 }, { id: 502 }] } } };
      if (path === '/assignment/save') {
        saved.push(json);
        return { body: { responseDto: ok } };
      }
      if (path === '/video/status') return { body: { responseDto: ok, videos: [] } };
      return { status: 404, body: {} };
    });
    renderWithApp(<CreateCourse />, { path: '/tutor/create-courses', route: '/tutor/create-courses' });
    await addPassFailAssignment(user);
    const stored = JSON.parse(localStorage.getItem('courseData')!) as {
      sections: { assignments?: unknown[] }[];
    };
    expect(stored.sections[1]!.assignments).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText('Course created successfully')).toBeVisible();
    expect(saved).toEqual([
      {
        courseId: 42,
        sectionId: 502,
        assignment: {
          title: 'Ship an API',
          instructions: 'Deploy it and paste the link.',
          submissionType: 'link',
          grading: 'passfail',
          rubric: [],
          passPoints: null,
          maxResubmissions: 1,
          requiredForCertificate: true,
          dueDays: null,
          dueLocalTime: null,
          refuseLate: false,
          peerReview: false,
        },
      },
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/tutor/courses');
  });

  it('leads to the edit screen’s Assignments view when one could not be saved', async () => {
    const user = userEvent.setup();
    startAtStep3();
    mockApi((path) => {
      if (path === '/course/tutoraddcourses')
        return { body: { responseDto: ok, coursesDto: { id: 42, sectionDto: [{ id: 501 }, { id: 502 }] } } };
      if (path === '/assignment/save') return { status: 500, body: {} };
      if (path === '/video/status') return { body: { responseDto: ok, videos: [] } };
      return { status: 404, body: {} };
    });
    renderWithApp(<CreateCourse />, { path: '/tutor/create-courses', route: '/tutor/create-courses' });
    await addPassFailAssignment(user);
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText(assignmentsNotSaved(1))).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/tutor/edit-course/42?view=assignments');
  });
});
