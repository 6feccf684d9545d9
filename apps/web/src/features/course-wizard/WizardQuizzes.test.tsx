import { describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import CreateCourse from './CreateCourse.tsx';

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

describe('the wizard’s quizzes', () => {
  it('holds a quiz in the draft and saves it into the created section once the course exists', async () => {
    const user = userEvent.setup();
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
    const saved: unknown[] = [];
    mockApi((path, { json }) => {
      if (path === '/course/tutoraddcourses')
        return {
          body: {
            responseDto: ok,
            coursesDto: { id: 42, sectionDto: [{ id: 501 }, { id: 502 }] },
          },
        };
      if (path === '/quiz/save') {
        saved.push(json);
        return { body: { responseDto: ok } };
      }
      if (path === '/video/status') return { body: { responseDto: ok, videos: [] } };
      return { status: 404, body: {} };
    });
    renderWithApp(<CreateCourse />, { path: '/tutor/create-courses', route: '/tutor/create-courses' });

    await user.click(await screen.findByRole('button', { name: 'Add a quiz to section 2' }));
    const form = screen.getByRole('form', { name: 'New quiz in section 2' });
    await user.type(within(form).getByLabelText('Quiz title'), 'Checkpoint');
    await user.selectOptions(within(form).getByLabelText('Type'), 'truefalse');
    await user.type(within(form).getByLabelText('Question'), 'Node runs JavaScript.');
    await user.click(within(form).getByRole('button', { name: 'Add quiz' }));
    expect(await screen.findByText('Checkpoint')).toBeVisible();
    const stored = JSON.parse(localStorage.getItem('courseData')!) as { sections: { quizzes?: unknown[] }[] };
    expect(stored.sections[1]!.quizzes).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText('Course created successfully')).toBeVisible();
    expect(saved).toEqual([
      {
        courseId: 42,
        sectionId: 502,
        quiz: {
          title: 'Checkpoint',
          passPercent: 70,
          maxAttempts: 0,
          shuffle: false,
          questions: [
            {
              type: 'truefalse',
              text: 'Node runs JavaScript.',
              options: [
                { text: 'True', correct: true },
                { text: 'False', correct: false },
              ],
              points: 1,
              explanation: null,
            },
          ],
        },
      },
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/tutor/courses');
  });
});
