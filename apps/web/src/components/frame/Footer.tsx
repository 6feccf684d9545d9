import { Link } from '@/components/Link.tsx';
import { useT } from '@/lib/i18n/index.ts';

const PLACEHOLDER_LINKS = ['footer.about', 'footer.contact', 'footer.terms', 'footer.accessibility'];

/** The frame's footer: tagline, placeholder links (spec §2: they go nowhere) and the copyright line. */
export function Footer() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <Link to="/" className="logo logo-light">
            DevLearn
          </Link>
          <p>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className="footer-links">
            {PLACEHOLDER_LINKS.map((key) => (
              <li key={key}>
                <a href="#" onClick={(e) => e.preventDefault()}>
                  {t(key)}
                </a>
              </li>
            ))}
            <li>
              <Link to="/privacy">{t('footer.privacy')}</Link>
            </li>
          </ul>
        </nav>
        <p className="footer-copy">{t('footer.copyright')}</p>
      </div>
    </footer>
  );
}
