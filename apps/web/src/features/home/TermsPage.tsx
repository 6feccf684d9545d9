import { useT } from '@/lib/i18n/index.ts';

/** /terms-and-policy: a placeholder (spec §2). */
export default function TermsPage() {
  const t = useT();
  return (
    <section className="page">
      <h1>{t('terms.title')}</h1>
      <p className="muted">{t('terms.text')}</p>
    </section>
  );
}
