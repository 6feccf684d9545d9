import { Link } from 'react-router';

export function NotFound() {
  return (
    <section className="not-found">
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to="/" className="btn">
        Go home
      </Link>
    </section>
  );
}
