import { useParams } from 'react-router';
import { categoryLabel } from '@app/contract/categories';
import { CourseList } from './CourseList.tsx';
import './catalogue.css';
import { useT } from '@/lib/i18n/index.ts';

/** /category/{id}: the approved courses of one category. */
export default function CategoryPage() {
  const t = useT();
  const code = useParams().id ?? '';
  return (
    <section className="page">
      <header className="page-head">
        <h1>{categoryLabel(code)}</h1>
        <p className="muted">{t('category.subtitle')}</p>
      </header>
      <h2 className="visually-hidden">{t('home.courses')}</h2>
      {/* keyed by category so moving to another category starts again at page 1 */}
      <CourseList key={code} category={code} emptyText={t('category.noCourses')} />
    </section>
  );
}
