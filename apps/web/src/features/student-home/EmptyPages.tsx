import { EmptyState } from '@/components/EmptyState.tsx';
import { useT } from '@/lib/i18n/index.ts';
import './student-home.css';

function EmptyPage({ title, icon, message }: { title: string; icon: string; message: string }) {
  return (
    <div className="page student-empty">
      <h1>{title}</h1>
      <EmptyState message={message}>
        <span className="student-empty-icon" aria-hidden="true">
          {icon}
        </span>
      </EmptyState>
    </div>
  );
}

/** `/subscriptions`. */
export function SubscriptionsPage() {
  const t = useT();
  return (
    <EmptyPage title={t('studentHome.subscriptions')} icon="★" message={t('studentHome.noSubscriptions')} />
  );
}
