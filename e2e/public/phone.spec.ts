import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, newStudent, newTutor, openAs } from '../fixtures.ts';
import { buyThroughSandbox, demoCourse } from '../student/helpers.ts';
import { mp4File, pngFile, storedToken } from '../tutor/helpers.ts';

// Every role's main screens on a 360×740 phone: nothing scrolls sideways, and nothing needed is out of reach.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

/** The page is no wider than the phone. */
async function fitsPhone(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  expect(b, 'the element is laid out').toBeTruthy();
  return b!;
};

test('a guest: home, the search dropdown, a course with its preview lesson, and search fit a phone', async ({
  page,
  request,
}) => {
  const course = await demoCourse(request, 'Software Testing Fundamentals');
  await page.goto('/');
  await expect(page.locator('.course-card').first()).toBeVisible();
  await fitsPhone(page, 'home');

  // The header's dropdown shows each hit's picture and price besides title and tutor.
  await page.getByRole('combobox', { name: 'Search courses' }).fill('Software Testing Fundamentals');
  const hit = page.getByRole('option', { name: /Software Testing Fundamentals/ });
  await expect(hit).toBeVisible();
  await expect(hit.locator('img')).toBeVisible();
  await expect(hit).toContainText('₦');
  await fitsPhone(page, 'the search dropdown');
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await fitsPhone(page, 'course');
  // The outline marks the free lesson.
  await expect(page.locator('.outline li li', { hasText: 'Free preview' })).toHaveCount(1);

  // A toast sits below the header, leaving its cart and menu uncovered.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('You need to login')).toBeVisible();
  const header = await box(page.getByRole('banner'));
  const toasts = await box(page.locator('.Toastify__toast-container'));
  expect(toasts.y).toBeGreaterThanOrEqual(header.y + header.height);

  // The preview lesson in the player: padded settings, a one-line badge, a gap above the buy card.
  await page.goto(`/course/${course.id}`);
  await page.getByRole('link', { name: 'Preview', exact: true }).click();
  const title = page.getByRole('heading', { level: 1, name: /Free preview/ });
  await expect(title).toBeVisible();
  await fitsPhone(page, 'player');
  const badge = title.locator('.preview-badge');
  const lineHeight = await badge.evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * 2);
  expect((await box(badge)).height, "'Free preview' is on one line").toBeLessThan(lineHeight);
  const settings = page.locator('.lesson-settings > *');
  for (let i = 0; i < (await settings.count()); i++) {
    expect((await box(settings.nth(i))).x, 'the video settings keep off the edge').toBeGreaterThan(8);
  }
  const next = await box(page.getByRole('button', { name: 'Next ›' }));
  const buy = await box(page.locator('.player-lesson .player-buy'));
  expect(buy.y - (next.y + next.height), 'Next keeps off the buy card').toBeGreaterThanOrEqual(12);

  // Search: the filters fold behind a button and the first result is on the first screen.
  await page.goto('/search?q=testing');
  const filters = page.getByRole('button', { name: 'Filters' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('.course-card').first()).toBeInViewport();
  await fitsPhone(page, 'search');
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Sort by')).toBeVisible();
  await fitsPhone(page, 'search with its filters open');
});

test('a student: home, my courses and the player fit a phone', async ({ page, request }) => {
  const student = await newStudent(request);
  const course = await demoCourse(request, 'Software Testing Fundamentals');
  await buyThroughSandbox(request, student.token!, [course.id]);
  await openAs(page, 'user', student, '/');
  await expect(page.locator('.course-card').first()).toBeVisible();
  await fitsPhone(page, 'home');
  await page.goto('/home/my-courses');
  await expect(page.getByRole('heading', { name: course.title })).toBeVisible();
  await fitsPhone(page, 'my courses');
  await page.goto(`/view-course/${course.id}`);
  await expect(page.locator('video')).toBeVisible();
  await expect(page.locator('.lesson-settings')).toBeVisible();
  await fitsPhone(page, 'player');
  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await fitsPhone(page, 'an owned course');
});

const TUTOR_MENU = [
  ['Dashboard', '/tutor'],
  ['My courses', '/tutor/courses'],
  ['Create course', '/tutor/create-courses'],
  ['Courses review', '/tutor/courses-review'],
  ['Earnings', '/tutor/earnings'],
  [/^Notifications/, '/tutor/notifications'],
  ['Settings', '/tutor/settings'],
  ['Change password', '/tutor/change-password'],
] as const;

test('a tutor on a phone makes a course through the wizard and reaches every screen from the menu', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tutor = await newTutor(request);
  const title = `Phone course ${Date.now()}`;
  await openAs(page, 'tutor', tutor, '/tutor/create-courses');

  // Step 1: the Next button is in reach before any scrolling.
  await expect(page.getByRole('heading', { name: 'Step 1: Course details' })).toBeVisible();
  await fitsPhone(page, 'wizard step 1');
  await expect(page.getByRole('button', { name: 'Next' })).toBeInViewport();
  const groupSelect = page.getByLabel('Course group');
  await expect(groupSelect.locator('option')).not.toHaveCount(1);
  await groupSelect.selectOption({ index: 1 });
  const categorySelect = page.getByLabel('Course category');
  await expect(categorySelect.locator('option')).not.toHaveCount(1);
  await categorySelect.selectOption({ index: 1 });
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Made on a phone.');
  await page.getByLabel('Price (₦)').fill('1500');
  await page.getByLabel(/^Course image/).setInputFiles(pngFile('cover.png'));
  await expect(page.locator('.upload-preview')).toBeVisible();
  await fitsPhone(page, 'wizard step 1 filled in');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: one section.
  await expect(page.getByRole('heading', { name: 'Step 2: Sections' })).toBeVisible();
  await page.getByLabel('Section title').fill('First steps');
  await page.getByRole('button', { name: 'Add section' }).click();
  await fitsPhone(page, 'wizard step 2');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: a series with its video, then save.
  await expect(page.getByRole('heading', { name: 'Step 3: Series' })).toBeVisible();
  await page.getByLabel('Series title').fill('Hello');
  await page.getByLabel(/^Series video/).setInputFiles(mp4File('hello.mp4'));
  await expect(page.getByText('hello.mp4')).toBeVisible();
  await page.getByRole('button', { name: 'Add series' }).click();
  await expect(page.getByRole('list', { name: 'Series of section 1' })).toContainText('Hello');
  await fitsPhone(page, 'wizard step 3');
  await expect(page.getByRole('button', { name: 'Save course' })).toBeInViewport();
  await page.getByRole('button', { name: 'Save course' }).click();
  await expect(page.getByText('Course created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/tutor\/courses$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // The menu folds behind its button: opened, every link is on screen and opens its page, which fits; the menu
  // closes as the page opens.
  const menu = page.getByRole('navigation', { name: 'Tutor menu' });
  const toggle = page.getByRole('button', { name: /^Menu/ });
  for (const [name, path] of TUTOR_MENU) {
    await expect(menu).toBeHidden();
    await toggle.click();
    const link = menu.getByRole('link', { name, exact: typeof name === 'string' });
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await fitsPhone(page, path);
  }

  // The course's own screens: the review card, its earnings and its edit page.
  const { coursesDtos } = await apiCall<{ coursesDtos: { id: number; title: string }[] }>(
    request,
    '/course/alltutor',
    { pageSize: 10, pageNo: 0 },
    await storedToken(page),
  );
  const id = coursesDtos.find((c) => c.title === title)!.id;
  await page.goto('/tutor/courses-review');
  await expect(page.getByText(title)).toBeVisible();
  await fitsPhone(page, 'courses review with a course');
  for (const path of [`/tutor/course/earnings/${id}`, `/tutor/edit-course/${id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await fitsPhone(page, path);
  }
});
