import { expect, test } from '@playwright/test';
import { newStudent, openAs } from '../fixtures.ts';
import { approvedCourse, uniqueTitle } from './helpers.ts';

test('a student fills the cart, removes a line, clears it, and check out reaches the payment page', async ({
  page,
  request,
}) => {
  const [first, second] = [
    await approvedCourse(request, { title: uniqueTitle('Cart course A'), nairaPrice: 12000 }),
    await approvedCourse(request, { title: uniqueTitle('Cart course B'), nairaPrice: 3500 }),
  ];
  const student = await newStudent(request);
  await openAs(page, 'user', student, `/course/${first.id}`);

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Item added to cart successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('This item is already in your cart!')).toBeVisible();
  await page.goto(`/course/${second.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();

  // The cart survives a reload (kept under `cart`).
  await page.reload();
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  const panel = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(panel.getByRole('listitem').filter({ hasText: first.title })).toContainText('₦12,000');
  await expect(panel.getByRole('listitem').filter({ hasText: second.title })).toContainText('₦3,500');

  await panel.getByRole('button', { name: `Remove ${first.title} from cart` }).click();
  await expect(page.getByText('Item removed from cart.')).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await panel.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByText('Cart cleared.')).toBeVisible();
  await expect(panel.getByText('Your cart is empty')).toBeVisible();
  await panel.getByRole('button', { name: 'Keep Shopping' }).click();
  await expect(panel).toBeHidden();

  await page.goto(`/course/${second.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('dialog', { name: 'Your Cart' }).getByRole('button', { name: 'Check out' }).click();
  await expect(page.getByRole('button', { name: /^Pay .*3,500/ })).toBeVisible();
});

test('a guest checking out is told to log in and sent to /login', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem('cart', JSON.stringify([{ id: 999999, name: 'Saved course', price: 5000 }])),
  );
  await page.reload();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('dialog', { name: 'Your Cart' }).getByRole('button', { name: 'Check out' }).click();
  await expect(page.getByText('You need to login')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2F.*$/, { timeout: 5000 });
});

test('a guest opening /home/cart logs in and comes back to the cart', async ({ page, request }) => {
  const student = await newStudent(request);
  await page.goto('/home/cart');
  await expect(page).toHaveURL(/\/login\?next=%2Fhome%2Fcart$/);
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home\/cart$/, { timeout: 10_000 });
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('a toast raised in the cart panel leaves its coupon field free to use', async ({ page, request }) => {
    const courses = [
      await approvedCourse(request, { title: uniqueTitle('Toast course A'), nairaPrice: 4000 }),
      await approvedCourse(request, { title: uniqueTitle('Toast course B'), nairaPrice: 5000 }),
    ];
    const student = await newStudent(request);
    await openAs(page, 'user', student, `/course/${courses[0]!.id}`);
    await page.evaluate(
      (lines) => localStorage.setItem('cart', JSON.stringify(lines)),
      courses.map((c) => ({ id: c.id, name: c.title, price: c.nairaPrice })),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Cart, 2 items' }).click();
    const panel = page.getByRole('dialog', { name: 'Your Cart' });
    await panel.getByRole('button', { name: `Remove ${courses[0]!.title} from cart` }).click();
    const shown = page.getByText('Item removed from cart.');
    await expect(shown).toBeVisible();
    const toastBox = (await page.locator('.Toastify__toast').first().boundingBox())!;
    const field = panel.getByLabel('Coupon code');
    const fieldBox = (await field.boundingBox())!;
    const overlaps =
      toastBox.x < fieldBox.x + fieldBox.width &&
      fieldBox.x < toastBox.x + toastBox.width &&
      toastBox.y < fieldBox.y + fieldBox.height &&
      fieldBox.y < toastBox.y + toastBox.height;
    expect(overlaps, 'the toast covers the coupon field').toBe(false);
    // A tap reaches the field while the toast shows.
    await field.click({ timeout: 2000 });
    await field.fill('SAVE10');
    await expect(field).toHaveValue('SAVE10');
    await expect(shown).toBeVisible();
  });
});
