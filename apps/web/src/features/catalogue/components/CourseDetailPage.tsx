import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { categoryLabel } from '../../../components/CategoryTiles.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatNaira } from '../../../lib/money.ts';
import { useSession } from '../../../lib/session.ts';
import { addToCart } from '../add-to-cart.ts';
import { useCourse } from '../api/course-detail.ts';
import './catalogue.css';

export const LOGIN_REDIRECT_MS = 2000;

/** /course/{id}: details, the outline of sections and series, and add to cart (spec §5, §6, §8). */
export default function CourseDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const session = useSession();
  const navigate = useNavigate();
  const course = useCourse(id, session.authenticated);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!Number.isInteger(id) || id <= 0 || (course.error instanceof ApiError && course.error.status === 404)) {
    return (
      <section className="page empty-state">
        <h1>Course not found</h1>
        <p>This course does not exist or is not available.</p>
        <Link to="/" className="btn">
          Browse courses
        </Link>
      </section>
    );
  }
  if (course.isPending) return <p className="page-loading">Loading...</p>;
  if (course.isError) {
    return (
      <section className="page empty-state" role="alert">
        <p>The course could not be loaded. Please try again.</p>
        <button type="button" className="btn btn-outline" onClick={() => void course.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  const c = course.data;

  const onAdd = () => {
    switch (addToCart(c, session)) {
      case 'login':
        toast.warning('You need to login');
        timer.current = setTimeout(() => navigate('/login'), LOGIN_REDIRECT_MS);
        break;
      case 'owned':
        toast.info("You have already purchased this course, you can't add it to cart again");
        navigate(`/view-course/${c.id}`);
        break;
      case 'duplicate':
        toast.warning('This item is already in your cart!');
        break;
      case 'added':
        toast.success('Item added to cart successfully!');
        break;
    }
  };

  const seriesCount = c.sectionDto.reduce((n, s) => n + s.seriesList.length, 0);

  return (
    <article className="page course-detail">
      <div className="course-detail-head">
        <div className="course-detail-text">
          <p className="course-detail-category">
            <Link to={`/category/${encodeURIComponent(c.courseCategory)}`}>
              {categoryLabel(c.courseCategory)}
            </Link>
          </p>
          <h1>{c.title}</h1>
          <p className="muted">By {c.author}</p>
          <p className="course-card-meta">
            <span className="rating" aria-label="Rated 5.0 out of 5">
              <span aria-hidden="true">★</span> 5.0
            </span>
            <span>
              {c.studentCount.toLocaleString('en-NG')} {c.studentCount === 1 ? 'student' : 'students'}
            </span>
          </p>
        </div>
        <aside className="card course-buy">
          <img src={c.courseImageUrl} alt={c.title} width="400" height="225" />
          <div className="course-buy-body">
            <p className="course-detail-price">{formatNaira(c.nairaPrice)}</p>
            <button type="button" className="btn" onClick={onAdd}>
              Add to cart
            </button>
            {c.owned && (
              <Link to={`/view-course/${c.id}`} className="btn btn-outline">
                Go to course
              </Link>
            )}
          </div>
        </aside>
      </div>
      <section className="course-detail-section">
        <h2>About this course</h2>
        <p className="course-description">{c.description}</p>
      </section>
      <section className="course-detail-section">
        <h2>Course content</h2>
        <p className="muted">
          {c.sectionDto.length} {c.sectionDto.length === 1 ? 'section' : 'sections'} · {seriesCount}{' '}
          {seriesCount === 1 ? 'lesson' : 'lessons'}
        </p>
        <ol className="outline">
          {c.sectionDto.map((section) => (
            <li key={section.id}>
              <details open={c.sectionDto.length <= 3}>
                <summary>
                  <strong>{section.title}</strong>
                  <span className="muted">
                    {' '}
                    · {section.seriesList.length} {section.seriesList.length === 1 ? 'lesson' : 'lessons'}
                  </span>
                </summary>
                <ol>
                  {section.seriesList.map((series) => (
                    <li key={series.id}>{series.title}</li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
