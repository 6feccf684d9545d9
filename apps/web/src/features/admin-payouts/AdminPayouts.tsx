import { Tabs } from '@/components/Tabs.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { OwedTutors } from './components/OwedTutors.tsx';
import { PayoutHistory } from './components/PayoutHistory.tsx';
import './admin-payouts.css';

/**
 * `/admin/payouts`: tutors owed money (ticked and paid by transfer after a confirmation) and the history of payouts
 * with their statuses (`?tab=history`).
 */
export function AdminPayouts() {
  const t = useT();
  return (
    <section className="admin-payouts">
      <h1>{t('adminPayouts.title')}</h1>
      <p className="muted">{t('adminPayouts.intro')}</p>
      <Tabs
        label={t('adminPayouts.title')}
        param="tab"
        tabs={[
          { id: 'owed', label: t('adminPayouts.tab.owed') },
          { id: 'history', label: t('adminPayouts.tab.history') },
        ]}
      >
        {(tab) => (tab === 'owed' ? <OwedTutors /> : <PayoutHistory />)}
      </Tabs>
    </section>
  );
}
