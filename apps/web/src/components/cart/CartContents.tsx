import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { shownPrice, type ShownPrice } from '@app/contract/money';
import { cart, useCart, type CartItem } from '@/lib/cart.ts';
import { formatNaira } from '@/lib/money.ts';
import { useLoginRequired } from '@/lib/login-return.ts';
import { useSession } from '@/lib/session.ts';
import type { TPaymentChannel } from '@app/contract/payment-rules';
import { chargeCart, fullCohort, pendingReference } from './charge.ts';
import { WaitlistOffer } from './WaitlistOffer.tsx';
import { ChannelPicker } from './ChannelPicker.tsx';
import { CouponField } from './CouponField.tsx';
import { useCoupon } from '@/lib/coupon.ts';
import { referralStore } from '@/lib/referrals.ts';
import { PendingOrderNotice } from './PendingOrderNotice.tsx';
import { PlanPicker, type PlanChoice } from './PlanPicker.tsx';
import { RefundRule } from './RefundRule.tsx';
import { EMPTY_GIFT, GiftFields, giftRequest, type GiftValues } from './GiftFields.tsx';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZGiftDetails } from '@app/contract/gifts';
import { ZTeamPurchase } from '@app/contract/teams';
import { EMPTY_TEAM, TeamFields, type TeamValues } from './TeamFields.tsx';
import './cart.css';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';

/** Sends the browser to the payment page; a seam so tests can watch it (jsdom cannot navigate). */
export const paymentRedirect = { go: (url: string) => window.location.assign(url) };

/**
 * The working cart (spec §2 Cart panel): lines with a remove icon, 'Check out' and 'Clear Cart', or the empty
 * state. Used by the frame's cart panel and by /home/cart.
 */
export function CartContents({
  onKeepShopping,
  forTeam = false,
}: {
  onKeepShopping?: () => void;
  /** Open with 'Buy for my team' ticked (the course page's 'Buy for my team'). */
  forTeam?: boolean;
}) {
  const t = useT();
  const items = useCart();
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [channel, setChannel] = useState<TPaymentChannel>('card');
  const [plan, setPlan] = useState<PlanChoice>({ planId: null, saveCard: false });
  // The waiting order a refused checkout pointed to (409), until it is opened or cancelled.
  const [waiting, setWaiting] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  // The full cohort a refused checkout named (409 'This cohort is full.'): its waitlist is offered.
  const [full, setFull] = useState<{ cohortId: number; message: string } | null>(null);
  // 'This is a gift' (docs/payments.md, "Gifts"): the recipient's details, checked with the contract's schema.
  const [gift, setGift] = useState(false);
  const giftForm = useForm<GiftValues>({
    resolver: zodResolver(ZGiftDetails) as never,
    defaultValues: EMPTY_GIFT,
    mode: 'onTouched',
  });
  // 'Buy for my team' (docs/payments.md, "Team seats"): seats of each course and the invoice's company.
  const [team, setTeam] = useState(forTeam);
  const teamForm = useForm<TeamValues>({
    resolver: zodResolver(ZTeamPurchase) as never,
    defaultValues: EMPTY_TEAM,
    mode: 'onTouched',
  });
  const seats = team ? Math.max(1, Math.floor(Number(teamForm.watch('seats')) || 1)) : 1;
  const loginRequired = useLoginRequired();
  const coupon = useCoupon();
  /** A line's price with the sale it was added in or the applied coupon (the server prices the checkout again). */
  const priceOf = (item: CartItem) =>
    shownPrice(
      { nairaPrice: item.nairaPrice ?? item.price, salePrice: item.salePrice },
      coupon?.prices[item.id],
    );
  const total = items.reduce((sum, i) => sum + priceOf(i).pays, 0) * seats;
  const listTotal = items.reduce((sum, i) => sum + (priceOf(i).was ?? priceOf(i).pays), 0) * seats;
  const saving = listTotal - total;

  if (items.length === 0) {
    return (
      <div className="cart-empty">
        <p>{t('cartPanel.empty')}</p>
        <button
          type="button"
          className="btn"
          onClick={() => (onKeepShopping ? onKeepShopping() : navigate('/'))}
        >
          {t('cartPanel.keepShopping')}
        </button>
      </div>
    );
  }

  const checkout = async () => {
    if (!session.authenticated) {
      loginRequired();
      return;
    }
    if (gift && !(await giftForm.trigger())) {
      giftForm.setFocus(
        (['name', 'email', 'message', 'sendOn'] as const).find((f) => giftForm.getFieldState(f).invalid) ??
          'name',
      );
      return;
    }
    if (team && !(await teamForm.trigger())) {
      teamForm.setFocus(teamForm.getFieldState('seats').invalid ? 'seats' : 'companyName');
      return;
    }
    setBusy(true);
    setWaiting(null);
    setCancelled(false);
    setFull(null);
    const seat = items.find((i) => i.cohortId !== undefined);
    const referrals = referralStore.attributions();
    try {
      const url = await chargeCart({
        amount: total,
        courseIds: items.map((i) => i.id),
        channel,
        ...(coupon && !team ? { coupon: coupon.code } : {}),
        // Tutors' referral links this browser followed (lib/referrals.ts); the server checks them and sets the fee.
        ...(referrals.length ? { referrals } : {}),
        // A seat of a cohort (docs/cohorts.md "Seats"): one per checkout.
        ...(seat ? { cohortId: seat.cohortId } : {}),
        // A gift: the recipient is emailed a code; the buyer is never enrolled.
        ...(gift ? { gift: giftRequest(giftForm.getValues()) } : {}),
        // Seats for the buyer's team: its members are invited once it is paid (/home/team).
        ...(team
          ? {
              team: {
                companyName: teamForm.getValues('companyName').trim(),
                seats: Number(teamForm.getValues('seats')),
              },
            }
          : {}),
        // An instalment plan of the cart's one course: its first payment now (components/cart/PlanPicker.tsx).
        ...(!gift && !team && items.length === 1 && plan.planId !== null
          ? { planId: plan.planId, saveCard: plan.saveCard }
          : {}),
      });
      paymentRedirect.go(url);
    } catch (err) {
      setBusy(false);
      const reference = pendingReference(err);
      const cohortId = fullCohort(err);
      if (reference) setWaiting(reference);
      else if (cohortId !== null) setFull({ cohortId, message: refusalMessage(err, genericError()) });
      else toast.error(refusalMessage(err, genericError()));
    }
  };

  return (
    <div className="cart-contents">
      <ul className="cart-lines">
        {items.map((item, index) => (
          <li key={item.id} className="cart-line">
            <span className="cart-line-name">{item.name}</span>
            <span className="cart-line-price">
              <LinePrice price={priceOf(item)} />
            </span>
            <button
              type="button"
              className="icon-button"
              aria-label={t('cartPanel.removeLabel', { name: item.name })}
              onClick={() => {
                cart.removeAt(index);
                toast.info(translate('cartPanel.removed'));
              }}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
                />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      {!team && <CouponField courseIds={items.map((i) => i.id)} disabled={busy} />}
      <p className="cart-total">
        <span>{t('cartPanel.total')}</span>{' '}
        <strong>
          {saving > 0 && <s className="price-was">{formatNaira(listTotal)}</s>}
          {formatNaira(total)}
        </strong>
      </p>
      {saving > 0 && <p className="cart-saving">{t('cartPanel.youSave', { amount: formatNaira(saving) })}</p>}
      {team && seats > 1 && <p className="cart-saving">{t('cartPanel.teamSeats', { seats })}</p>}
      {!team && <GiftFields on={gift} onToggle={setGift} form={giftForm} disabled={busy} />}
      {!gift && <TeamFields on={team} onToggle={setTeam} form={teamForm} disabled={busy} />}
      {items.length === 1 && !gift && !team && (
        <PlanPicker
          courseId={items[0]!.id}
          value={plan}
          onChange={setPlan}
          disabled={busy}
          {...(coupon ? { coupon: coupon.code } : {})}
          {...(items[0]!.cohortId !== undefined ? { cohortId: items[0]!.cohortId } : {})}
        />
      )}
      <ChannelPicker value={channel} onChange={setChannel} disabled={busy} />
      <RefundRule />
      {waiting && (
        <PendingOrderNotice
          reference={waiting}
          onCancelled={() => {
            setWaiting(null);
            setCancelled(true);
          }}
        />
      )}
      {full && <WaitlistOffer cohortId={full.cohortId} message={full.message} />}
      {cancelled && (
        <p className="cart-pending-done" role="status">
          {t('cartPanel.waitingCancelled')}
        </p>
      )}
      <div className="cart-actions">
        <button type="button" className="btn" onClick={checkout} disabled={busy}>
          {busy ? t('common.loading') : t('cartPanel.checkOut')}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            cart.clear();
            toast.warning(translate('cartPanel.cleared'));
          }}
        >
          {t('cartPanel.clear')}
        </button>
      </div>
    </div>
  );
}

/** A line's price: in a sale or with a coupon, the list price struck through before what is paid. */
function LinePrice({ price }: { price: ShownPrice }) {
  return (
    <>
      {price.was !== null && <s className="price-was">{formatNaira(price.was)}</s>}
      {formatNaira(price.pays)}
    </>
  );
}
