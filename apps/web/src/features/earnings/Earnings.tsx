import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../components/Pager.tsx';
import { formatNaira } from '../../lib/money.ts';
import { LIST_FAILED, useTutorCoursesPage } from '../../lib/tutor-courses.ts';

/** `/tutor/earnings`: per course, how many bought it and what it earned; each row opens its buyers. */
export default function Earnings() {
  const [page, setPage] = useState(0);
  const courses = useTutorCoursesPage(page);
  const rows = courses.data?.coursesDtos ?? [];
  const pageCount = Math.ceil((courses.data?.totalData ?? 0) / 10);

  return (
    <section className="tutor-page">
      <h1>Earnings</h1>
      {courses.isPending && <p className="page-loading">Loading...</p>}
      {courses.isError && (
        <p className="empty-state" role="alert">
          {LIST_FAILED}
        </p>
      )}
      {courses.isSuccess && rows.length === 0 && (
        <p className="empty-state">No courses available at the moment.</p>
      )}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Course</th>
                <th scope="col">Price</th>
                <th scope="col">Status</th>
                <th scope="col">Buyers</th>
                <th scope="col">Earnings</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link to={`/tutor/course/earnings/${c.id}`}>{c.title}</Link>
                  </td>
                  <td>{formatNaira(c.nairaPrice)}</td>
                  <td>
                    <span className={`status status-${c.status}`}>{c.status}</span>
                  </td>
                  <td>{c.buyerCount ?? 0}</td>
                  <td>{formatNaira(c.totalEarnings ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageCount={pageCount} onChange={setPage} />
    </section>
  );
}
