import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TCourseDto } from '@app/contract/courses';
import { PlayerPage } from './PlayerPage.tsx';
import { NO_STREAM } from '@/test/series.ts';
import { freshEachTest } from '@/test/render-with-app.tsx';

const series = (id: number, title: string, resourceFile: string | null = null) => ({
  id,
  title,
  videoLink: `/media/v/${id}.mp4?sig=abc`,
  resourceFile,
  videoFile: `${id}.mp4`,
  ...NO_STREAM,
});

function course(canWatch: boolean): TCourseDto {
  const hide = (s: ReturnType<typeof series>) =>
    canWatch ? s : { ...s, videoLink: null, resourceFile: null };
  return {
    id: 7,
    title: 'Playwright from zero',
    description: 'Testing',
    author: 'Emeka Nwosu',
    nairaPrice: 15000,
    courseImageUrl: '/media/i/7.png',
    courseVideoUrl: null,
    courseGroup: 'Engineering',
    courseCategory: 'SoftwareTester',
    status: 'Approved',
    timeCreated: [2024, 5, 1, 10, 0, 0],
    studentCount: 3,
    averageRating: null,
    ratingCount: 0,
    owned: canWatch,
    canWatch,
    sectionDto: [
      {
        id: 1,
        title: 'Getting started',
        seriesList: [series(101, 'Install'), series(102, 'First test', '/media/r/1.pdf')].map(hide),
      },
      { id: 2, title: 'Going further', seriesList: [series(103, 'Fixtures')].map(hide) },
    ],
  };
}

let calls: { method: string; url: string; body: unknown }[];
/** The course's assignments the server lists (none unless a test says so). */
let assignmentsServed: unknown[] = [];
/** Answers the course; `dto` may be a function so each fetch can hand out new signed links. */
function server(dto: TCourseDto | (() => TCourseDto)) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      // The Q&A and announcements tabs under the video, and the course's assignments: empty, and not counted.
      if (url.includes('/question/') || url.includes('/announcement/') || url.includes('/assignment/')) {
        const empty = { questions: [], announcements: [], assignments: assignmentsServed, totalData: 0 };
        return new Response(JSON.stringify({ responseDto: { code: 'dk00', message: 'OK' }, ...empty }));
      }
      calls.push({
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const responseDto = { code: 'dk00', message: 'OK' };
      if (url.includes('/progress/')) {
        const progress = {
          courseId: 7,
          percent: 0,
          completedSeriesIds: [],
          lastSeriesId: null,
          lastPositionSeconds: null,
        };
        return new Response(JSON.stringify({ responseDto, progress }), { status: 200 });
      }
      const coursesDto = typeof dto === 'function' ? dto() : dto;
      return new Response(JSON.stringify({ responseDto, coursesDto }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

function logIn() {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  localStorage.setItem('token', `h.${btoa(JSON.stringify({ exp }))}.s`);
  localStorage.setItem('role', 'user');
  localStorage.setItem('tokenExpiration', String(exp));
}

function renderPlayer(
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  path = '/view-course/7',
) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/view-course/:id" element={<PlayerPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const videoSrc = () => document.querySelector('video')?.getAttribute('src');

freshEachTest();

describe('course player', () => {
  it("lists the owner's assignments under their section and counts the required ones in what is left", async () => {
    logIn();
    server(course(true));
    assignmentsServed = [
      {
        id: 5,
        sectionId: 2,
        title: 'Build a CI pipeline',
        requiredForCertificate: true,
        standing: { status: 'submitted', passed: false, attemptsUsed: 1, resubmissionsLeft: 1, dueAt: null },
      },
    ];
    try {
      renderPlayer();
      const outline = await screen.findByRole('complementary', { name: 'Course content' });
      const sections = within(outline).getAllByRole('heading', { level: 3 });
      const second = sections[1]!.closest('li')!;
      const link = await within(second).findByRole('link', { name: /Assignment: Build a CI pipeline/ });
      expect(link).toHaveAttribute('href', '/home/assignment/5');
      expect(link).toHaveTextContent('Submitted, waiting for a grade');
      expect(within(sections[0]!.closest('li')!).queryByRole('link', { name: /Assignment:/ })).toBeNull();
      expect(screen.getByRole('link', { name: 'Your grades' })).toHaveAttribute('href', '/home/grades/7');
      expect(document.querySelector('.completion-note')).toHaveTextContent(
        'and pass the assignment "Build a CI pipeline" to get your certificate.',
      );
    } finally {
      assignmentsServed = [];
    }
  });

  it('saves the position on pause and makes My Learning ask again for its percentages', async () => {
    logIn();
    server(course(true));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const myCourses = ['user', 'allcourses', 'student@example.com'];
    client.setQueryData(myCourses, { courses: [] });
    renderPlayer(client);
    await screen.findByRole('heading', { level: 1, name: 'Install' });
    const video = document.querySelector('video')!;
    Object.defineProperty(video, 'currentTime', { value: 4.2, configurable: true });
    fireEvent.pause(video);
    await vi.waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/progress/update'))?.body).toEqual({
        courseId: 7,
        seriesId: 101,
        positionSeconds: 4.2,
      }),
    );
    await vi.waitFor(() => expect(client.getQueryState(myCourses)?.isInvalidated).toBe(true));
  });

  it('plays the owner the selected series and moves with Next, Previous and the outline', async () => {
    logIn();
    server(course(true));
    const user = userEvent.setup();
    renderPlayer();

    expect(await screen.findByRole('heading', { level: 1, name: 'Install' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/dl/api/v1/course/singlecourse/7' });
    expect(videoSrc()).toBe('/media/v/101.mp4?sig=abc');
    expect(document.querySelector('video')).toHaveAttribute('controls');
    expect(screen.getByRole('button', { name: /Install/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: '‹ Previous' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Download resource' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next ›' }));
    expect(screen.getByRole('heading', { level: 1, name: 'First test' })).toBeInTheDocument();
    expect(videoSrc()).toBe('/media/v/102.mp4?sig=abc');
    expect(screen.getByRole('button', { name: /First test/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: /Install/ })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Download resource' })).toHaveAttribute('href', '/media/r/1.pdf');

    const outline = screen.getByRole('complementary', { name: 'Course content' });
    await user.click(within(outline).getByRole('button', { name: /Fixtures/ }));
    expect(videoSrc()).toBe('/media/v/103.mp4?sig=abc');
    expect(screen.getByRole('button', { name: 'Next ›' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '‹ Previous' }));
    expect(videoSrc()).toBe('/media/v/102.mp4?sig=abc');
  });

  it("opens an owner's lesson whose video is not ready: says so, and keeps its resource and questions", async () => {
    logIn();
    // A student never gets the uploaded MP4; until the encrypted ladder is ready there is nothing to play.
    const dto = course(true);
    const [first, second] = dto.sectionDto[0]!.seriesList;
    Object.assign(first!, { videoLink: null, videoStatus: 'processing' });
    Object.assign(second!, { videoLink: null, videoStatus: 'failed' });
    Object.assign(dto.sectionDto[1]!.seriesList[0]!, { videoLink: null, videoFile: null });
    server(dto);
    const user = userEvent.setup();
    renderPlayer();

    expect(await screen.findByRole('heading', { level: 1, name: 'Install' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Buy this course/ })).not.toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
    expect(
      screen.getByText("This lesson's video is being prepared. It plays here once it is ready."),
    ).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Q&A' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next ›' }));
    expect(screen.getByRole('heading', { level: 1, name: 'First test' })).toBeInTheDocument();
    expect(
      screen.getByText("This lesson's video could not be prepared. The tutor can upload it again."),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download resource' })).toHaveAttribute('href', '/media/r/1.pdf');

    const outline = screen.getByRole('complementary', { name: 'Course content' });
    await user.click(within(outline).getByRole('button', { name: /Fixtures/ }));
    expect(screen.getByText('This lesson has no video.')).toBeVisible();
  });

  it('shows someone who cannot watch the outline and a way to buy, not the video', async () => {
    logIn();
    server(course(false));
    renderPlayer();

    expect(await screen.findByRole('link', { name: /Buy this course/ })).toHaveAttribute('href', '/course/7');
    expect(screen.getByText(/₦15,000/)).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByText('Fixtures')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fixtures/ })).not.toBeInTheDocument();
  });

  it('asks for the public view when nobody is logged in', async () => {
    server(course(false));
    renderPlayer();
    expect(await screen.findByRole('link', { name: /Buy this course/ })).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/dl/api/v1/course/view/singlecourse',
      body: { courseId: 7 },
    });
  });

  it('offers a reload when the signed link fails, then plays the fresh link', async () => {
    logIn();
    let fetches = 0;
    server(() => {
      fetches++;
      const dto = course(true);
      dto.sectionDto[0]!.seriesList[0]!.videoLink = `/media/v/101.mp4?sig=${fetches}`;
      return dto;
    });
    const user = userEvent.setup();
    renderPlayer();
    await screen.findByRole('heading', { level: 1, name: 'Install' });
    expect(videoSrc()).toBe('/media/v/101.mp4?sig=1');

    fireEvent.error(document.querySelector('video')!);
    expect(screen.getByRole('alert')).toHaveTextContent('This video could not be played.');
    expect(document.querySelector('video')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reload video' }));
    await screen.findByLabelText('Video: Install');
    expect(videoSrc()).toBe('/media/v/101.mp4?sig=2');
  });
  it("a cohort member's locked section shows 'Opens <date>' in Lagos time, and its lessons do not play", async () => {
    logIn();
    const owned = course(true);
    const locked: TCourseDto = {
      ...owned,
      sectionDto: [
        { ...owned.sectionDto[0]!, locked: false, opensAt: null },
        {
          ...owned.sectionDto[1]!,
          seriesList: owned.sectionDto[1]!.seriesList.map((x) => ({
            ...x,
            videoLink: null,
            resourceFile: null,
          })),
          locked: true,
          opensAt: '2027-01-19T08:00:00.000Z',
        },
      ],
    };
    server(locked);
    renderPlayer(undefined, '/view-course/7?series=103');
    // Asked for the locked lesson itself: when it opens, never an offer to buy a course they own.
    expect(
      await screen.findByText('This lesson is not open yet. Opens Tue 19 January 2027, 09:00 WAT.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Buy this course/ })).not.toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
    const outline = screen.getByRole('complementary', { name: 'Course content' });
    expect(within(outline).getByText('Opens Tue 19 January 2027, 09:00 WAT')).toBeInTheDocument();
    expect(within(outline).getByText('Fixtures')).toBeInTheDocument();
    expect(within(outline).queryByRole('button', { name: /Fixtures/ })).not.toBeInTheDocument();
    expect(within(outline).getByRole('button', { name: /Install/ })).toBeInTheDocument();
  });
});
