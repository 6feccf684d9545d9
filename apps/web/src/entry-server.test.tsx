import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUERY_STATE_ID } from '@app/contract/server-render';
import { cohortDto } from '@/test/cohort-dto.ts';
import { courseDto } from '@/test/course-dto.ts';

// The server's render of each public page, for fixed answers, is what the browser's first render (hydration) makes
// of it: the same HTML, and no mismatch reported by React.

const ok = { code: 'dk00', message: 'OK' };
const course = courseDto({
  id: 7,
  title: 'Docker <basics>',
  status: 'Approved',
  courseCategory: 'BackendEngineer',
  salePrice: 9000,
  averageRating: 4.5,
  ratingCount: 2,
  studentCount: 1234,
  canWatch: false,
  sectionDto: [
    {
      id: 1,
      title: 'Getting started',
      seriesList: [
        { id: 11, title: 'Install Docker', preview: true, videoLink: '/media/v.mp4', hlsLink: null },
        { id: 12, title: 'First container', preview: false, videoLink: null, hlsLink: null },
      ],
    },
  ] as never,
});
const reviews = {
  responseDto: ok,
  reviews: [
    { id: 4, fullName: 'Ada Obi', rating: 5, comment: 'Clear & practical.', timeCreated: [2026, 11, 20] },
  ],
  totalData: 1,
  averageRating: 4.5,
  ratingCount: 2,
  ratingCounts: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
};
// A cohort of the course (docs/cohorts.md): the page renders the next one, its timetable and seats.
const cohorts = {
  responseDto: ok,
  offering: 'both',
  cohorts: [cohortDto()],
  schedules: [
    {
      cohortId: 3,
      sections: [
        {
          sectionId: 1,
          title: 'Getting started',
          kind: 'cohort_day',
          days: 7,
          opensAt: '2027-01-19T08:00:00.000Z',
        },
      ],
      sessions: [{ id: 5, title: 'Kick-off', startsAt: '2027-01-12T17:00:00.000Z', durationMinutes: 60 }],
    },
  ],
};
const certificate = {
  responseDto: ok,
  certificate: {
    code: 'ABCDEFGHJK',
    studentName: 'Chioma Okafor',
    courseTitle: 'Docker <basics>',
    tutorName: 'Emeka Nwosu',
    cohortName: 'January cohort',
    issuedAt: '2026-03-03T10:00:00.000Z',
    hours: 2.5,
    status: 'valid',
    // The learner's language: the certificate's words in Yoruba with the English beneath, whatever the visitor's.
    locale: 'yo',
  },
};

/** The API as the server's render calls it in process: fixed answers by path, 404 for an unknown course. */
const answers = async (url: string, init: RequestInit): Promise<Response> => {
  const path = url.replace('/dl/api/v1', '');
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
  const json = (status: number, value: unknown) => Response.json(value, { status });
  if (path === '/course/all/view/student/courses')
    return json(200, { responseDto: ok, coursesDtos: [course, { ...course, id: 8 }], totalData: 12 });
  if (path === '/course/view/singlecourse')
    return body.courseId === 7
      ? json(200, { responseDto: ok, coursesDto: course })
      : json(404, { responseDto: { code: 'dk04', message: 'Course not found' } });
  if (path === '/review/list') return json(200, reviews);
  if (path === '/cohort/list')
    return body.courseId === 7
      ? json(200, cohorts)
      : json(404, { responseDto: { code: 'dk04', message: 'Course not found.' } });
  if (path === '/course/search')
    return json(200, { responseDto: ok, coursesDtos: [course], totalData: 1, correctedSearch: null });
  if (path === '/certificate/ABCDEFGHJK') return json(200, certificate);
  return json(500, { responseDto: { code: 'dk99', message: `unexpected ${path}` } });
};

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

async function serverRenderer() {
  const { createRenderer } = await import('./entry-server.tsx');
  return createRenderer(answers);
}

/** Renders `path` as the server does, then hydrates it as main.tsx does; answers both HTMLs and React's reports. */
async function serverThenBrowser(path: string) {
  const rendered = await (await serverRenderer())(`http://localhost${path}`);
  expect(rendered).not.toBeNull();
  const { html, state, status } = rendered!;
  // React's server renderer leaves its last task's context values on the shared context objects (harmless on a
  // server, which renders nothing else); an empty render puts them back before the browser's renderer runs here.
  const { prerender } = await import('react-dom/static');
  await prerender(<></>);
  const [{ StrictMode }, { act }, { hydrateRoot }, app, routes, api, state_, i18n] = await Promise.all([
    import('react'),
    import('@testing-library/react'),
    import('react-dom/client'),
    import('@/app/App.tsx'),
    import('@/app/routes.tsx'),
    import('@/lib/api.ts'),
    import('@/lib/query-state.ts'),
    import('@/lib/i18n/index.ts'),
  ]);
  const { App, makeQueryClient } = app;
  // The browser has no network here: every answer must come from the page's state.
  api.setApiFetch(() => Promise.reject(new Error('the browser asked the network')));
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="${QUERY_STATE_ID}">${state}</script>`;
  const container = document.getElementById('root')!;
  const serverFrame = container.querySelector('.frame')!.outerHTML;

  const reported: unknown[] = [];
  // React's warning that two renderers provide the same context is this test's own doing (both run in one process).
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('Detected multiple renderers')) reported.push(args);
  });
  const client = makeQueryClient();
  expect(state_.hydrateQueryState(client)).toBe(true);
  await routes.preloadScreen(path.split('?')[0]!);
  await i18n.loadPartLocales(container);
  await act(async () => {
    const root = hydrateRoot(
      container,
      <StrictMode>
        <App client={client} />
      </StrictMode>,
      { onRecoverableError: (err) => reported.push(err) },
    );
    unmount = () => act(() => root.unmount());
  });
  consoleError.mockRestore();
  return { status, serverFrame, browserFrame: container.querySelector('.frame')!.outerHTML, reported };
}

describe('one render for the server and the browser', () => {
  it.each([
    ['/', 200, 'Docker &lt;basics&gt;'],
    ['/category/BackendEngineer', 200, 'Courses in this category'],
    ['/course/7', 200, 'Clear &amp; practical.'],
    ['/search?q=docker', 200, '1 course'],
    ['/certificate/ABCDEFGHJK', 200, 'Ìwé-ẹ̀rí ìparí ẹ̀kọ́<span class="certificate-english" lang="en">'],
    ['/teaching', 200, '<h1'],
    ['/course/99', 404, 'Course not found'],
    ['/no-such-page', 404, 'Page Not Found'],
  ])('%s: the browser hydrates the HTML the server rendered, unchanged', async (path, status, text) => {
    const page = await serverThenBrowser(path);
    expect(page.status).toBe(status);
    expect(page.serverFrame).toContain(text);
    expect(page.reported).toEqual([]);
    // The one change after hydration: share links (a certificate's) name the page's own origin, once it is known.
    const shareLinks = (html: string) => html.replace(/href="https:\/\/[^"]*"/g, 'href="…"');
    expect(shareLinks(page.browserFrame)).toBe(shareLinks(page.serverFrame));
  });

  it('a course on sale shows its old price, sale price, outline and reviews in the HTML itself', async () => {
    const { serverFrame } = await serverThenBrowser('/course/7');
    expect(serverFrame).toContain('₦15,000</s>');
    expect(serverFrame).toContain('₦9,000');
    expect(serverFrame).toContain('Install Docker');
    expect(serverFrame).toContain('By Emeka Nwosu');
  });

  it("a course's next cohort, its timetable and seats are in the HTML itself, in Lagos time", async () => {
    const { serverFrame } = await serverThenBrowser('/course/7');
    const text = new DOMParser().parseFromString(serverFrame, 'text/html').body.textContent ?? '';
    expect(text).toContain('Next cohort starts 12 January · 18 of 30 seats left');
    expect(text).toContain('Opens Tue 19 January 2027, 09:00 WAT');
    expect(text).toContain('Kick-off Tue 12 January 2027, 18:00 to 19:00 WAT');
  });

  it('pages the browser renders alone are not rendered on the server', async () => {
    const render = await serverRenderer();
    expect(await render('http://localhost/login')).toBeNull();
    expect(await render('http://localhost/home/my-courses')).toBeNull();
    expect(await render('http://localhost/tutor/courses')).toBeNull();
  });
});
