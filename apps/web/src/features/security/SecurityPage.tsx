import { useSearchParams } from 'react-router';
import type { Role } from '@/lib/session.ts';
import { DataRightsSection } from './components/DataRightsSection.tsx';
import { DevicesSection } from './components/DevicesSection.tsx';
import { SessionsSection } from './components/SessionsSection.tsx';
import { TwoFactorSection } from './components/TwoFactorSection.tsx';
import { useT } from '@/lib/i18n/index.ts';
import './security.css';

/**
 * `/account-security`, `/tutor/security`, `/admin/security`: the signed-in devices, a student's devices that play
 * videos (MAX_DEVICES), two-factor sign-in (tutors and admins) and the person's data rights.
 */
export default function SecurityPage({ role }: { role: Role }) {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <div className="security-page">
      <h1>{t('security.title')}</h1>
      {role !== 'user' && <TwoFactorSection prompt={params.get('setup')} />}
      <SessionsSection />
      {role === 'user' && <DevicesSection />}
      <DataRightsSection />
    </div>
  );
}
