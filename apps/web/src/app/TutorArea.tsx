import { Route, Routes } from 'react-router';
import { ForgotPasswordForm } from '../components/auth/ForgotPasswordForm.tsx';
import { ResetPasswordForm } from '../components/auth/ResetPasswordForm.tsx';
import { DashboardLayout, type DashboardLink } from '../components/DashboardLayout.tsx';
import { NotFound } from '../components/NotFound.tsx';
import CreateCourse from '../features/course-wizard/CreateCourse.tsx';
import EditCourse from '../features/course-wizard/EditCourse.tsx';
import CourseEarnings from '../features/earnings/CourseEarnings.tsx';
import Earnings from '../features/earnings/Earnings.tsx';
import TutorDashboard from '../features/tutor-dashboard/TutorDashboard.tsx';
import CoursesReview from '../features/tutor-courses/CoursesReview.tsx';
import TutorCourses from '../features/tutor-courses/TutorCourses.tsx';
import ChangePassword from '../features/tutor-settings/ChangePassword.tsx';
import Settings from '../features/tutor-settings/Settings.tsx';
import { RequireRole } from './guards.tsx';

const LINKS: DashboardLink[] = [
  { to: '/tutor', label: 'Dashboard', end: true },
  { to: '/tutor/courses', label: 'My courses' },
  { to: '/tutor/create-courses', label: 'Create course' },
  { to: '/tutor/courses-review', label: 'Courses review' },
  { to: '/tutor/earnings', label: 'Earnings' },
  { to: '/tutor/settings', label: 'Settings' },
  { to: '/tutor/change-password', label: 'Change password' },
];

/** The tutor area, lazy-loaded under /tutor/*: password reset is public, everything else needs a tutor session. */
export default function TutorArea() {
  return (
    <Routes>
      <Route
        path="forgot-password"
        element={
          <main className="page">
            <ForgotPasswordForm role="tutor" />
          </main>
        }
      />
      <Route
        path="reset-password"
        element={
          <main className="page">
            <ResetPasswordForm role="tutor" />
          </main>
        }
      />
      <Route
        element={
          <RequireRole role="tutor">
            <DashboardLayout title="Tutor" links={LINKS} />
          </RequireRole>
        }
      >
        <Route index element={<TutorDashboard />} />
        <Route path="courses" element={<TutorCourses />} />
        <Route path="create-courses" element={<CreateCourse />} />
        <Route path="edit-course/:id" element={<EditCourse />} />
        <Route path="courses-review" element={<CoursesReview />} />
        <Route path="earnings" element={<Earnings />} />
        <Route path="course/earnings/:id" element={<CourseEarnings />} />
        <Route path="settings" element={<Settings />} />
        <Route path="change-password" element={<ChangePassword />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
