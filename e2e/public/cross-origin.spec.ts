import { expect, test, type Page } from '@playwright/test';
import { newStudent } from '../fixtures.ts';

// The spec's original client on another origin (scripts/e2e.mjs starts the server with CORS_ORIGINS set to it).
// Playwright answers that origin's pages itself; everything they load from the server goes over the network, so
// Chromium applies CORS, Cross-Origin-Resource-Policy and CSP for real.
// localhost and 127.0.0.1 are different sites, so helmet's same-site CORP would block the images.
const CLIENT = 'http://localhost:5173';

async function openClient(page: Page, path = '/') {
  // Chromium asks the person before a page reaches the loopback address space (Local Network Access): say yes.
  await page.context().grantPermissions(['local-network-access'], { origin: CLIENT });
  await page.route(`${CLIENT}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Spec client</title><body></body>',
    }),
  );
  await page.goto(`${CLIENT}${path}`);
}

type Listed = { id: number; nairaPrice: number; courseImageUrl: string };

/** The catalogue's first page, as the spec's client asks for it (POST, no token). */
const listCourses = (page: Page, api: string) =>
  page.evaluate(async (base) => {
    const res = await fetch(`${base}/dl/api/v1/course/all/view/student/courses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageNo: 0, pageSize: 10 }),
    });
    return { status: res.status, courses: ((await res.json()) as { coursesDtos: Listed[] }).coursesDtos };
  }, api);

test("course images load on another origin's page from absolute media URLs", async ({ page, baseURL }) => {
  await openClient(page);
  const { status, courses } = await listCourses(page, baseURL!);
  expect(status).toBe(200);
  expect(courses.length).toBeGreaterThan(0);
  for (const c of courses) expect(c.courseImageUrl.startsWith(`${baseURL}/media/`)).toBe(true);

  // As the spec's client renders them: <img src={courseImageUrl}>.
  const widths = await page.evaluate(
    (urls) =>
      Promise.all(
        urls.map(
          (url) =>
            new Promise<number>((resolve) => {
              const img = document.createElement('img');
              img.onload = () => resolve(img.naturalWidth);
              img.onerror = () => resolve(0);
              img.src = url;
              document.body.append(img);
            }),
        ),
      ),
    courses.map((c) => c.courseImageUrl),
  );
  expect(
    widths.every((w) => w > 0),
    `image widths ${widths.join(', ')}`,
  ).toBe(true);
});

test("the spec's checkout: 402 with the payment page, Pay, back on the client's /checkout, purchase confirmed", async ({
  page,
  request,
  baseURL,
}) => {
  const student = await newStudent(request);
  await openClient(page);
  const { courses } = await listCourses(page, baseURL!);
  const course = courses.find((c) => c.nairaPrice > 0)!;

  // Spec §7: only `amount`; the client redirects to authorization_url when the answer is an error.
  const charged = await page.evaluate(
    async ({ base, token, amount }) => {
      const res = await fetch(`${base}/dl/api/v1/card/charge`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apiKey: token },
        body: JSON.stringify({ amount }),
      });
      const body = (await res.json()) as {
        initializeTransactionResponse?: { data?: { authorization_url?: string } };
      };
      const url = body.initializeTransactionResponse?.data?.authorization_url;
      if (!res.ok && url) window.location.href = url;
      return { status: res.status, url };
    },
    { base: baseURL!, token: student.token!, amount: course.nairaPrice },
  );
  expect(charged.status).toBe(402);
  await page.waitForURL(charged.url!);
  await page.getByRole('button', { name: /^Pay/ }).click();

  await page.waitForURL(new RegExp(`^${CLIENT}/checkout\\?reference=`));
  const reference = new URL(page.url()).searchParams.get('reference')!;
  const message = await page.evaluate(
    async ({ base, token, reference, courseId }) => {
      const res = await fetch(`${base}/dl/api/v1/customertransaction/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apiKey: token },
        body: JSON.stringify({ reference, transactionDtoList: [{ courseId }] }),
      });
      return ((await res.json()) as { responseDto: { message: string } }).responseDto.message;
    },
    { base: baseURL!, token: student.token!, reference, courseId: course.id },
  );
  expect(message).toBe('Transaction Process Successfully');
});
