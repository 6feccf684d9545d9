import { Tabs } from '@/components/Tabs.tsx';
import { OwedTutors } from './components/OwedTutors.tsx';
import { PayoutHistory } from './components/PayoutHistory.tsx';
import './admin-payouts.css';

/**
 * `/admin/payouts`: tutors owed money (ticked and paid by transfer after a confirmation) and the history of payouts
 * with their statuses (`?tab=history`).
 */
export function AdminPayouts() {
  return (
    <section className="admin-payouts">
      <h1>Payouts</h1>
      <p className="muted">
        Tutors without a split at payment are owed their share. Pay it here by bank transfer once their
        account hold is over. Balances that cannot be paid yet are listed below the payable ones, with the
        reason.
      </p>
      <Tabs
        label="Payouts"
        param="tab"
        tabs={[
          { id: 'owed', label: 'Owed balances' },
          { id: 'history', label: 'History' },
        ]}
      >
        {(tab) => (tab === 'owed' ? <OwedTutors /> : <PayoutHistory />)}
      </Tabs>
    </section>
  );
}
