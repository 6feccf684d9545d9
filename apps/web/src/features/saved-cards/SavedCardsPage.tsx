import { toast } from 'react-toastify';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useRemoveSavedCard, useSavedCards } from './api/saved-cards.ts';
import './saved-cards.css';

/** "Visa ending 4081": a saved card in words. */
export const cardName = (card: { brand: string; last4: string }) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}`;

/**
 * `/home/payment-methods`: the cards the student saved for an instalment plan's next payments (brand and last 4
 * digits), each with Remove: the provider forgets it, and the plans it paid are paid from payment links instead.
 */
export function SavedCardsPage() {
  const cards = useSavedCards();
  const remove = useRemoveSavedCard();
  const list = cards.data?.cards ?? [];
  return (
    <section className="page saved-cards" aria-labelledby="saved-cards-title">
      <h1 id="saved-cards-title">Saved cards</h1>
      <p className="muted">
        A card you save when you buy on an instalment plan pays that plan&apos;s next payments on their dates.
        Remove it and we send you a payment link before each date instead.
      </p>
      {cards.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : cards.isError ? (
        <LoadFailed
          message="Your saved cards could not be loaded. Please try again."
          onRetry={cards.refetch}
        />
      ) : list.length === 0 ? (
        <p>You have no saved card.</p>
      ) : (
        <ul className="saved-card-list" aria-label="Your saved cards">
          {list.map((card) => (
            <li key={card.id} className="saved-card">
              <div>
                <strong>{cardName(card)}</strong>
                <div className="muted">
                  {[
                    card.expMonth && card.expYear ? `Expires ${card.expMonth}/${card.expYear}` : null,
                    card.bank,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
              </div>
              <button
                type="button"
                className="btn btn-outline"
                disabled={remove.isPending}
                aria-label={`Remove ${cardName(card)}`}
                onClick={() => {
                  if (
                    !window.confirm(`Remove ${cardName(card)}? Your plans will be paid from payment links.`)
                  )
                    return;
                  remove.mutate(card.id, {
                    onSuccess: (res) => toast.success(res.responseDto.message),
                    onError: (err) => toast.error(refusalMessage(err, GENERIC_ERROR)),
                  });
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
