import { Link } from 'react-router';

const PLACEHOLDER_LINKS = ['About us', 'Contact us', 'Terms', 'Accessibility statement'];

/** The frame's footer: tagline, placeholder links (spec §2: they go nowhere) and the copyright line. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <Link to="/" className="logo logo-light">
            DevLearn
          </Link>
          <p>The best online learning platform</p>
        </div>
        <nav aria-label="Footer">
          <ul className="footer-links">
            {PLACEHOLDER_LINKS.map((label) => (
              <li key={label}>
                <a href="#" onClick={(e) => e.preventDefault()}>
                  {label}
                </a>
              </li>
            ))}
            <li>
              <Link to="/privacy">Privacy policy</Link>
            </li>
          </ul>
        </nav>
        <p className="footer-copy">© 2024 DevLearn. All rights reserved.</p>
      </div>
    </footer>
  );
}
