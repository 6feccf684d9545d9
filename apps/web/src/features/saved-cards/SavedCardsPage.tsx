import { toast } from 'react-toastify';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useRemoveSavedCard, useSavedCards } from './api/saved-cards.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import './saved-cards.css';

/** "Visa ending 4081": a saved card in words. */
export const cardName = (card: { brand: string; last4: string }) =>
  translate('savedCards.cardName', {
    brand: `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)}`,
    last4: card.last4,
  });

/**
 * `/home/payment-methods`: the cards the student saved for an instalment plan's next payments (brand and last 4
 * digits), each with Remove: the provider forgets it, and the plans it paid are paid from payment links instead.
 */
export function SavedCardsPage() {
  const t = useT();
  const cards = useSavedCards();
  const remove = useRemoveSavedCard();
  const list = cards.data?.cards ?? [];
  return (
    <section className="page saved-cards" aria-labelledby="saved-cards-title">
      <h1 id="saved-cards-title">{t('savedCards.title')}</h1>
      <p className="muted">{t('savedCards.intro')}</p>
      {cards.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : cards.isError ? (
        <LoadFailed message={t('savedCards.loadFailed')} onRetry={cards.refetch} />
      ) : list.length === 0 ? (
        <p>{t('savedCards.empty')}</p>
      ) : (
        <ul className="saved-card-list" aria-label={t('savedCards.listLabel')}>
          {list.map((card) => (
            <li key={card.id} className="saved-card">
              <div>
                <strong>{cardName(card)}</strong>
                <div className="muted">
                  {[
                    card.expMonth && card.expYear
                      ? t('savedCards.expires', { date: `${card.expMonth}/${card.expYear}` })
                      : null,
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
                aria-label={t('savedCards.removeLabel', { card: cardName(card) })}
                onClick={() => {
                  if (!window.confirm(t('savedCards.confirmRemove', { card: cardName(card) }))) return;
                  remove.mutate(card.id, {
                    onSuccess: () => toast.success(t('savedCards.removed')),
                    onError: (err) => toast.error(refusalMessage(err, genericError())),
                  });
                }}
              >
                {t('security.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
