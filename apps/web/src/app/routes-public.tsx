import type { RouteObject } from 'react-router';
import { CourseList } from '@/features/catalogue/CourseList.tsx';
import { HomePage } from '@/features/home/HomePage.tsx';
import { lazyScreen, lazyWithWords } from '@/lib/lazy-screen.ts';

// Only Home is in the first download; every other public screen loads when visited (the initial-JS budget).
const CourseDetailPage = lazyScreen(() => import('@/features/catalogue/CourseDetailPage.tsx'));
const CategoriesPage = lazyWithWords(() => import('@/features/catalogue/CategoriesPage.tsx'));
const CategoryPage = lazyScreen(() => import('@/features/catalogue/CategoryPage.tsx'));
const SearchPage = lazyScreen(() => import('@/features/search/SearchPage.tsx'));
const TeachingPage = lazyScreen(() => import('@/features/home/TeachingPage.tsx'));
const TermsPage = lazyWithWords(() => import('@/features/home/TermsPage.tsx'));
const CertificatePage = lazyScreen(() => import('@/features/certificates/CertificatePage.tsx'));
const PrivacyPage = lazyWithWords(() => import('@/features/privacy/PrivacyPage.tsx'));
const LoginPage = lazyWithWords(() => import('@/features/auth/LoginPage.tsx'));
const SignupPage = lazyWithWords(() => import('@/features/auth/SignupPage.tsx'));
const TutorSignupPage = lazyWithWords(() => import('@/features/auth/TutorSignupPage.tsx'));
const ForgotPasswordPage = lazyWithWords(() =>
  import('@/features/auth/PasswordPages.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazyWithWords(() =>
  import('@/features/auth/PasswordPages.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);

/** The lazy screens the server renders, by path: their code is loaded before the page is hydrated. */
const FIRST_SCREENS: [RegExp, { preload: () => Promise<unknown> }][] = [
  [/^\/course\/[^/]+\/?$/, CourseDetailPage],
  [/^\/category\/[^/]+\/?$/, CategoryPage],
  [/^\/search\/?$/, SearchPage],
  [/^\/certificate\/[^/]+\/?$/, CertificatePage],
  [/^\/teaching\/?$/, TeachingPage],
];

/**
 * Loads the code of the screen at `pathname` when it is one the server renders (its module is already on its way:
 * the document preloads it), so the page is hydrated in one pass. Never fails: the screen then loads as usual.
 */
export function preloadFirstScreen(pathname: string): Promise<unknown> {
  const screen = FIRST_SCREENS.find(([path]) => path.test(pathname))?.[1];
  return screen ? screen.preload().catch(() => undefined) : Promise.resolve();
}

/** Public and sign-in screens inside the shared frame. */
export const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage courses={<CourseList />} /> },
  { path: 'course/:id', element: <CourseDetailPage /> },
  { path: 'search', element: <SearchPage /> },
  { path: 'terms-and-policy', element: <TermsPage /> },
  { path: 'privacy', element: <PrivacyPage /> },
  { path: 'certificate/:code', element: <CertificatePage /> },
  { path: 'categories', element: <CategoriesPage /> },
  { path: 'category/:id', element: <CategoryPage /> },
  { path: 'teaching', element: <TeachingPage /> },
  { path: 'login', element: <LoginPage role="user" /> },
  { path: 'signup', element: <SignupPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'tutor-login', element: <LoginPage role="tutor" /> },
  { path: 'tutor-signup', element: <TutorSignupPage /> },
  { path: 'admin-login', element: <LoginPage role="admin" /> },
];
