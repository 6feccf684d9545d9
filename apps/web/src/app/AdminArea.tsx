import { Route, Routes } from 'react-router';
import type { DashboardLink } from '@/components/DashboardLayout.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { ForgotPasswordForm } from '@/components/auth/ForgotPasswordForm.tsx';
import { ResetPasswordForm } from '@/components/auth/ResetPasswordForm.tsx';
import { AdminAudit } from '@/features/admin-audit/AdminAudit.tsx';
import { AdminDashboard } from '@/features/admin-dashboard/AdminDashboard.tsx';
import { AdminPayouts } from '@/features/admin-payouts/AdminPayouts.tsx';
import { AdminPlans } from '@/features/admin-plans/AdminPlans.tsx';
import { AdminProtection } from '@/features/admin-protection/AdminProtection.tsx';
import { AdminCourses } from '@/features/admin-review/AdminCourses.tsx';
import { AdminViewCourse } from '@/features/admin-review/AdminViewCourse.tsx';
import { AdminRefunds } from '@/features/admin-refunds/AdminRefunds.tsx';
import { AdminReports } from '@/features/admin-reports/AdminReports.tsx';
import { AdminSales } from '@/features/admin-sales/AdminSales.tsx';
import SecurityPage from '@/features/security/SecurityPage.tsx';
import { Frame } from './Frame.tsx';
import { RoleDashboard } from './RoleDashboard.tsx';

/** The area's title and its menu's labels: catalog keys (RoleDashboard reads them in the active language). */
const TITLE = 'adminNav.title';
const LINKS: DashboardLink[] = [
  { to: '/admin', label: 'adminNav.dashboard', end: true },
  { to: '/admin/courses', label: 'adminNav.courses' },
  { to: '/admin/payouts', label: 'adminNav.payouts' },
  { to: '/admin/refunds', label: 'adminNav.refunds' },
  { to: '/admin/plans', label: 'adminNav.latePlans' },
  { to: '/admin/sales', label: 'adminNav.sales' },
  { to: '/admin/reports', label: 'adminNav.reports' },
  { to: '/admin/protection', label: 'adminNav.videoProtection' },
  { to: '/admin/security', label: 'adminNav.security' },
  { to: '/admin/audit', label: 'adminNav.auditLog' },
];

// The admin area, lazy-loaded under /admin/*; the password screens are open to a logged-out admin and sit in the
// public frame like /admin-login.
export default function AdminArea() {
  return (
    <Routes>
      <Route element={<Frame />}>
        <Route path="forgot-password" element={<ForgotPasswordForm role="admin" />} />
        <Route path="reset-password" element={<ResetPasswordForm role="admin" />} />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route element={<RoleDashboard role="admin" title={TITLE} links={LINKS} />}>
        <Route index element={<AdminDashboard />} />
        <Route path="courses" element={<AdminCourses />} />
        <Route path="view-course/:id" element={<AdminViewCourse />} />
        <Route path="payouts" element={<AdminPayouts />} />
        <Route path="refunds" element={<AdminRefunds />} />
        <Route path="plans" element={<AdminPlans />} />
        <Route path="sales" element={<AdminSales />} />
        <Route path="reports" element={<AdminReports />} />
        <Route path="protection" element={<AdminProtection />} />
        <Route path="security" element={<SecurityPage role="admin" />} />
        <Route path="audit" element={<AdminAudit />} />
      </Route>
    </Routes>
  );
}
