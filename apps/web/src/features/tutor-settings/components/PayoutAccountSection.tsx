import { useState } from 'react';
import { maskAccountNumber } from '@app/contract/payment-rules';
import type { TPayoutAccount } from '@app/contract/payouts';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { formatDateTime } from '@/lib/order-text.ts';
import { usePayoutAccount } from '../api/payout-account.ts';
import { PayoutAccountForm } from './PayoutAccountForm.tsx';

/** The payout account on the settings screen: the saved one (masked) with its hold, or the form that sets it. */
export function PayoutAccountSection() {
  const account = usePayoutAccount();
  const [editing, setEditing] = useState(false);

  return (
    <section className="form-card settings-form payout-card" aria-labelledby="payout-heading">
      <h2 id="payout-heading">Payout account</h2>
      <p className="muted">
        Your share of each sale is paid into this account. We check the account with the bank before you save
        it.
      </p>
      {account.isPending && <p className="page-loading">Loading...</p>}
      {account.isError && (
        <LoadFailed message="Your payout account could not be loaded." onRetry={account.refetch} />
      )}
      {account.isSuccess &&
        (editing || !account.data ? (
          <>
            {!account.data && <p>You have no payout account yet. Add one to get paid.</p>}
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
  const holdUntil = account.holdUntil ? new Date(account.holdUntil) : null;
  const onHold = holdUntil !== null && holdUntil.getTime() > Date.now();
  return (
    <>
      <dl className="payout-facts">
        <div>
          <dt>Bank</dt>
          <dd>{account.bankName}</dd>
        </div>
        <div>
          <dt>Account number</dt>
          {/* The answer to a save carries the full number (the tutor's confirmation); the page shows it masked. */}
          <dd>{maskAccountNumber(account.accountNumber)}</dd>
        </div>
        <div>
          <dt>Account name</dt>
          <dd>{account.accountName}</dd>
        </div>
      </dl>
      {onHold ? (
        <p className="payout-hold" role="status">
          Payouts to this account start on {formatDateTime(account.holdUntil)}. Until then, your share of new
          sales is owed to you and paid out after that.
        </p>
      ) : account.splitActive ? (
        <p>Your share of each new sale goes straight to this account when the student pays.</p>
      ) : (
        <p>Your share of new sales is owed to you and paid into this account by transfer.</p>
      )}
      <div className="row-actions">
        <button type="button" className="btn btn-outline" onClick={onChange}>
          Change payout account
        </button>
      </div>
    </>
  );
}
