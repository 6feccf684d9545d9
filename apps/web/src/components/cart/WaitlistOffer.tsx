import { useMutation } from '@tanstack/react-query';
import { SEAT_OFFER_HOURS } from '@app/contract/cohort-rules';
import { callOp } from '@/lib/api.ts';
import { useLoginRequired } from '@/lib/login-return.ts';
import { useSession } from '@/lib/session.ts';
import './cart.css';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';

/**
 * A full cohort's answer (docs/cohorts.md "The waitlist"): 'Join the waitlist', then the server's word on it. Shown by
 * the course page for a cohort without seats and by the cart when the checkout was refused as full.
 */
export function WaitlistOffer({ cohortId, message }: { cohortId: number; message?: string }) {
  const t = useT();
  const session = useSession();
  const loginRequired = useLoginRequired();
  const join = useMutation({ mutationFn: () => callOp('waitlistJoin', { cohortId }) });
  return (
    <div className="waitlist-offer" role={message ? 'alert' : undefined}>
      {message && <p>{message}</p>}
      {join.isSuccess ? (
        <p role="status" className="waitlist-answer">
          {join.data.waitlist === 'offered'
            ? t('cartPanel.waitlistSeatHeld', { hours: SEAT_OFFER_HOURS })
            : t('cartPanel.waitlistJoined')}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-outline"
          disabled={join.isPending}
          onClick={() => (session.authenticated && session.role === 'user' ? join.mutate() : loginRequired())}
        >
          {join.isPending ? t('cartPanel.waitlistJoining') : t('cartPanel.waitlistJoin')}
        </button>
      )}
      {join.isError && (
        <p className="field-error" role="alert">
          {refusalMessage(join.error, genericError())}
        </p>
      )}
    </div>
  );
}
