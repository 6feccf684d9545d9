import { Link } from '@/components/Link.tsx';
import { useT } from '@/lib/i18n/index.ts';

/**
 * What we keep: each item's name (in bold) and what it is kept for, by their catalog keys; the text goes on from the
 * name, after a space when the third value is true (' (name, email…)'), else at once (': to sign you in').
 */
type Item = readonly [name: string, text: string, spaced: boolean];
const KEPT: readonly Item[] = [
  ['privacy.keep.account', 'privacy.keep.accountText', true],
  ['privacy.keep.orders', 'privacy.keep.ordersText', false],
  ['privacy.keep.courses', 'privacy.keep.coursesText', false],
  ['privacy.keep.reviews', 'privacy.keep.reviewsText', false],
  ['privacy.keep.devices', 'privacy.keep.devicesText', false],
  ['privacy.keep.payout', 'privacy.keep.payoutText', true],
  ['privacy.keep.audit', 'privacy.keep.auditText', true],
];

/** The rights: each one's name (in bold) and how to use it. */
const RIGHTS: readonly Item[] = [
  ['privacy.rights.copy', 'privacy.rights.copyText', false],
  ['privacy.rights.erasure', 'privacy.rights.erasureText', false],
];

/** `/privacy`: what DevLearn keeps about people, why, for how long, and their rights (NDPA 2023). */
export default function PrivacyPage() {
  const t = useT();
  const items = (list: readonly Item[]) =>
    list.map(([name, text, spaced]) => (
      <li key={name}>
        <strong>{t(name)}</strong>
        {spaced ? ' ' : ''}
        {t(text)}
      </li>
    ));
  return (
    <article className="page container privacy-page">
      <h1>{t('privacy.title')}</h1>
      <p>
        {t('privacy.intro')} <Link to="/account-security">{t('security.title')}</Link>).
      </p>
      <h2>{t('privacy.keepTitle')}</h2>
      <ul>{items(KEPT)}</ul>
      <h2>{t('privacy.rightsTitle')}</h2>
      <ul>{items(RIGHTS)}</ul>
      <p>{t('privacy.never')}</p>
    </article>
  );
}
