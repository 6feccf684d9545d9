import { Route, Routes } from 'react-router';
import { DashboardLayout, type DashboardLink } from '../components/DashboardLayout.tsx';
import { NotFound } from '../components/NotFound.tsx';
import { AdminDashboard } from '../features/admin-dashboard/components/AdminDashboard.tsx';
import { AdminCourses } from '../features/admin-review/components/AdminCourses.tsx';
import { AdminViewCourse } from '../features/admin-review/components/AdminViewCourse.tsx';
import { RequireRole } from './guards.tsx';

const LINKS: DashboardLink[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/courses', label: 'Courses' },
];

// The admin area, lazy-loaded under /admin/*; the password screens are open to a logged-out admin.
export default function AdminArea() {
  return (
    <Routes>
      <Route
        element={
          <RequireRole role="admin">
            <DashboardLayout title="Admin" links={LINKS} />
          </RequireRole>
        }
      >
        <Route index element={<AdminDashboard />} />
        <Route path="courses" element={<AdminCourses />} />
        <Route path="view-course/:id" element={<AdminViewCourse />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
