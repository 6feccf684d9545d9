import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { pseudoText } from '../../apps/web/src/lib/i18n/pseudo.ts';
import { LOCALE_NAMES } from '../../packages/contract/src/locales.ts';
import { QUERY_STATE_ID } from '../../packages/contract/src/server-render.ts';
import {
  ADMIN,
  apiCall,
  DEMO,
  newStudent,
  newTutor,
  openAs,
  signIn,
  signInDemoTutor,
  uniqueEmail,
} from '../fixtures.ts';
import { linkInMail } from '../mail.ts';
import { buyThroughSandbox, demoCourse, ownedCourseIds } from '../student/helpers.ts';
import { firstGroupAndCategory, mp4File, pngFile, uploadFile } from '../tutor/helpers.ts';
import { PUBLIC_ROUTES } from './helpers.ts';

// No untranslated English on any screen (issue 51, docs/i18n.md "The pseudo-locale"): every route of every role is
// shown in the pseudo-locale, where each word of the catalogs has its letters accented, so a word in plain ASCII
// letters is one that skipped them. What is not the app's own words is left out by where it came from, not by a list
// of texts: the strings of every JSON answer of the API the page read (and of the server's render's query state) are
// the people's data (titles, names, descriptions); numbers, dates, naira, emails, links, the brand and the languages'
// own names are left out by their form. The page heads (the server's catalogs) are not in the body, so not read.
// The routes are read with the demo content's data in them (the demo student's course, orders, cohort, gift; the
// demo tutor's courses and grading queue); the screens are only read, so the demo accounts are shared safely.

const PSEUDO_LOCALE = 'en-XA';

/** Words in plain ASCII letters (2 or more: a lone letter is an initial or a mark). */
const ENGLISH_WORD = /[A-Za-z][A-Za-z']*[A-Za-z]/g;
const MONTHS_AND_DAYS =
  /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December|Mon|Tue|Wed|Thu|Fri|Sat|Sun|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|am|pm|AM|PM)\b/g;
/**
 * What is left out by its form: links and emails (before the data, which may name a part of one), the brand, the languages' own names (the picker names each in itself),
 * dates' month and day names, keyboard shortcuts, and abbreviations and codes in capitals (KB, USD, PDF, a gift
 * code's pattern), which no language here translates.
 */
const LINKS: RegExp[] = [/\bhttps?:\/\/\S+/g, /[\w.+-]+@[\w-]+(\.[\w-]+)+/g];
const NOT_WORDS: RegExp[] = [
  /\bDevLearn\b/g,
  new RegExp(`(?<![\\p{L}])(${Object.values(LOCALE_NAMES).join('|')})(?![\\p{L}])`, 'gu'),
  MONTHS_AND_DAYS,
  /\b(Alt|Ctrl|Shift|Cmd|Meta)\+\w\b/g,
  /\b[A-Z0-9]+(-[A-Z0-9]+)+\b/g,
  /\b[A-Z]{2,5}s?\b/g,
];

/**
 * Every string in a JSON answer (nested objects and arrays included, their keys too: a record's details are shown as
 * they come). A person's name is data whole or by its first word (the greeting's).
 */
function strings(value: unknown, into: Set<string>) {
  if (typeof value === 'string') {
    const s = value.trim();
    if (s) into.add(s);
    if (/^\p{Lu}\p{L}+( \p{Lu}\p{L}+){1,2}$/u.test(s)) into.add(s.split(' ')[0]!);
  } else if (Array.isArray(value)) value.forEach((v) => strings(v, into));
  else if (value && typeof value === 'object')
    Object.entries(value).forEach(([k, v]) => {
      into.add(k);
      strings(v, into);
    });
}

/** The API's answers a page read, collected as the people's data the screens show. */
function collectData(page: Page) {
  const data = new Set<string>();
  const pending: Promise<unknown>[] = [];
  const read = async (res: Response) => {
    const url = new URL(res.url());
    const type = res.headers()['content-type'] ?? '';
    // A lesson's captions (WebVTT): the tutor's words, as the transcript shows them.
    if (type.includes('text/vtt')) for (const line of (await res.text()).split('\n')) strings(line, data);
    if (!url.pathname.startsWith('/dl/api/') || !type.includes('json')) return;
    strings(await res.json().catch(() => null), data);
  };
  page.on('response', (res) => {
    pending.push(read(res).catch(() => undefined));
  });
  return {
    data,
    /** The server's render's query state in a page's document (the data its first render read). */
    async document(res: Response | null) {
      if (!res) return;
      const html = await res.text().catch(() => '');
      const m = new RegExp(`<script[^>]*id="${QUERY_STATE_ID}"[^>]*>([\\s\\S]*?)</script>`).exec(html);
      if (m) strings(JSON.parse(m[1]!) as unknown, data);
    },
    settled: () => Promise.all(pending),
  };
}

type Shown = { where: string; text: string };

/** The visible text nodes of the page and the words of its placeholder, aria-label, title and alt attributes. */
function shownTexts(page: Page): Promise<Shown[]> {
  return page.evaluate(() => {
    const found: { where: string; text: string }[] = [];
    const visible = (el: Element) => {
      const box = el.closest('select') ?? el;
      return box.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!el || !text || el.closest('script, style, noscript, template') || !visible(el)) continue;
      found.push({ where: el.tagName.toLowerCase(), text });
    }
    for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) {
      for (const el of Array.from(document.body.querySelectorAll(`[${attr}]`))) {
        const text = el.getAttribute(attr)?.trim();
        // A label inside what is hidden from screen readers is read by no one (a chart drawn beside its table).
        if (attr === 'aria-label' && el.closest('[aria-hidden="true"]')) continue;
        if (text && visible(el)) found.push({ where: `${el.tagName.toLowerCase()}[${attr}]`, text });
      }
    }
    return found;
  });
}

/** The English words of a text that are neither the people's data nor left out by their form. */
function untranslated(text: string, data: string[]): string[] {
  // Data cut short: an excerpt ending in an ellipsis.
  const excerpt = /(…|\.\.\.)$/.test(text) && text.replace(/(…|\.\.\.)$/, '').trim();
  if (excerpt && excerpt.length > 12 && data.some((d) => d.startsWith(excerpt))) return [];
  // A part of a text shown in pieces (a description whose links are links): three words or more of one.
  if (text.split(/\s+/).length >= 3 && data.some((d) => d.includes(text))) return [];
  // Links and emails, then data shown whole, as words of the text (never as a part of a word).
  let rest = text;
  for (const pattern of LINKS) rest = rest.replace(pattern, ' ');
  for (const d of data) {
    if (!rest.includes(d)) continue;
    const escaped = d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    rest = rest.replace(new RegExp(`(?<![A-Za-z])${escaped}(?![A-Za-z])`, 'g'), ' ');
  }
  for (const pattern of NOT_WORDS) rest = rest.replace(pattern, ' ');
  return rest.match(ENGLISH_WORD) ?? [];
}

/**
 * Reads what a page shows against the people's data its API answers brought (collected from the moment it is made):
 * each `read` keeps "<label>: <where> "<text>"" for every text with English in it. `typed` adds the test's own
 * words (what it typed into a form is the person's data, as a title they wrote).
 */
function pseudoReader(page: Page) {
  const collected = collectData(page);
  const failures: string[] = [];
  return {
    document: collected.document,
    typed: (...texts: string[]) => texts.forEach((t) => collected.data.add(t)),
    async read(label: string) {
      await collected.settled();
      const data = [...collected.data].sort((a, b) => b.length - a.length);
      for (const { where, text } of await shownTexts(page)) {
        if (untranslated(text, data).length) failures.push(`${label}: ${where} "${text.slice(0, 120)}"`);
      }
    },
    english: () => [...new Set(failures)],
  };
}
type Reader = ReturnType<typeof pseudoReader>;

/** Opens `path` in the pseudo-locale and waits for it to have loaded (its data read, no "Loading..." left). */
async function open(page: Page, reader: Reader, path: string) {
  const res = await page.goto(path);
  await reader.document(res);
  await expect(page.locator('html'), `${path} is in the pseudo-locale`).toHaveAttribute(
    'lang',
    PSEUDO_LOCALE,
  );
  await expect(page.locator('main').first(), path).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await expect(page.getByText(/^(Loading|Ļóáďíñğ)\.\.\.$/), `${path} has loaded`).toHaveCount(0);
}

/**
 * Opens each path in the pseudo-locale and answers what each shows in English: "<path>: <where> "<text>"". The
 * links a screen shows to a route not yet read (a course's player, a quiz, an order, a grading page) are read too,
 * one page per route, so the screens behind an id are covered with the demo's own ids.
 */
async function englishOn(page: Page, paths: string[], within: RegExp, reader = pseudoReader(page)) {
  const routeOf = (path: string) =>
    path
      .split('?')[0]!
      .replace(/\/(category|certificate)\/[^/]+/, '/$1/:name')
      .replace(/\/[^/]*\d[^/]*/g, '/:id');
  const seen = new Set(paths.map(routeOf));
  const queue = [...paths];
  let menus = 0;
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    await open(page, reader, path);
    await reader.read(path);
    // On the first page, the header's menus too, each opened in turn (the frame is the same on every page).
    if (path === paths[0])
      for (const toggle of await page.locator('header button[aria-expanded]:visible').all()) {
        if ((await toggle.getAttribute('aria-expanded')) !== 'false') continue;
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await reader.read(`${path} (a menu open)`);
        menus += 1;
        // A drawer (the phone's menu) covers its toggle and closes with Escape; a menu closes with its toggle.
        await page.keyboard.press('Escape');
        if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      }
    const links = await page
      .locator('a[href^="/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const link of links) {
      const route = routeOf(link);
      if (!within.test(link) || /^\/(dl|media|sandbox-pay)\//.test(link) || seen.has(route)) continue;
      seen.add(route);
      queue.push(link);
    }
  }
  return { english: reader.english(), routes: [...seen], menus };
}

/** The words of an English text as the pseudo-locale shows them: how a test finds a button by its name. */
const P = pseudoText;
const startsWith = (english: string) => new RegExp(`^${P(english).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Opens a dialog with `opener`, reads it, and closes it with Escape: nothing is done. */
async function readDialog(page: Page, reader: Reader, opener: Locator, label: string) {
  await opener.click();
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]');
  await expect(dialog, `${label} opens`).toBeVisible();
  await reader.read(label);
  await page.keyboard.press('Escape');
  await expect(dialog, `${label} closes`).toBeHidden();
}

/** Does `act`, then reads the page with the toast it raised on it (earlier toasts are closed first). */
async function readToast(page: Page, reader: Reader, act: () => Promise<unknown>, label: string) {
  const toasts = page.locator('.Toastify__toast');
  for (const toast of await toasts.all()) await toast.click().catch(() => undefined);
  await expect(toasts).toHaveCount(0);
  await act();
  await expect(toasts.first(), `${label} raises a toast`).toBeVisible();
  await reader.read(label);
}

test.beforeEach(async ({ page }) => {
  // The pseudo-locale is chosen the way a browser keeps its language (lib/i18n/choice.ts).
  await page.addInitScript((locale) => localStorage.setItem('language', locale), PSEUDO_LOCALE);
});

test('a guest sees no English on the public pages', async ({ page }) => {
  test.setTimeout(180_000);
  // The demo cohort course: its page shows the cohorts to choose from and their timetables.
  const cohortCourse = await demoCourse(page.request, 'Docker and CI/CD Pipelines');
  const { english } = await englishOn(
    page,
    [
      ...PUBLIC_ROUTES,
      `/course/${cohortCourse.id}`,
      '/certificate/NO-SUCH-CODE',
      '/reset-password',
      '/no-such-page',
    ],
    /^\/(?!home|tutor\/|admin\/|view-course|user|wishlist|checkout|edit-profile|change-password|account-security|subscriptions|live)/,
  );
  expect(english, 'English on the public pages').toEqual([]);
});

test('a student sees no English on their screens', async ({ page }) => {
  test.setTimeout(300_000);
  const token = await signIn(page, 'user', DEMO.student, '/home/my-courses');
  // The demo student's course (its quiz, assignments, grades and captions are reached from its player) and gift.
  const owned = await demoCourse(page.request, 'Kubernetes for Beginners');
  const { notifications } = await apiCall<{ notifications: { type: string; link: string | null }[] }>(
    page.request,
    '/notification/list',
    { pageNo: 0, pageSize: 50 },
    token,
  );
  const giftLink = notifications.find((n) => n.type === 'gift-received')?.link;
  expect(giftLink, 'the demo student has a gift waiting').toBeTruthy();
  // A course they do not own in the cart, so the cart and the checkout show their lines, plans and channels.
  const mine = await ownedCourseIds(page.request, token);
  const courses = await Promise.all(DEMO.courses.map((c) => demoCourse(page.request, c.title)));
  const other = courses.find((c) => !mine.includes(c.id));
  expect(other, 'a demo course the demo student does not own').toBeTruthy();
  await page.evaluate(
    (c) => localStorage.setItem('cart', JSON.stringify([{ id: c.id, name: c.title, price: c.nairaPrice }])),
    other!,
  );
  const { english, routes, menus } = await englishOn(
    page,
    [
      // Their course's page and the cart's course's first: the cart's line is the course as the API answered it.
      `/course/${owned.id}`,
      `/course/${other!.id}`,
      `/view-course/${owned.id}`,
      '/home/my-courses',
      '/home/cart',
      '/checkout',
      '/home/orders',
      '/home/downloads',
      '/home/notifications',
      '/home/team',
      '/home/reviews',
      '/home/payment-methods',
      '/wishlist',
      '/subscriptions',
      '/edit-profile',
      '/change-password',
      '/account-security',
      '/user/week',
      '/user/calendar',
      giftLink!,
    ],
    /^\/(home|view-course|user|live|wishlist|subscriptions|gift|team)\b/,
  );
  expect(english, "English on the student's screens").toEqual([]);
  expect(menus, "the header's profile menu was read open").toBeGreaterThan(0);
  expect(routes, 'the screens behind an id were read').toEqual(
    expect.arrayContaining([
      '/view-course/:id/quiz/:id',
      '/home/assignment/:id',
      '/home/grades/:id',
      '/home/orders/:id',
      '/live/:id',
    ]),
  );
});

test("a tutor sees no English on the tutor's screens", async ({ page }) => {
  test.setTimeout(300_000);
  const { courseIds } = await signInDemoTutor(page);
  // The demo cohort's course: its cohorts' list links each cohort's page.
  const cohortCourse = await demoCourse(page.request, 'Docker and CI/CD Pipelines');
  const { english, routes } = await englishOn(
    page,
    [
      '/tutor',
      '/tutor/courses',
      '/tutor/create-courses',
      `/tutor/edit-course/${courseIds[0]!}`,
      '/tutor/courses-review',
      '/tutor/earnings',
      '/tutor/coupons',
      `/tutor/cohorts?course=${cohortCourse.id}`,
      '/tutor/questions',
      '/tutor/grading',
      '/tutor/gradebook',
      '/tutor/assistants',
      '/tutor/notifications',
      '/tutor/settings',
      '/tutor/change-password',
      '/tutor/security',
    ],
    /^\/tutor\//,
  );
  expect(english, "English on the tutor's screens").toEqual([]);
  expect(routes, 'the screens behind an id were read').toEqual(
    expect.arrayContaining([
      '/tutor/cohort/:id',
      '/tutor/grading/:id',
      '/tutor/course/earnings/:id',
      '/tutor/course/quizzes/:id',
      '/tutor/course/plans/:id',
    ]),
  );
});

test("an admin sees no English on the admin's screens", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin', { ...ADMIN, fullName: 'Admin' }, '/admin');
  const reader = pseudoReader(page);
  const { english } = await englishOn(
    page,
    [
      '/admin',
      '/admin/courses',
      '/admin/view-course/1',
      '/admin/payouts',
      '/admin/refunds',
      '/admin/plans',
      '/admin/sales',
      '/admin/reports',
      '/admin/protection',
      '/admin/security',
      '/admin/audit',
    ],
    /^\/admin\//,
    reader,
  );
  // A course's status dialog, closed unanswered.
  await open(page, reader, '/admin/view-course/1');
  await readDialog(page, reader, page.locator('.admin-view-status button'), "a course's status");
  expect(english, "English on the admin's screens").toEqual([]);
  expect(reader.english(), "English in the admin's dialogs").toEqual([]);
});

// What a screen shows only after an action: the course wizard's later steps, dialogs, toasts and forms' own checks,
// the invites' links, and the header's menu on a phone. Each is read the way the routes are. The accounts that act
// are new ones (their course, cart, profile and order are theirs); the demo accounts' screens are only read, but for
// one invite to the demo team (a new person's, never joined: it takes no seat) and its dialog closed unanswered.

test("a tutor's course wizard, its toasts and dialogs, and an assistant's invite show no English", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const reader = pseudoReader(page);
  const tutor = await newTutor(page.request);
  const token = tutor.token!;
  // The tutor's own words, typed into the wizard: their data.
  const words = {
    title: `Wizard course ${Date.now()}`,
    description: 'What the wizard was given.',
    section: 'First steps',
    series: 'Welcome',
    another: 'Second steps',
  };
  reader.typed(...Object.values(words));
  // A draft at step 2 as the wizard keeps it (features/course-wizard/draft.ts): the details filled in (step 1 is
  // read with the routes), one section with its series.
  const { group, category } = await firstGroupAndCategory(page.request);
  const image = await uploadFile(page.request, token, 'image', pngFile('cover.png'));
  const video = await uploadFile(page.request, token, 'video', mp4File('welcome.mp4'));
  const series = { videoFile: null, resourceFile: null, resourceName: null, preview: false };
  const draft = {
    step: 2,
    details: {
      courseGroup: group,
      courseCategory: category,
      title: words.title,
      description: words.description,
      nairaPrice: '5000',
      courseImageUrl: image,
      courseVideoUrl: '',
      imageName: 'cover.png',
      videoName: '',
      language: 'en',
      otherLanguage: '',
    },
    sections: [{ title: words.section, seriesList: [{ ...series, title: words.series, videoLink: video }] }],
    activeSection: 0,
    pendingSeries: { ...series, title: '', videoLink: '' },
  };
  await openAs(page, 'tutor', tutor, '/terms-and-policy');
  await page.evaluate((d) => localStorage.setItem('courseData', JSON.stringify(d)), draft);

  // Step 2, sections: a blank title refused, a section without series told, a rename, a remove.
  await open(page, reader, '/tutor/create-courses');
  await expect(page.getByRole('heading', { name: P('Step 2: Sections') })).toBeVisible();
  await reader.read('wizard step 2');
  const addSection = page.getByRole('button', { name: P('Add section') });
  await addSection.click();
  await expect(page.locator('#new-section-title')).toHaveAttribute('aria-invalid', 'true');
  await reader.read('wizard step 2, a blank section title');
  await page.locator('#new-section-title').fill(words.another);
  await addSection.click();
  await expect(page.locator('#section-1-error')).toBeVisible();
  await reader.read('wizard step 2, a section without series');
  await page.getByRole('button', { name: P('Rename section 2') }).click();
  await expect(page.locator('#rename-1')).toBeVisible();
  await reader.read('wizard step 2, renaming a section');
  await page.getByRole('button', { name: P('Cancel'), exact: true }).click();
  await page.getByRole('button', { name: P('Remove section 2') }).click();
  await expect(page.locator('#section-1-error')).toHaveCount(0);

  // Step 3, series: the quiz and assignment forms, each sent empty, then the course saved.
  await page.getByRole('button', { name: P('Next'), exact: true }).click();
  await expect(page.getByRole('heading', { name: P('Step 3: Series') })).toBeVisible();
  await reader.read('wizard step 3');
  for (const [add, form] of [
    ['Add a quiz to section 1', 'form.quiz-form'],
    ['Add an assignment to section 1', 'form.assignment-form'],
  ] as const) {
    await page.getByRole('button', { name: P(add) }).click();
    const shown = page.locator(form);
    await expect(shown).toBeVisible();
    await reader.read(`wizard step 3, ${add}`);
    await shown.locator('button[type="submit"]').click();
    await expect(shown.locator('[aria-invalid="true"]').first()).toBeVisible();
    await reader.read(`wizard step 3, ${add}, sent empty`);
    await shown.getByRole('button', { name: P('Cancel'), exact: true }).click();
    await expect(shown).toHaveCount(0);
  }
  await readToast(
    page,
    reader,
    () => page.getByRole('button', { name: P('Save course') }).click(),
    'wizard saved',
  );
  await expect(page).toHaveURL(/\/tutor\/courses$/);
  await expect(page.getByText(/^(Loading|Ļóáďíñğ)\.\.\.$/)).toHaveCount(0);
  await reader.read('/tutor/courses after the wizard');
  await readDialog(
    page,
    reader,
    page.getByRole('button', { name: `${P('Delete')} ${words.title}` }),
    'delete a course',
  );

  // The assistant's invite: sent from the course's Assistants screen, accepted by a new tutor from its link.
  const { coursesDtos } = await apiCall<{ coursesDtos: { id: number; title: string }[] }>(
    page.request,
    '/course/alltutor',
    { pageSize: 10, pageNo: 0 },
    token,
  );
  const courseId = coursesDtos.find((c) => c.title === words.title)!.id;
  const assistants = `/tutor/assistants?course=${courseId}`;
  const invitee = uniqueEmail('assistant');
  await open(page, reader, assistants);
  await page.locator('#assistant-email').fill(invitee);
  await readToast(
    page,
    reader,
    () => page.getByRole('button', { name: P('Invite'), exact: true }).click(),
    assistants,
  );
  const assistLink = () => linkInMail(invitee, /https?:\/\/[^/\s]+(\/tutor\/assist\?token=[A-Za-z0-9_-]+)/);
  await expect.poll(assistLink, { timeout: 30_000 }).toBeTruthy();
  const assistant = await newTutor(page.request, invitee);
  await openAs(page, 'tutor', assistant, '/terms-and-policy');
  await open(page, reader, assistLink()!);
  await reader.read('/tutor/assist');
  await page.getByRole('button', { name: P('Accept the invitation') }).click();
  await expect(page.getByRole('status')).toBeVisible();
  await reader.read('/tutor/assist, accepted');
  await open(page, reader, '/tutor/assist');
  await reader.read('/tutor/assist without a token');
  await openAs(page, 'tutor', tutor, '/terms-and-policy');
  await open(page, reader, assistants);
  await readDialog(
    page,
    reader,
    page.getByRole('button', { name: `${P('Remove')} ${assistant.fullName}` }),
    'remove an assistant',
  );
  expect(reader.english(), 'English after the tutor acts').toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("a guest sees no English in the header's menu or on a team invite", async ({ page }) => {
    test.setTimeout(120_000);
    // The demo team's admin (the demo student) invites a new person: the link comes in the invite's email.
    const { token } = await apiCall<{ token: string }>(page.request, '/login/customer', {
      userName: DEMO.student.email,
      password: DEMO.student.password,
    });
    const { team } = await apiCall<{ team: { id: number } | null }>(
      page.request,
      '/team/mine',
      undefined,
      token,
    );
    expect(team, 'the demo student has a team').not.toBeNull();
    const email = uniqueEmail('invitee');
    await apiCall(page.request, '/team/invite', { teamId: team!.id, email, name: 'Adaeze Obi' }, token);
    const joinLink = () => linkInMail(email, /https?:\/\/[^/\s]+(\/team\/join\?token=[A-Za-z0-9_-]+)/);
    await expect.poll(joinLink, { timeout: 30_000 }).toBeTruthy();
    const reader = pseudoReader(page);
    const { menus } = await englishOn(
      page,
      ['/', joinLink()!, '/team/join', '/team/join?token=no-such-invite'],
      /^$/,
      reader,
    );
    expect(menus, "the header's menu was read open").toBeGreaterThan(0);
    // The join form's own checks: sent without a password.
    await open(page, reader, joinLink()!);
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await reader.read(`${joinLink()} sent without a password`);
    expect(reader.english(), 'English on a phone').toEqual([]);
  });

  test('a student sees no English in the menus, the cart, toasts and dialogs', async ({ page }) => {
    test.setTimeout(180_000);
    const reader = pseudoReader(page);
    const student = await newStudent(page.request);
    const [bought, course] = await Promise.all(
      DEMO.courses.slice(0, 2).map((c) => demoCourse(page.request, c.title)),
    );
    await buyThroughSandbox(page.request, student.token!, [bought!.id]);
    await openAs(page, 'user', student, '/terms-and-policy');
    const { menus } = await englishOn(page, [`/course/${course!.id}`], /^$/, reader);
    expect(menus, "the header's menus were read open").toBeGreaterThan(1);
    await readToast(
      page,
      reader,
      () =>
        page
          .getByRole('button', { name: P('Add to cart') })
          .first()
          .click(),
      'added to the cart',
    );
    await readToast(
      page,
      reader,
      () => page.getByRole('button', { name: `${P('Add')} ${course!.title} ${P('to wishlist')}` }).click(),
      'added to the wishlist',
    );
    // The cart panel, and a line taken out of it.
    await page.locator(`header button[aria-label^="${P('Cart')}"]`).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await reader.read('the cart panel');
    await readToast(
      page,
      reader,
      () => page.getByRole('button', { name: `${P('Remove')} ${course!.title} ${P('from cart')}` }).click(),
      'removed from the cart',
    );
    await page.keyboard.press('Escape');

    await open(page, reader, '/edit-profile');
    await readToast(
      page,
      reader,
      () => page.getByRole('button', { name: P('Save changes') }).click(),
      'profile saved',
    );
    await open(page, reader, '/account-security');
    await page.getByText(P('Delete my account'), { exact: true }).first().click();
    await reader.read('/account-security, deleting the account');

    // A refund asked for on the order: the form, then sent empty.
    const { orders } = await apiCall<{ orders: { reference: string }[] }>(
      page.request,
      '/order/list',
      {},
      student.token,
    );
    await open(page, reader, `/home/orders/${orders[0]!.reference}`);
    await page
      .getByRole('button', { name: startsWith(`Ask for a refund`) })
      .first()
      .click();
    const refund = page.locator('form.refund-form');
    await expect(refund).toBeVisible();
    await reader.read('asking for a refund');
    await refund.locator('button[type="submit"]').click();
    await expect(refund.locator('[aria-invalid="true"]')).toBeVisible();
    await reader.read('asking for a refund, sent empty');

    // The demo team's admin removing a member: the dialog, closed without removing.
    await signIn(page, 'user', DEMO.student, '/terms-and-policy');
    await open(page, reader, '/home/team');
    await readDialog(
      page,
      reader,
      page
        .locator('main')
        .getByRole('button', { name: P('Remove'), exact: true })
        .first(),
      'remove a team member',
    );
    expect(reader.english(), 'English after the student acts').toEqual([]);
  });
});
