import { Link } from '@/components/Link.tsx';
import './home.css';
import { useT } from '@/lib/i18n/index.ts';

/** /teaching: the tutor landing, with sign-up and login buttons. */
export default function TeachingPage() {
  const t = useT();
  return (
    <section className="page teaching">
      <h1>{t('teaching.title')}</h1>
      <p className="teaching-lead">{t('teaching.lead')}</p>
      <ul className="teaching-points">
        <li>
          <strong>{t('teaching.planTitle')}</strong>
          <span>{t('teaching.planText')}</span>
        </li>
        <li>
          <strong>{t('teaching.recordTitle')}</strong>
          <span>{t('teaching.recordText')}</span>
        </li>
        <li>
          <strong>{t('teaching.earnTitle')}</strong>
          <span>{t('teaching.earnText')}</span>
        </li>
      </ul>
      <div className="teaching-actions">
        <Link to="/tutor-signup" className="btn">
          {t('teaching.signup')}
        </Link>
        <Link to="/tutor-login" className="btn btn-outline">
          {t('teaching.login')}
        </Link>
      </div>
    </section>
  );
}
