import { Link } from 'react-router';

/** "Not found" with a way home; the defaults are the unknown page's, a screen names its own missing thing. */
export function NotFound({
  title = 'Page Not Found',
  text = 'The page you are looking for does not exist.',
  action = 'Go home',
  className = 'not-found',
}: {
  title?: string;
  text?: string;
  action?: string;
  className?: string;
}) {
  return (
    <section className={className}>
      <h1>{title}</h1>
      <p>{text}</p>
      <Link to="/" className="btn">
        {action}
      </Link>
    </section>
  );
}
