import { describe, expect, it, vi } from 'vitest';
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCourseDto } from '@app/contract/courses';
import type { TVideoState } from '@app/contract/media';
import { fakeXhr } from '@/test/fake-xhr.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import EditCourse from './EditCourse.tsx';
import { NO_STREAM } from '@/test/series.ts';

// The machine running the tests is shared: give the first (cold) render more time than 1 s.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ok = { code: 'dk00', message: 'OK' };
const signed = (key: string) => `/media/${key}?exp=999&sig=abc`;
/** The course's one lesson: its fields as the server sends them and as a save sends them back. */
const welcomeLesson = {
  id: 9,
  title: 'Welcome',
  videoLink: signed('videos/welcome.mp4'),
  resourceFile: null,
  videoFile: 'welcome.mp4',
};
const course: TCourseDto = {
  id: 42,
  title: 'Node.js APIs',
  description: 'Build real APIs',
  author: 'Emeka Nwosu',
  nairaPrice: 15000,
  courseImageUrl: '/media/images/cover.png',
  courseVideoUrl: signed('videos/promo.mp4'),
  courseGroup: 'Engineering',
  courseCategory: 'BackendEngineer',
  language: 'yo',
  status: 'Pending',
  timeCreated: [2025, 1, 2, 3, 4, 5],
  sectionDto: [
    {
      id: 5,
      title: 'Intro',
      seriesList: [{ ...welcomeLesson, ...NO_STREAM }],
    },
  ],
  studentCount: 0,
  averageRating: null,
  ratingCount: 0,
  owned: false,
  canWatch: true,
};

function server(
  update: (body: unknown) => { status?: number; body: unknown } = () => ({ body: { responseDto: ok } }),
  answer: TCourseDto = course,
  videoState: (url: string) => TVideoState = (url) => ({
    url,
    videoStatus: 'none',
    videoError: null,
    durationSeconds: null,
  }),
) {
  const updates: unknown[] = [];
  mockApi((path, init) => {
    if (path === '/course/singlecourse/42') return { body: { responseDto: ok, coursesDto: answer } };
    if (path === '/video/status')
      return { body: { responseDto: ok, videos: (init.json as { urls: string[] }).urls.map(videoState) } };
    if (path === '/course/allcoursegroups')
      return {
        body: { responseDto: ok, courseGroups: [{ id: 1, code: 'Engineering', description: 'Engineering' }] },
      };
    if (path === '/course/allcourseCategory/Engineering')
      return {
        body: {
          responseDto: ok,
          courseCategories: [{ id: 2, code: 'BackendEngineer', description: 'Backend engineer' }],
        },
      };
    if (path === '/course/update') {
      updates.push(init.json);
      return update(init.json);
    }
    return { status: 404, body: { responseDto: { code: 'dk96', message: 'Course does not exist' } } };
  });
  return updates;
}

const renderEdit = (id = '42') =>
  renderWithApp(<EditCourse />, { path: `/tutor/edit-course/${id}`, route: '/tutor/edit-course/:id' });

freshEachTest({ session: 'tutor' });

describe('/tutor/edit-course/:id', () => {
  it('edits the course fields and saves the whole course, sending back the media urls it received', async () => {
    const updates = server();
    renderEdit();
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Node.js APIs');
    await userEvent.clear(title);
    await userEvent.paste('Node.js APIs, second edition');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Course updated successfully')).toBeInTheDocument();
    expect(updates).toEqual([
      {
        id: 42,
        title: 'Node.js APIs, second edition',
        description: 'Build real APIs',
        nairaPrice: 15000,
        courseImageUrl: '/media/images/cover.png',
        courseVideoUrl: signed('videos/promo.mp4'),
        courseGroup: 'Engineering',
        courseCategory: 'BackendEngineer',
        // The language it was saved with stays.
        language: 'yo',
        sectionDto: [
          {
            id: 5,
            title: 'Intro',
            seriesList: [{ ...welcomeLesson, preview: false }],
          },
        ],
      },
    ]);
  });

  it('names the promo video by the file the tutor uploaded', async () => {
    server(undefined, {
      ...course,
      courseVideoUrl: signed('videos/0b7c2e41-9f1d-4c55-a0de-3f2b1c9e8a77.mp4'),
      courseVideoFile: 'intro-final.mp4',
    });
    renderEdit();
    expect(await screen.findByText('intro-final.mp4')).toBeInTheDocument();
    expect(screen.queryByText(/0b7c2e41/)).not.toBeInTheDocument();
  });

  it('adds a section, refuses to save it without a series, then adds a series with a new video', async () => {
    const updates = server();
    const uploads = fakeXhr();
    renderEdit();
    await screen.findByLabelText('Title');
    await userEvent.click(screen.getByRole('button', { name: 'Sections' }));
    await userEvent.type(screen.getByLabelText('Section title'), 'Advanced');
    await userEvent.click(screen.getByRole('button', { name: 'Add section' }));
    // Told beside the section at once, not only at Save.
    expect(screen.getByText('Section 2 must contain at least one series')).toHaveClass('section-error');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getAllByText('Section 2 must contain at least one series').length).toBeGreaterThan(1);
    expect(updates).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Series of section 2' }));
    expect(screen.getByLabelText('Section')).toHaveValue('1');
    await userEvent.type(screen.getByLabelText('Series title'), 'Streams');
    await userEvent.upload(
      screen.getByLabelText(/^Series video/),
      new File(['v'], 'streams.mp4', { type: 'video/mp4' }),
    );
    act(() => uploads[0]!.respond(200, { responseDto: ok, url: '/media/videos/streams.mp4' }));
    await screen.findByText('streams.mp4');
    await userEvent.click(screen.getByRole('button', { name: 'Add series' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Course updated successfully')).toBeInTheDocument();
    const sent = updates[0] as { sectionDto: unknown[] };
    expect(sent.sectionDto[1]).toEqual({
      title: 'Advanced',
      seriesList: [
        {
          title: 'Streams',
          videoLink: '/media/videos/streams.mp4',
          videoFile: 'streams.mp4',
          resourceFile: null,
          preview: false,
        },
      ],
    });
  });

  it('edits a series in the editSeries view and keeps its id', async () => {
    const updates = server();
    renderEdit();
    await screen.findByLabelText('Title');
    await userEvent.click(screen.getByRole('button', { name: 'Series' }));
    const list = screen.getByRole('list', { name: 'Series of section 1' });
    await userEvent.click(within(list).getByRole('button', { name: 'Edit series Welcome' }));
    expect(screen.getByRole('heading', { name: 'Edit series' })).toBeInTheDocument();
    const seriesTitle = screen.getByLabelText('Series title');
    await userEvent.clear(seriesTitle);
    await userEvent.click(screen.getByRole('button', { name: 'Save series' }));
    expect(await screen.findByText('Series title is required')).toBeInTheDocument();
    await userEvent.type(seriesTitle, 'Hello and welcome');
    await userEvent.click(screen.getByRole('button', { name: 'Save series' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Course updated successfully')).toBeInTheDocument();
    const sent = updates[0] as { sectionDto: { seriesList: unknown[] }[] };
    expect(sent.sectionDto[0]!.seriesList[0]).toMatchObject({ id: 9, title: 'Hello and welcome' });
  });

  it('shows each series as a free preview and its failed conversion with the reason; unticking saves it', async () => {
    const welcome = course.sectionDto[0]!.seriesList[0]!;
    const updates = server(
      undefined,
      { ...course, sectionDto: [{ ...course.sectionDto[0]!, seriesList: [{ ...welcome, preview: true }] }] },
      (url) => ({
        url,
        videoStatus: 'failed',
        videoError: 'The file is not a video that can be played.',
        durationSeconds: null,
      }),
    );
    renderEdit();
    await screen.findByLabelText('Title');
    await userEvent.click(screen.getByRole('button', { name: 'Series' }));
    const list = screen.getByRole('list', { name: 'Series of section 1' });
    expect(within(list).getByText('Free preview')).toBeInTheDocument();
    expect(
      await within(list).findByText(
        'Video: failed. The file is not a video that can be played. Upload another file.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Edit series Welcome' }));
    const preview = screen.getByRole('checkbox', { name: 'Free preview' });
    expect(preview).toBeChecked();
    // The form under the list shows the video's state too.
    const form = screen.getByRole('form', { name: 'Section 1: Intro' });
    expect(within(form).getByText(/^Video: failed\. The file is not a video/)).toBeInTheDocument();
    await userEvent.click(preview);
    await userEvent.click(screen.getByRole('button', { name: 'Save series' }));
    const after = screen.getByRole('list', { name: 'Series of section 1' });
    expect(within(after).getByText('Welcome')).toBeInTheDocument();
    expect(within(after).queryByText('Free preview')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Course updated successfully')).toBeInTheDocument();
    const sent = updates[0] as { sectionDto: { seriesList: unknown[] }[] };
    expect(sent.sectionDto[0]!.seriesList[0]).toMatchObject({ id: 9, preview: false });
  });

  it("shows the server's refusal", async () => {
    server(() => ({
      status: 400,
      body: { responseDto: { code: 'dk96', message: 'Only pending or rejected courses can be edited' } },
    }));
    renderEdit();
    await screen.findByLabelText('Title');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Only pending or rejected courses can be edited')).toBeInTheDocument();
  });

  it('says when the course does not exist', async () => {
    server();
    renderEdit('77');
    expect(await screen.findByText('Course not found.')).toBeInTheDocument();
  });
});
