import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { HOME_NO_COURSES } from '@app/contract/home';
import { CourseList } from '@/features/catalogue/CourseList.tsx';
import { HomePage } from '@/features/home/HomePage.tsx';
import { lazyScreen } from '@/lib/lazy-screen.ts';

// Only Home is in the first download; every other public screen loads when visited (the initial-JS budget).
const CourseDetailPage = lazyScreen(() => import('@/features/catalogue/CourseDetailPage.tsx'));
const CategoriesPage = lazy(() => import('@/features/catalogue/CategoriesPage.tsx'));
const CategoryPage = lazyScreen(() => import('@/features/catalogue/CategoryPage.tsx'));
const SearchPage = lazyScreen(() => import('@/features/search/SearchPage.tsx'));
const TeachingPage = lazy(() => import('@/features/home/TeachingPage.tsx'));
const TermsPage = lazy(() => import('@/features/home/TermsPage.tsx'));
const CertificatePage = lazy(() => import('@/features/certificates/CertificatePage.tsx'));
const PrivacyPage = lazy(() => import('@/features/privacy/PrivacyPage.tsx'));
const LoginPage = lazy(() => import('@/features/auth/LoginPage.tsx'));
const SignupPage = lazy(() => import('@/features/auth/SignupPage.tsx'));
const TutorSignupPage = lazy(() => import('@/features/auth/TutorSignupPage.tsx'));
const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/PasswordPages.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/PasswordPages.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);

/** The screens whose first screen the server paints, by path: their code is loaded before the app's first render. */
const FIRST_SCREENS: [RegExp, { preload: () => Promise<unknown> }][] = [
  [/^\/course\/[^/]+\/?$/, CourseDetailPage],
  [/^\/category\/[^/]+\/?$/, CategoryPage],
  [/^\/search\/?$/, SearchPage],
];

/**
 * Loads the code of the screen at `pathname` when it is one the server paints (its module is already on its way:
 * the document preloads it), so the app's first render shows it at once. Never fails: the screen then loads as usual.
 */
export function preloadFirstScreen(pathname: string): Promise<unknown> {
  const screen = FIRST_SCREENS.find(([path]) => path.test(pathname))?.[1];
  return screen ? screen.preload().catch(() => undefined) : Promise.resolve();
}

/** Public and sign-in screens inside the shared frame. */
export function publicRoutes(): ReactNode {
  return (
    <>
      <Route index element={<HomePage courses={<CourseList emptyText={HOME_NO_COURSES} />} />} />
      <Route path="course/:id" element={<CourseDetailPage />} />
      <Route path="search" element={<SearchPage />} />
      <Route path="terms-and-policy" element={<TermsPage />} />
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="certificate/:code" element={<CertificatePage />} />
      <Route path="categories" element={<CategoriesPage />} />
      <Route path="category/:id" element={<CategoryPage />} />
      <Route path="teaching" element={<TeachingPage />} />
      <Route path="login" element={<LoginPage role="user" />} />
      <Route path="signup" element={<SignupPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route path="tutor-login" element={<LoginPage role="tutor" />} />
      <Route path="tutor-signup" element={<TutorSignupPage />} />
      <Route path="admin-login" element={<LoginPage role="admin" />} />
    </>
  );
}
