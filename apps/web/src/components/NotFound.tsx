import { Link } from '@/components/Link.tsx';
import { useT } from '@/lib/i18n/index.ts';

/** "Not found" with a way home; the defaults are the unknown page's, a screen names its own missing thing. */
export function NotFound({
  title,
  text,
  action,
  className = 'not-found',
}: {
  title?: string;
  text?: string;
  action?: string;
  className?: string;
}) {
  const t = useT();
  return (
    <section className={className}>
      <h1>{title ?? t('notFound.title')}</h1>
      <p>{text ?? t('notFound.text')}</p>
      <Link to="/" className="btn">
        {action ?? t('notFound.goHome')}
      </Link>
    </section>
  );
}
