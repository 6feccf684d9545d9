import { DashboardLayout, type DashboardLink } from '@/components/DashboardLayout.tsx';
import { useT } from '@/lib/i18n/index.ts';
import type { Role } from '@/lib/session.ts';
import { RequireRole } from './guards.tsx';

/**
 * The dashboard layout (side menu of `links`) of a staff area, for a session of `role` only. `title` and each link's
 * `label` are catalog keys, read in the active language.
 */
export function RoleDashboard({ role, title, links }: { role: Role; title: string; links: DashboardLink[] }) {
  const t = useT();
  return (
    <RequireRole role={role}>
      <DashboardLayout title={t(title)} links={links.map((l) => ({ ...l, label: t(l.label) }))} />
    </RequireRole>
  );
}
