import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { languageParam } from '@app/contract/search-page';
import { LanguageFilter } from '@/components/LanguageFilter.tsx';
import { CourseList } from './CourseList.tsx';
import './catalogue.css';
import { categoryName } from '@/lib/i18n/categories.ts';
import { useT } from '@/lib/i18n/index.ts';

/** /category/{id}: the approved courses of one category, of every language or of one (`?language=yo`). */
export default function CategoryPage() {
  const t = useT();
  const id = useId();
  const code = useParams().id ?? '';
  const [params, setParams] = useSearchParams();
  const language = languageParam(params.get('language'));
  return (
    <section className="page">
      <header className="page-head">
        <h1>{categoryName(t, code)}</h1>
        <p className="muted">{t('category.subtitle')}</p>
      </header>
      <div className="list-filter">
        <label htmlFor={`${id}-language`}>{t('language.label')}</label>
        <LanguageFilter
          id={`${id}-language`}
          value={language}
          onChange={(next) => setParams(next ? { language: next } : {}, { replace: true })}
        />
      </div>
      <h2 className="visually-hidden">{t('home.courses')}</h2>
      {/* keyed by category and language so another choice starts again at page 1 */}
      <CourseList
        key={`${code}|${language ?? ''}`}
        category={code}
        language={language}
        emptyText={t('category.noCourses')}
      />
    </section>
  );
}
