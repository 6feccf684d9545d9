import { expect, test } from '@playwright/test';
import { newStudent, openAs, uniqueEmail } from '../fixtures.ts';
import { linkInMail } from '../mail.ts';
import { addToCartFromDetail, demoCourse } from './helpers.ts';

// Giving a course on a 360 px phone (docs/payments.md, "Gifts"): a student pays for a course as a gift to an email,
// is not enrolled; the recipient opens the emailed link, signs up there in one step and starts learning; the giver's
// orders say the gift was redeemed.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test('a student gives a course; the recipient signs up from the email and starts learning; the giver sees it redeemed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const giver = await newStudent(request);
  const course = await demoCourse(request, 'Kubernetes for Beginners');
  const friend = { name: 'Bola Adeyemi', email: uniqueEmail('friend') };

  await openAs(page, 'user', giver, '/');
  await addToCartFromDetail(page, course);
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const panel = page.getByRole('dialog', { name: 'Your Cart' });
  await panel.getByLabel('This is a gift').check();
  await panel.getByLabel("Recipient's name").fill(friend.name);
  await panel.getByLabel("Recipient's email").fill(friend.email);
  await panel.getByLabel('Message (optional)').fill('Happy birthday! Learn something new.');
  await panel.getByRole('button', { name: 'Check out' }).click();
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 30_000 });

  // The giver is never enrolled: the course page still sells it to them.
  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();

  // The recipient's email: the redeem link, which works once.
  const redeemLink = () => linkInMail(friend.email, /(https?:\/\/\S+\/gift\/redeem\?code=[A-Z0-9-]+)/);
  await expect.poll(redeemLink, { timeout: 60_000 }).toBeTruthy();
  const link = new URL(redeemLink()!);

  // A new visitor on another phone opens it, creates an account there and redeems the gift in one step.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const friendPage = await phone.newPage();
  await friendPage.goto(`${link.pathname}${link.search}`);
  await expect(friendPage.getByText(course.title)).toBeVisible();
  await expect(friendPage.getByText('Happy birthday! Learn something new.')).toBeVisible();
  await friendPage.getByLabel('Full name').fill(friend.name);
  await friendPage.getByLabel('Email').fill(friend.email);
  await friendPage.getByLabel('Phone number').fill('08031234567');
  await friendPage.getByLabel('Password', { exact: true }).fill('Friend123!');
  await friendPage.getByLabel('Confirm password').fill('Friend123!');
  await friendPage.getByRole('button', { name: 'Create account and redeem' }).click();
  await expect(friendPage.getByRole('status')).toContainText('The gift is redeemed');
  await friendPage.getByRole('link', { name: 'Start learning' }).click();
  await expect(friendPage).toHaveURL(new RegExp(`/view-course/${course.id}`));
  await expect(friendPage.locator('main video')).toBeVisible();
  // The same link again: the gift is spent.
  await friendPage.goto(`${link.pathname}${link.search}`);
  await expect(friendPage.getByRole('alert')).toHaveText('This gift was already redeemed.');
  await phone.close();

  // The giver's orders: the gift, to whom, redeemed.
  await page.goto('/home/orders');
  const order = page.getByRole('listitem', { name: /^Order of/ }).filter({ hasText: friend.email });
  await expect(order).toContainText(`${friend.name} (${friend.email})`);
  await expect(order.getByText('Redeemed')).toBeVisible();
});
