import { describe, expect, it, vi } from 'vitest';
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeXhr } from '@/test/fake-xhr.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import CreateCourse from './CreateCourse.tsx';
import type { CourseDraft } from './draft.ts';

// The machine running the tests is shared: give the first (cold) render more time than 1 s.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ok = { code: 'dk00', message: 'OK' };
const groups = {
  responseDto: ok,
  courseGroups: [{ id: 1, code: 'Engineering', description: 'Software engineering' }],
};
const categories = {
  responseDto: ok,
  courseCategories: [{ id: 7, code: 'BackendEngineer', description: 'Backend engineer' }],
};

type Handler = Parameters<typeof mockApi>[0];
/** Groups and categories answer as the server does; other calls go to `rest`. */
function serverWith(rest: Handler = () => ({ status: 404, body: {} })) {
  return mockApi((path, init) => {
    if (path === '/course/allcoursegroups') return { body: groups };
    if (path === '/course/allcourseCategory/Engineering') return { body: categories };
    return rest(path, init);
  });
}

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
  language: 'en',
  otherLanguage: '',
};
const series = (title: string) => ({
  title,
  videoLink: `/media/videos/${title}.mp4`,
  videoFile: `${title}.mp4`,
  resourceFile: null,
  resourceName: null,
  preview: false,
});
function seedDraft(draft: Partial<CourseDraft>) {
  localStorage.setItem(
    'courseData',
    JSON.stringify({
      step: 1,
      details,
      sections: [],
      activeSection: 0,
      pendingSeries: { title: '', videoLink: '', videoFile: null, resourceFile: null, resourceName: null },
      ...draft,
    }),
  );
}

const renderWizard = () =>
  renderWithApp(<CreateCourse />, { path: '/tutor/create-courses', route: '/tutor/create-courses' });
const storedDraft = () => JSON.parse(localStorage.getItem('courseData') ?? 'null') as CourseDraft | null;

freshEachTest({ session: 'tutor' });

describe('step 1: course details', () => {
  it('asks for every required field before Next', async () => {
    serverWith();
    renderWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    for (const message of [
      'Course group is required',
      'Course category is required',
      'Title is required',
      'Description is required',
      'Price is required',
      'Course image is required',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 1: Course details' })).toBeInTheDocument();
  });

  it('uploads the image when chosen, with progress, keeps the draft across a reload, then goes to step 2', async () => {
    serverWith();
    const uploads = fakeXhr();
    const view = renderWizard();
    await screen.findByRole('option', { name: 'Software engineering' });
    await userEvent.selectOptions(screen.getByLabelText('Course group'), 'Engineering');
    await screen.findByRole('option', { name: 'Backend Engineer' });
    await userEvent.selectOptions(screen.getByLabelText('Course category'), 'BackendEngineer');
    await userEvent.type(screen.getByLabelText('Title'), 'Node.js APIs');
    await userEvent.type(screen.getByLabelText('Description'), 'Build real APIs');
    await userEvent.type(screen.getByLabelText('Price (₦)'), '15000');

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText(/^Course image/), png);
    expect(uploads).toHaveLength(1);
    const upload = uploads[0]!;
    expect(upload.url).toBe('/dl/api/v1/images/add');
    expect(upload.headers.apiKey).toBe(localStorage.getItem('token'));
    expect(upload.fields.map(([k]) => k)).toEqual(['type', 'name', 'files']);
    expect(upload.fields[0]![1]).toBe('image');
    expect(upload.fields[1]![1]).toBe('cover.png');

    act(() => upload.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading image' })).toHaveAttribute('value', '40');
    act(() => upload.respond(200, { responseDto: ok, url: '/media/images/cover.png' }));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    // A reload starts from the stored draft: nothing typed or uploaded is lost.
    await vi.waitFor(() =>
      expect(storedDraft()?.details).toMatchObject({
        title: 'Node.js APIs',
        courseImageUrl: '/media/images/cover.png',
      }),
    );
    view.unmount();
    renderWizard();
    expect(screen.getByLabelText('Title')).toHaveValue('Node.js APIs');
    expect(screen.getByLabelText('Description')).toHaveValue('Build real APIs');
    expect(screen.getByLabelText('Price (₦)')).toHaveValue(15000);
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Backend Engineer' });
    expect(screen.getByLabelText('Course category')).toHaveValue('BackendEngineer');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 2: Sections' })).toBeInTheDocument();
    expect(storedDraft()?.step).toBe(2);
  });

  it.each([
    ['image', /^Course image/, 'image/png', 'An error occurred while uploading image, please try again.'],
    ['video', /^Promo video/, 'video/mp4', 'An error occurred while uploading video, please try again.'],
  ] as const)('says so when the %s upload fails', async (_type, label, mime, message) => {
    serverWith();
    const uploads = fakeXhr();
    renderWizard();
    const file = new File(['x'], 'file', { type: mime });
    await userEvent.upload(screen.getByLabelText(label), file);
    act(() => uploads[0]!.respond(500, { responseDto: { code: 'dk96', message: 'boom' } }));
    // The message shows beside the field and as a toast.
    expect((await screen.findAllByText(message)).length).toBeGreaterThanOrEqual(1);
    expect(storedDraft()?.details.courseImageUrl ?? '').toBe('');
  });

  it("asks which language the course is taught in: one of the app's, or another by its code", async () => {
    serverWith();
    seedDraft({ details });
    renderWizard();
    await screen.findByRole('option', { name: 'Backend Engineer' });
    const taughtIn = screen.getByLabelText('Taught in');
    expect(
      within(taughtIn)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Naijá', 'Yorùbá', 'Hausa', 'Igbo', 'Another language']);
    await userEvent.selectOptions(taughtIn, 'Another language');
    await userEvent.type(screen.getByLabelText('Language code'), 'French');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Type a language code, for example fr for French or sw for Swahili.'),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Language code'));
    await userEvent.type(screen.getByLabelText('Language code'), 'fr');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 2: Sections' })).toBeInTheDocument();
    expect(storedDraft()?.details).toMatchObject({ language: 'other', otherLanguage: 'fr' });
  });

  it('will not leave step 1 while an upload is running', async () => {
    serverWith();
    seedDraft({ details: { ...details, courseVideoUrl: '' } });
    const uploads = fakeXhr();
    renderWizard();
    await screen.findByRole('option', { name: 'Backend Engineer' });
    await userEvent.upload(
      screen.getByLabelText(/^Promo video/),
      new File(['v'], 'promo.mp4', { type: 'video/mp4' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please wait for the upload to finish.')).toBeInTheDocument();
    act(() => uploads[0]!.respond(200, { responseDto: ok, url: '/media/videos/promo.mp4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 2: Sections' })).toBeInTheDocument();
    expect(storedDraft()?.details.courseVideoUrl).toBe('/media/videos/promo.mp4');
  });
});

describe('step 2: sections', () => {
  it('refuses a blank section title and a Next without sections; Back returns to step 1', async () => {
    serverWith();
    seedDraft({ step: 2 });
    renderWizard();
    await userEvent.type(screen.getByLabelText('Section title'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add section' }));
    expect(screen.getByText('Section title must not be blank')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('You must add one section with series to the course')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Section title'));
    await userEvent.type(screen.getByLabelText('Section title'), 'Getting started');
    await userEvent.click(screen.getByRole('button', { name: 'Add section' }));
    expect(screen.getByText('Getting started')).toBeInTheDocument();
    expect(storedDraft()?.sections).toEqual([{ title: 'Getting started', seriesList: [] }]);

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Step 1: Course details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Node.js APIs');
  });

  it('renames a section but not to a blank title', async () => {
    serverWith();
    seedDraft({ step: 2, sections: [{ title: 'Intro', seriesList: [] }] });
    renderWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Rename section 1' }));
    await userEvent.clear(screen.getByLabelText('Section 1 title'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Section title must not be blank')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Section 1 title'), 'Welcome');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(storedDraft()?.sections[0]?.title).toBe('Welcome');
  });
});

describe('step 3: series and saving', () => {
  it('requires a series title and video', async () => {
    serverWith();
    seedDraft({ step: 3, sections: [{ title: 'Intro', seriesList: [] }] });
    renderWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Add series' }));
    expect(await screen.findByText('Series title is required')).toBeInTheDocument();
    expect(screen.getByText('Series video is required')).toBeInTheDocument();
  });

  it('checks every section has a series, then creates the course, clears the draft and opens the list', async () => {
    const created: unknown[] = [];
    serverWith((path, init) => {
      if (path === '/course/tutoraddcourses') {
        created.push(init.json);
        return { body: { responseDto: { code: 'dk00', message: 'Course created' } } };
      }
      return { status: 404, body: {} };
    });
    const uploads = fakeXhr();
    seedDraft({
      step: 3,
      sections: [
        { title: 'Intro', seriesList: [series('welcome')] },
        { title: 'Deeper', seriesList: [] },
      ],
    });
    renderWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Save course' }));
    expect(screen.getByText('Section 2 must contain at least one series')).toBeInTheDocument();
    expect(created).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Section'), '1');
    expect(screen.getByRole('heading', { name: 'Add a series to section 2' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Series title'), 'Routing');
    await userEvent.upload(
      screen.getByLabelText(/^Series video/),
      new File(['v'], 'routing.mp4', { type: 'video/mp4' }),
    );
    expect(uploads[0]!.fields[0]).toEqual(['type', 'video']);
    act(() => uploads[0]!.respond(200, { responseDto: ok, url: '/media/videos/routing.mp4' }));
    await userEvent.upload(
      screen.getByLabelText(/^Resource file/),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(uploads[1]!.fields[0]).toEqual(['type', 'resource']);
    act(() => uploads[1]!.respond(200, { responseDto: ok, url: '/media/resources/notes.pdf' }));
    await screen.findByText('notes.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Add series' }));
    expect(
      within(screen.getByRole('list', { name: 'Series of section 2' })).getByText('Routing'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText('Course created successfully')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/tutor/courses');
    expect(localStorage.getItem('courseData')).toBeNull();
    expect(created).toEqual([
      {
        title: 'Node.js APIs',
        description: 'Build real APIs',
        nairaPrice: 15000,
        courseImageUrl: '/media/images/cover.png',
        courseVideoUrl: null,
        courseGroup: 'Engineering',
        courseCategory: 'BackendEngineer',
        language: 'en',
        sectionDto: [
          {
            title: 'Intro',
            seriesList: [
              {
                title: 'welcome',
                videoLink: '/media/videos/welcome.mp4',
                videoFile: 'welcome.mp4',
                resourceFile: null,
                preview: false,
              },
            ],
          },
          {
            title: 'Deeper',
            seriesList: [
              {
                title: 'Routing',
                videoLink: '/media/videos/routing.mp4',
                videoFile: 'routing.mp4',
                resourceFile: '/media/resources/notes.pdf',
                preview: false,
              },
            ],
          },
        ],
      },
    ]);
  });

  it.each([
    [400, 'Course category is unknown', 'Course category is unknown'],
    [500, 'Internal error', 'An error occurred while creating the course'],
  ])('a %i answer shows "$2" and keeps the draft', async (status, serverMessage, shown) => {
    serverWith((path) =>
      path === '/course/tutoraddcourses'
        ? { status, body: { responseDto: { code: 'dk96', message: serverMessage } } }
        : { status: 404, body: {} },
    );
    seedDraft({ step: 3, sections: [{ title: 'Intro', seriesList: [series('welcome')] }] });
    renderWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/tutor/create-courses');
    expect(storedDraft()?.sections).toHaveLength(1);
  });

  it('sends the tutor back to step 1, showing what is missing, when the details are incomplete', async () => {
    const spy = serverWith();
    seedDraft({
      step: 3,
      details: { ...details, title: '' },
      sections: [{ title: 'Intro', seriesList: [series('welcome')] }],
    });
    renderWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 1: Course details' })).toBeInTheDocument();
    expect(spy.mock.calls.some(([url]) => String(url).endsWith('/course/tutoraddcourses'))).toBe(false);
  });

  it('keeps a half-written series (with its uploaded video) across a reload', async () => {
    serverWith();
    const uploads = fakeXhr();
    seedDraft({ step: 3, sections: [{ title: 'Intro', seriesList: [] }] });
    const view = renderWizard();
    await userEvent.type(screen.getByLabelText('Series title'), 'Setup');
    await userEvent.upload(
      screen.getByLabelText(/^Series video/),
      new File(['v'], 'setup.mp4', { type: 'video/mp4' }),
    );
    act(() => uploads[0]!.respond(200, { responseDto: ok, url: '/media/videos/setup.mp4' }));
    await screen.findByText('setup.mp4');
    view.unmount();
    renderWizard();
    expect(screen.getByLabelText('Series title')).toHaveValue('Setup');
    expect(screen.getByText('setup.mp4')).toBeInTheDocument();
  });
});

describe('free preview and video state', () => {
  it('shows the uploaded video processing then ready, ticks Free preview and sends it', async () => {
    const created: { sectionDto: { seriesList: unknown[] }[] }[] = [];
    let asked = 0;
    serverWith((path, init) => {
      if (path === '/video/status') {
        asked++;
        const { urls } = init.json as { urls: string[] };
        const videoStatus = asked === 1 ? 'processing' : 'ready';
        return {
          body: {
            responseDto: ok,
            videos: urls.map((url) => ({ url, videoStatus, videoError: null, durationSeconds: null })),
          },
        };
      }
      if (path === '/course/tutoraddcourses') {
        created.push(init.json as (typeof created)[number]);
        return { body: { responseDto: ok } };
      }
      return { status: 404, body: {} };
    });
    const uploads = fakeXhr();
    seedDraft({ step: 3, sections: [{ title: 'Intro', seriesList: [] }] });
    renderWizard();
    await userEvent.type(screen.getByLabelText('Series title'), 'Free taste');
    await userEvent.upload(
      screen.getByLabelText(/^Series video/),
      new File(['v'], 'taste.mp4', { type: 'video/mp4' }),
    );
    act(() => uploads[0]!.respond(200, { responseDto: ok, url: '/media/videos/taste.mp4' }));
    expect(await screen.findByText('Video: processing for streaming')).toBeInTheDocument();
    // Asked again while processing.
    expect(await screen.findByText('Video: ready', {}, { timeout: 8000 })).toBeInTheDocument();
    const preview = screen.getByRole('checkbox', { name: 'Free preview' });
    expect(preview).not.toBeChecked();
    await userEvent.click(preview);
    await userEvent.click(screen.getByRole('button', { name: 'Add series' }));
    const list = screen.getByRole('list', { name: 'Series of section 1' });
    expect(within(list).getByText('Free preview')).toBeInTheDocument();
    expect(within(list).getByText('Video: ready')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText('Course created successfully')).toBeInTheDocument();
    expect(created[0]!.sectionDto[0]!.seriesList[0]).toMatchObject({ title: 'Free taste', preview: true });
  });
});
