import { useParams } from 'react-router';
import { categoryLabel } from '@app/contract/categories';
import { CATEGORY_NO_COURSES } from '@app/contract/home';
import { CourseList } from './CourseList.tsx';
import './catalogue.css';

/** /category/{id}: the approved courses of one category. */
export default function CategoryPage() {
  const code = useParams().id ?? '';
  return (
    <section className="page">
      <header className="page-head">
        <h1>{categoryLabel(code)}</h1>
        <p className="muted">Courses in this category</p>
      </header>
      <h2 className="visually-hidden">Courses</h2>
      {/* keyed by category so moving to another category starts again at page 1 */}
      <CourseList key={code} category={code} emptyText={CATEGORY_NO_COURSES} />
    </section>
  );
}
