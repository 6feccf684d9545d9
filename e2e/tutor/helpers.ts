import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, apiCall } from '../fixtures.ts';

const demoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/assets/demo');

/** A valid 1×1 PNG, made at test time. */
export const pngFile = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
});

/** A small real MP4: the first lesson video of the demo content. */
export function mp4File(name: string) {
  const demo = readdirSync(demoDir)
    .sort()
    .find((f) => f.endsWith('.mp4'));
  if (!demo) throw new Error(`No .mp4 file in ${demoDir}`);
  return { name, mimeType: 'video/mp4', buffer: readFileSync(path.join(demoDir, demo)) };
}

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** Uploads a file through `POST /images/add` as the API client would (type and name before the file). */
export async function uploadFile(
  request: APIRequestContext,
  token: string,
  type: 'image' | 'video',
  file: FilePayload,
) {
  const res = await request.post(`${API}/images/add`, {
    headers: { apiKey: token },
    multipart: { type, name: file.name, files: file },
  });
  const body = (await res.json()) as { url?: string };
  expect(res.ok(), `upload answered ${res.status()}: ${JSON.stringify(body)}`).toBeTruthy();
  return body.url!;
}

type Code = { code: string };
/** The first course group and its first category. */
export async function firstGroupAndCategory(request: APIRequestContext) {
  const { courseGroups } = await apiCall<{ courseGroups: Code[] }>(request, '/course/allcoursegroups');
  const group = courseGroups[0]!.code;
  const { courseCategories } = await apiCall<{ courseCategories: Code[] }>(
    request,
    `/course/allcourseCategory/${encodeURIComponent(group)}`,
  );
  return { group, category: courseCategories[0]!.code };
}

/** The logged-in tutor's token, as the login screen stored it. */
export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

/**
 * A student pays for one course through the sandbox: the charge, then the hosted page's Pay form, then the
 * verification call the checkout screen makes.
 */
export async function buyThroughSandbox(request: APIRequestContext, studentToken: string, courseId: number) {
  const charge = await apiCall<{
    initializeTransactionResponse: { data: { authorization_url: string; reference: string } };
  }>(request, '/card/charge', { courseIds: [courseId] }, studentToken);
  const { authorization_url: payUrl, reference } = charge.initializeTransactionResponse.data;
  const page = await request.get(payUrl);
  expect(page.ok()).toBeTruthy();
  const action = /action="([^"]+\/pay)"/.exec(await page.text())?.[1];
  expect(action, 'the sandbox page has a Pay form').toBeTruthy();
  const paid = await request.post(new URL(action!, payUrl).toString(), { maxRedirects: 0, form: {} });
  expect(paid.status()).toBe(303);
  const verified = await apiCall<{ responseDto: { message: string } }>(
    request,
    '/customertransaction/add',
    { reference, transactionDtoList: [{ courseId }] },
    studentToken,
  );
  expect(verified.responseDto.message).toBe('Transaction Process Successfully');
}
