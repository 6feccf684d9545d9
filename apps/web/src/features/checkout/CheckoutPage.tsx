import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TRANSACTION_SUCCESS_MESSAGE } from '@app/contract/payments';
import { ApiError } from '@/lib/api.ts';
import { cart } from '@/lib/cart.ts';
import { useVerifyPayment } from './api/verify-payment.ts';
import './checkout.css';
import { GENERIC_ERROR } from '@/lib/messages.ts';
import { userCoursesKeys } from '@/lib/queries/user-courses.ts';

/** Checkout success redirects to my courses after this long (spec §9). */
export const SUCCESS_REDIRECT_MS = 5000;

/** The server's reason for a refused verification (e.g. a cancelled payment); a generic line otherwise. */
function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return GENERIC_ERROR;
  if (error.status === 401) return 'Your session has ended. Please log in again to finish your purchase.';
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  if (error.status === 0) return error.message;
  return GENERIC_ERROR;
}

/** `/checkout?reference=…`: the payment provider sends the browser back here; the server verifies and enrols. */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? params.get('trxref') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useVerifyPayment();
  const { mutate } = verify;
  // StrictMode runs effects twice: verify each reference exactly once.
  const verifiedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!reference || verifiedFor.current === reference) return;
    verifiedFor.current = reference;
    const transactionDtoList = cart.items().map((item) => ({ courseId: item.id }));
    mutate(
      { reference, transactionDtoList },
      {
        onSuccess: (res) => {
          if (res.responseDto.message !== TRANSACTION_SUCCESS_MESSAGE) return;
          cart.clear();
          void queryClient.invalidateQueries({ queryKey: userCoursesKeys.all });
        },
      },
    );
  }, [reference, mutate, queryClient]);

  const succeeded = verify.isSuccess && verify.data.responseDto.message === TRANSACTION_SUCCESS_MESSAGE;

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate('/home/my-courses', { replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  if (!reference) {
    return (
      <CheckoutCard tone="error" title="No payment to confirm">
        <p>This page is opened by the payment page after you pay. There is no payment reference here.</p>
        <BackToCart />
      </CheckoutCard>
    );
  }

  if (succeeded) {
    return (
      <CheckoutCard tone="success" title="Payment successful">
        <p>Thank you! Your courses are ready. Taking you to My Courses in a few seconds…</p>
        <Link to="/home/my-courses" className="btn">
          Go to My Courses
        </Link>
      </CheckoutCard>
    );
  }

  if (verify.isError || verify.isSuccess) {
    const message = verify.isError
      ? errorMessage(verify.error)
      : (verify.data?.responseDto.message ?? GENERIC_ERROR);
    const sessionEnded = verify.error instanceof ApiError && verify.error.status === 401;
    return (
      <CheckoutCard tone="error" title="Payment not completed">
        <p role="alert">{message}</p>
        <p className="muted">
          Payment reference: <code>{reference}</code>
        </p>
        <div className="checkout-actions">
          {sessionEnded ? (
            <Link to="/login" className="btn">
              Log in
            </Link>
          ) : (
            <BackToCart />
          )}
        </div>
      </CheckoutCard>
    );
  }

  return (
    <CheckoutCard tone="busy" title="Confirming your payment">
      <p role="status" aria-live="polite">
        <span className="checkout-spinner" aria-hidden="true" />
        Loading... Please keep this page open while we confirm your payment.
      </p>
    </CheckoutCard>
  );
}

function BackToCart() {
  return (
    <Link to="/home/cart" className="btn">
      Back to cart
    </Link>
  );
}

function CheckoutCard({
  tone,
  title,
  children,
}: {
  tone: 'busy' | 'success' | 'error';
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={`page checkout checkout-${tone}`} aria-busy={tone === 'busy'}>
      <div className="surface checkout-card">
        <span className="checkout-icon" aria-hidden="true">
          {tone === 'success' ? '✓' : tone === 'error' ? '!' : ''}
        </span>
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}
