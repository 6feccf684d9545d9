import { useT } from '@/lib/i18n/index.ts';

/** What the frame shows instead of a page while there is no connection (the shell itself comes from the cache). */
export function OfflinePage() {
  const t = useT();
  return (
    <section className="page empty-state" role="status">
      <h1>{t('offline.title')}</h1>
      <p>{t('offline.text')}</p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>
        {t('common.tryAgain')}
      </button>
    </section>
  );
}
