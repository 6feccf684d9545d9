import { useT } from '@/lib/i18n/index.ts';

/**
 * What a screen shows when its data could not be loaded: the sentence, and a Try again button that asks again.
 * `page` makes it a whole page (a section with the page's margins); `solid` gives the filled button.
 */
export function LoadFailed({
  message,
  onRetry,
  page = false,
  solid = false,
}: {
  message: string;
  onRetry: () => unknown;
  page?: boolean;
  solid?: boolean;
}) {
  const t = useT();
  const Tag = page ? 'section' : 'div';
  return (
    <Tag className={page ? 'page empty-state' : 'empty-state'} role="alert">
      <p>{message}</p>
      <button type="button" className={solid ? 'btn' : 'btn btn-outline'} onClick={() => void onRetry()}>
        {t('common.tryAgain')}
      </button>
    </Tag>
  );
}
