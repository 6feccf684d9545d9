import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { TRANSACTION_SUCCESS_MESSAGE } from '@app/contract/payments';
import type { TOrderGift } from '@app/contract/gifts';
import { giftPaidText } from '@/lib/gift-text.ts';
import { teamPaidText } from '@/lib/team-text.ts';
import type { TOrder } from '@app/contract/orders';
import { ReceiptButton } from '@/components/ReceiptButton.tsx';
import { ApiError } from '@/lib/api.ts';
import { cart } from '@/lib/cart.ts';
import { useSession } from '@/lib/session.ts';
import { genericError } from '@/lib/messages.ts';
import { awaitsWebhook, orderKeys, useOrder } from '@/lib/queries/orders.ts';
import { userCoursesKeys } from '@/lib/queries/user-courses.ts';
import { useVerifyPayment } from './api/verify-payment.ts';
import { BackToCart, CheckoutCard, PaymentReference } from './components/CheckoutCard.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { SignedOutReturn } from './components/SignedOutReturn.tsx';
import { WatchedOrder } from './components/WatchedOrder.tsx';
import './checkout.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** Checkout success redirects to my courses after this long (spec §9). */
export const SUCCESS_REDIRECT_MS = 5000;

/** The server's reason for a refused verification (e.g. a cancelled payment); a generic line otherwise. */
function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return genericError();
  if (error.status >= 400 && error.status < 500 && error.message) return translateRefusal(error.message);
  if (error.status === 0) return error.message;
  return genericError();
}

/**
 * `/checkout?reference=…`: the payment provider sends the browser back here. Everything comes from the reference,
 * so it works after a reload or on another device: a transfer or USSD order is watched until its money arrives; a
 * card payment (or an order that cannot be read) is verified by the server, which enrols.
 */
export function CheckoutPage() {
  const t = useT();
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? params.get('trxref') ?? '';
  const { authenticated } = useSession();
  const order = useOrder(reference, { enabled: authenticated });

  if (!reference) {
    return (
      <CheckoutCard tone="error" title={t('checkout.noReference.title')}>
        <p>{t('checkout.noReference.text')}</p>
        <BackToCart />
      </CheckoutCard>
    );
  }
  if (!authenticated) return <SignedOutReturn reference={reference} />;
  if (order.isPending) return <Confirming />;
  const found = order.data?.order;
  if (found && awaitsWebhook(found)) return <WatchedOrder order={found} />;
  return <VerifiedCheckout reference={reference} gift={found?.gift ?? null} team={found?.team ?? null} />;
}

function Confirming() {
  const t = useT();
  return (
    <CheckoutCard tone="busy" title={t('checkout.confirming.title')}>
      <p role="status" aria-live="polite">
        <span className="checkout-spinner" aria-hidden="true" />
        {t('checkout.confirming.text')}
      </p>
    </CheckoutCard>
  );
}

/** A card payment: the server verifies it with the provider and enrols (spec §4), then my courses after 5 s. */
function VerifiedCheckout({
  reference,
  gift,
  team,
}: {
  reference: string;
  gift: TOrderGift | null;
  team: TOrder['team'] | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useVerifyPayment();
  const { mutate } = verify;
  // StrictMode runs effects twice: verify each reference exactly once.
  const verifiedFor = useRef<string | null>(null);
  // A refusal may mean the payer chose a transfer on the provider's page: the order is read again first (the server
  // has noted the channel), and this page gives way to the one that waits for the money.
  const [reread, setReread] = useState(false);

  useEffect(() => {
    if (verifiedFor.current === reference) return;
    verifiedFor.current = reference;
    const transactionDtoList = cart.items().map((item) => ({ courseId: item.id }));
    mutate(
      { reference, transactionDtoList },
      {
        onSuccess: (res) => {
          if (res.responseDto.message !== TRANSACTION_SUCCESS_MESSAGE) return;
          cart.clear();
          void queryClient.invalidateQueries({ queryKey: userCoursesKeys.all });
          void queryClient.invalidateQueries({ queryKey: orderKeys.all });
        },
        onError: () => {
          void queryClient.invalidateQueries({ queryKey: orderKeys.all }).finally(() => setReread(true));
        },
      },
    );
  }, [reference, mutate, queryClient]);

  const succeeded = verify.isSuccess && verify.data.responseDto.message === TRANSACTION_SUCCESS_MESSAGE;

  useEffect(() => {
    // A gift or a team's seats enrol nobody: the buyer stays on its confirmation.
    if (!succeeded || gift || team) return;
    const timer = setTimeout(() => void navigate('/home/my-courses', { replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [succeeded, gift, team, navigate]);

  if (succeeded && team) {
    return (
      <CheckoutCard tone="success" title={t('checkout.success.title')}>
        <p>{teamPaidText(team)}</p>
        <div className="checkout-actions">
          <Link to="/home/team" className="btn">
            {t('checkout.goToTeam')}
          </Link>
          <ReceiptButton reference={reference} />
        </div>
      </CheckoutCard>
    );
  }

  if (succeeded && gift) {
    return (
      <CheckoutCard tone="success" title={t('checkout.success.title')}>
        <p>{giftPaidText(gift)}</p>
        <div className="checkout-actions">
          <Link to={`/home/orders/${encodeURIComponent(reference)}`} className="btn">
            {t('checkout.seeGiftOrder')}
          </Link>
          <ReceiptButton reference={reference} />
        </div>
      </CheckoutCard>
    );
  }

  if (succeeded) {
    return (
      <CheckoutCard tone="success" title={t('checkout.success.title')}>
        <p>{t('checkout.success.text')}</p>
        <div className="checkout-actions">
          <Link to="/home/my-courses" className="btn">
            {t('checkout.goToMyCourses')}
          </Link>
          <ReceiptButton reference={reference} />
        </div>
      </CheckoutCard>
    );
  }

  if ((verify.isError && reread) || verify.isSuccess) {
    // A 2xx answer other than TRANSACTION_SUCCESS_MESSAGE is none the API gives: the web's own words, not the English.
    const message = verify.isError ? errorMessage(verify.error) : genericError();
    // The token was refused (expired, or retired): the order's paid state is still told, by its reference.
    if (verify.error instanceof ApiError && verify.error.status === 401) {
      return <SignedOutReturn reference={reference} />;
    }
    return (
      <CheckoutCard tone="error" title={t('checkout.notCompleted.title')}>
        <p role="alert">{message}</p>
        <PaymentReference reference={reference} />
        <div className="checkout-actions">
          <BackToCart />
        </div>
      </CheckoutCard>
    );
  }

  return <Confirming />;
}
