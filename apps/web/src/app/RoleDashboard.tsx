import { DashboardLayout, type DashboardLink } from '@/components/DashboardLayout.tsx';
import type { Role } from '@/lib/session.ts';
import { RequireRole } from './guards.tsx';

/** The dashboard layout (side menu of `links`) of a staff area, for a session of `role` only. */
export function RoleDashboard({ role, title, links }: { role: Role; title: string; links: DashboardLink[] }) {
  return (
    <RequireRole role={role}>
      <DashboardLayout title={title} links={links} />
    </RequireRole>
  );
}
