import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { ForgotPasswordForm } from '@/components/auth/ForgotPasswordForm.tsx';
import { ResetPasswordForm } from '@/components/auth/ResetPasswordForm.tsx';
import type { DashboardLink } from '@/components/DashboardLayout.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import CreateCourse from '@/features/course-wizard/CreateCourse.tsx';
import EditCourse from '@/features/course-wizard/EditCourse.tsx';
import CourseEarnings from '@/features/earnings/CourseEarnings.tsx';
import QuizStatsPage from '@/features/quizzes/QuizStatsPage.tsx';
import Earnings from '@/features/earnings/Earnings.tsx';
import TutorDashboard from '@/features/tutor-dashboard/TutorDashboard.tsx';
import CoursesReview from '@/features/tutor-courses/CoursesReview.tsx';
import TutorCourses from '@/features/tutor-courses/TutorCourses.tsx';
import ChangePassword from '@/features/tutor-settings/ChangePassword.tsx';
import Settings from '@/features/tutor-settings/Settings.tsx';
import SecurityPage from '@/features/security/SecurityPage.tsx';
import NotificationsPage from '@/features/notifications/NotificationsPage.tsx';
import TutorQuestions from '@/features/tutor-questions/TutorQuestions.tsx';
import TutorCoupons from '@/features/tutor-coupons/TutorCoupons.tsx';
import CohortPage from '@/features/cohort-tutor/CohortPage.tsx';
import TutorCohorts from '@/features/cohort-tutor/TutorCohorts.tsx';
import TutorPlans from '@/features/tutor-plans/TutorPlans.tsx';
import GradingQueue from '@/features/grading/GradingQueue.tsx';
import GradePage from '@/features/grading/GradePage.tsx';
import Gradebook from '@/features/grading/Gradebook.tsx';
import AssistantsPage from '@/features/assistants/AssistantsPage.tsx';
import AcceptAssistPage from '@/features/assistants/AcceptAssistPage.tsx';
import { useUnreadCount } from '@/lib/queries/notifications.ts';
import { useSession } from '@/lib/session.ts';
import { RoleDashboard } from './RoleDashboard.tsx';

/** The area's title and its menu's labels: catalog keys (RoleDashboard reads them in the active language). */
const TITLE = 'tutorNav.title';
const LINKS: DashboardLink[] = [
  { to: '/tutor', label: 'tutorNav.dashboard', end: true },
  { to: '/tutor/courses', label: 'tutorNav.myCourses' },
  { to: '/tutor/create-courses', label: 'tutorNav.createCourse' },
  { to: '/tutor/courses-review', label: 'tutorNav.coursesReview' },
  { to: '/tutor/questions', label: 'tutorNav.questions' },
  { to: '/tutor/grading', label: 'tutorNav.grading' },
  { to: '/tutor/gradebook', label: 'tutorNav.gradebook' },
  { to: '/tutor/assistants', label: 'tutorNav.assistants' },
  { to: '/tutor/earnings', label: 'tutorNav.earnings' },
  { to: '/tutor/coupons', label: 'tutorNav.coupons' },
  { to: '/tutor/cohorts', label: 'tutorNav.cohorts' },
  { to: '/tutor/notifications', label: 'tutorNav.notifications' },
  { to: '/tutor/settings', label: 'tutorNav.settings' },
  { to: '/tutor/change-password', label: 'tutorNav.changePassword' },
  { to: '/tutor/security', label: 'tutorNav.security' },
];

/** A public screen of the tutor area, outside the dashboard. */
const page = (screen: ReactNode) => <main className="page">{screen}</main>;

/** The tutor area, lazy-loaded under /tutor/*: password reset is public, everything else needs a tutor session. */
export default function TutorArea() {
  // The tutor area has no site header: its menu's Notifications link carries the bell's unread count.
  const session = useSession();
  const unread = useUnreadCount(session.authenticated && session.role === 'tutor').data ?? 0;
  const links = LINKS.map((l) => (l.to === '/tutor/notifications' ? { ...l, badge: unread } : l));
  return (
    <Routes>
      <Route path="forgot-password" element={page(<ForgotPasswordForm role="tutor" />)} />
      <Route path="reset-password" element={page(<ResetPasswordForm role="tutor" />)} />
      <Route element={<RoleDashboard role="tutor" title={TITLE} links={links} />}>
        <Route index element={<TutorDashboard />} />
        <Route path="courses" element={<TutorCourses />} />
        <Route path="create-courses" element={<CreateCourse />} />
        <Route path="edit-course/:id" element={<EditCourse />} />
        <Route path="courses-review" element={<CoursesReview />} />
        <Route path="earnings" element={<Earnings />} />
        <Route path="coupons" element={<TutorCoupons />} />
        <Route path="cohorts" element={<TutorCohorts />} />
        <Route path="cohort/:id" element={<CohortPage />} />
        <Route path="course/earnings/:id" element={<CourseEarnings />} />
        <Route path="course/quizzes/:id" element={<QuizStatsPage />} />
        <Route path="course/plans/:id" element={<TutorPlans />} />
        <Route path="questions" element={<TutorQuestions />} />
        <Route path="grading" element={<GradingQueue />} />
        <Route path="grading/:submissionId" element={<GradePage />} />
        <Route path="gradebook" element={<Gradebook />} />
        <Route path="assistants" element={<AssistantsPage />} />
        <Route path="assist" element={<AcceptAssistPage />} />
        <Route path="notifications" element={<NotificationsPage />} />
        <Route path="settings" element={<Settings />} />
        <Route path="change-password" element={<ChangePassword />} />
        <Route path="security" element={<SecurityPage role="tutor" />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
