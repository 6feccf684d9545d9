import { useState } from 'react';
import { maskAccountNumber } from '@app/contract/payment-rules';
import type { TPayoutAccount } from '@app/contract/payouts';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { formatDateTime } from '@/lib/order-text.ts';
import { usePayoutAccount } from '../api/payout-account.ts';
import { useT } from '@/lib/i18n/index.ts';
import { PayoutAccountForm } from './PayoutAccountForm.tsx';

/** The payout account on the settings screen: the saved one (masked) with its hold, or the form that sets it. */
export function PayoutAccountSection() {
  const t = useT();
  const account = usePayoutAccount();
  const [editing, setEditing] = useState(false);

  return (
    <section className="form-card settings-form payout-card" aria-labelledby="payout-heading">
      <h2 id="payout-heading">{t('tutorSettings.payout.title')}</h2>
      <p className="muted">{t('tutorSettings.payout.intro')}</p>
      {account.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {account.isError && (
        <LoadFailed message={t('tutorSettings.payout.loadFailed')} onRetry={account.refetch} />
      )}
      {account.isSuccess &&
        (editing || !account.data ? (
          <>
            {!account.data && <p>{t('tutorSettings.payout.none')}</p>}
            <PayoutAccountForm
              onDone={() => setEditing(false)}
              onCancel={account.data ? () => setEditing(false) : undefined}
            />
          </>
        ) : (
          <SavedAccount account={account.data} onChange={() => setEditing(true)} />
        ))}
    </section>
  );
}

function SavedAccount({ account, onChange }: { account: TPayoutAccount; onChange: () => void }) {
  const t = useT();
  const holdUntil = account.holdUntil ? new Date(account.holdUntil) : null;
  const onHold = holdUntil !== null && holdUntil.getTime() > Date.now();
  return (
    <>
      <dl className="payout-facts">
        <div>
          <dt>{t('tutorSettings.payout.bank')}</dt>
          <dd>{account.bankName}</dd>
        </div>
        <div>
          <dt>{t('tutorSettings.bank.accountNumber')}</dt>
          {/* The answer to a save carries the full number (the tutor's confirmation); the page shows it masked. */}
          <dd>{maskAccountNumber(account.accountNumber)}</dd>
        </div>
        <div>
          <dt>{t('tutorSettings.bank.accountName')}</dt>
          <dd>{account.accountName}</dd>
        </div>
      </dl>
      {onHold ? (
        <p className="payout-hold" role="status">
          {t('tutorSettings.payout.hold', { date: formatDateTime(account.holdUntil) })}
        </p>
      ) : account.splitActive ? (
        <p>{t('tutorSettings.payout.split')}</p>
      ) : (
        <p>{t('tutorSettings.payout.owed')}</p>
      )}
      <div className="row-actions">
        <button type="button" className="btn btn-outline" onClick={onChange}>
          {t('tutorSettings.payout.change')}
        </button>
      </div>
    </>
  );
}
