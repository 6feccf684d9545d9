import { expect, type Page } from '@playwright/test';

/** Errors the page reports (React's hydration mismatches among them); a failed request's own line is not one. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Opens `path` and waits until the server's page has been hydrated (the app then replays early taps). */
export async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('#query-state')).toHaveCount(0);
  await page.waitForFunction(
    () => typeof (window as { __earlyClicks?: { wake?: unknown } }).__earlyClicks?.wake === 'function',
  );
  await page.waitForLoadState('networkidle');
}
