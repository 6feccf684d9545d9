import { useT } from '@/lib/i18n/index.ts';

/** "Loading..." in the page's place while its screen or data arrives. */
export function PageLoading() {
  const t = useT();
  return <p className="page-loading">{t('common.loading')}</p>;
}
