import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { courseDto as course } from '@/test/course-dto.ts';
import { mockApi, ok, renderScreen } from './test/helpers.tsx';
import { AdminViewCourse } from './AdminViewCourse.tsx';
import { NO_STREAM } from '@/test/series.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const full = course({
  id: 12,
  title: 'Playwright in Practice',
  courseVideoUrl: '/media/signed/promo.mp4?sig=a',
  sectionDto: [
    {
      id: 1,
      title: 'Getting started',
      seriesList: [
        {
          id: 11,
          title: 'Install',
          videoLink: '/media/signed/v1.mp4?sig=b',
          resourceFile: null,
          videoFile: null,
          ...NO_STREAM,
        },
        {
          id: 12,
          title: 'First test',
          videoLink: '/media/signed/v2.mp4?sig=c',
          resourceFile: '/media/signed/notes.pdf?sig=d',
          videoFile: null,
          ...NO_STREAM,
        },
      ],
    },
  ],
});

const view = () =>
  renderScreen(
    <Routes>
      <Route path="/admin/view-course/:id" element={<AdminViewCourse />} />
    </Routes>,
    '/admin/view-course/12',
  );

describe('admin course view', () => {
  it('shows the sections with a playable video per series, read with the admin token', async () => {
    const calls = mockApi(() => ({ body: ok({ coursesDto: full }) }));
    view();
    expect(await screen.findByRole('heading', { name: 'Playwright in Practice' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/course/singlecourse/12', apiKey: 'admin-token' });
    expect(screen.getByRole('heading', { name: 'Section 1: Getting started' })).toBeInTheDocument();
    expect(screen.getByLabelText('Install: video')).toHaveAttribute('src', '/media/signed/v1.mp4?sig=b');
    expect(screen.getByLabelText('First test: video')).toHaveAttribute('controls');
    expect(screen.getByRole('link', { name: 'Download resource' })).toHaveAttribute(
      'href',
      '/media/signed/notes.pdf?sig=d',
    );
  });

  it('changes the status from the view', async () => {
    const user = userEvent.setup();
    mockApi((call) =>
      call.path === '/course/process'
        ? { body: { responseDto: { code: 'dk00', message: 'Course status changed to Rejected' } } }
        : { body: ok({ coursesDto: full }) },
    );
    view();
    await user.click(await screen.findByRole('button', { name: 'Update status' }));
    const dialog = screen.getByRole('dialog', { name: 'Update course status' });
    await user.click(within(dialog).getByRole('radio', { name: 'Rejected' }));
    await user.type(within(dialog).getByLabelText('Reason for rejection'), 'Section 2 has no audio.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Course rejected')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Rejected', { selector: '.status' })).toBeInTheDocument();
  });

  it('says so when the course does not exist', async () => {
    mockApi(() => ({
      status: 404,
      body: { responseDto: { code: 'dk96', message: 'Course Does Not Exist' } },
    }));
    view();
    expect(await screen.findByText('This course does not exist.')).toBeInTheDocument();
  });
});
