import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Shared helpers for the specs: every spec makes its own accounts and courses through the API. */
export const API = '/dl/api/v1';
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'AdminPass123!',
};

export type Creds = { email: string; password: string; fullName: string; token?: string };

/** POSTs (or GETs without body) a JSON call and returns the parsed body; fails the test on a non-2xx answer. */
export async function apiCall<T = Record<string, unknown>>(
  request: APIRequestContext,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = token ? { apiKey: token } : {};
  const res =
    body === undefined
      ? await request.get(`${API}${path}`, { headers })
      : await request.post(`${API}${path}`, { data: body, headers });
  const json = (await res.json()) as T;
  expect(res.ok(), `${path} answered ${res.status()}: ${JSON.stringify(json)}`).toBeTruthy();
  return json;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@e2e.test`;

/** Signs a student up through the API and logs in; returns credentials with a token. */
export async function newStudent(request: APIRequestContext): Promise<Creds> {
  const creds = { email: uniqueEmail('student'), password: 'Student123!', fullName: 'Chioma Okafor' };
  await apiCall(request, '/user/add', {
    fullName: creds.fullName,
    email: creds.email,
    phoneNumber: '08031234567',
    password: creds.password,
    confirmPassword: creds.password,
  });
  const login = await apiCall<{ token: string }>(request, '/login/customer', {
    userName: creds.email,
    password: creds.password,
  });
  return { ...creds, token: login.token };
}

/** Signs a tutor up through the API (with `email`, or a new one) and logs in. */
export async function newTutor(request: APIRequestContext, email = uniqueEmail('tutor')): Promise<Creds> {
  const creds = { email, password: 'Tutor1234!', fullName: 'Emeka Nwosu' };
  await apiCall(request, '/staff/add', {
    fullName: creds.fullName,
    email: creds.email,
    phoneNumber: '08031234567',
    password: creds.password,
    confirmPassword: creds.password,
    category: 'Website development',
    gender: 'Male',
    age: 34,
    certificateUrl: 'https://example.com/certificate.pdf',
  });
  const login = await apiCall<{ token: string }>(request, '/login/staff', {
    userName: creds.email,
    password: creds.password,
  });
  return { ...creds, token: login.token };
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await apiCall<{ token: string }>(request, '/login/admin', {
    userName: ADMIN.email,
    password: ADMIN.password,
  });
  return login.token;
}

/** Puts a logged-in session into the browser's storage the way the login screen does, then opens `path`. */
export async function openAs(page: Page, role: 'user' | 'tutor' | 'admin', creds: Creds, path = '/') {
  await page.goto('/terms-and-policy');
  await page.evaluate(
    ({ role, creds }) => {
      localStorage.setItem('token', creds.token ?? '');
      localStorage.setItem('email', creds.email);
      localStorage.setItem('role', role);
      localStorage.setItem('user', creds.email);
      localStorage.setItem('tokenExpiration', String(Math.floor(Date.now() / 1000) + 3600));
    },
    { role, creds },
  );
  await page.goto(path);
}

/** A demo account of the seeded content (apps/api/assets/demo/courses.json). */
export type DemoLogin = { fullName: string; email: string; password: string };
/** The demo tutor, the demo student and the demo courses' titles, as the seed makes them. */
export const DEMO = JSON.parse(
  readFileSync(new URL('../apps/api/assets/demo/courses.json', import.meta.url), 'utf8'),
) as { tutor: DemoLogin; student: DemoLogin; courses: { title: string }[] };

/** Signs a demo (or any) account in through the API and opens `path` as it; answers its token. */
export async function signIn(page: Page, role: 'user' | 'tutor' | 'admin', login: DemoLogin, path: string) {
  const call = { user: '/login/customer', tutor: '/login/staff', admin: '/login/admin' }[role];
  const { token } = await apiCall<{ token: string }>(page.request, call, {
    userName: login.email,
    password: login.password,
  });
  await openAs(page, role, { ...login, token }, path);
  return token;
}

/** Signs the demo tutor in and opens `path` as them; answers their token and their courses' ids (the API's order). */
export async function signInDemoTutor(page: Page, path = '/tutor') {
  const token = await signIn(page, 'tutor', DEMO.tutor, path);
  const { coursesDtos } = await apiCall<{ coursesDtos: { id: number }[] }>(
    page.request,
    '/course/alltutor',
    { pageSize: 10, pageNo: 0 },
    token,
  );
  return { token, courseIds: coursesDtos.map((c) => c.id) };
}
