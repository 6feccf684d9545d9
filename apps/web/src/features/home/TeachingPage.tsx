import { Link } from 'react-router';
import './home.css';

/** /teaching: the tutor landing, with sign-up and login buttons. */
export default function TeachingPage() {
  return (
    <section className="page teaching">
      <h1>Teach on DevLearn</h1>
      <p className="teaching-lead">
        Share what you know with learners across Nigeria. Create video courses, set your price in naira, and
        earn from every student who buys.
      </p>
      <ul className="teaching-points">
        <li>
          <strong>Plan your course</strong>
          <span>Sections and lessons, in the order your students need them.</span>
        </li>
        <li>
          <strong>Record and upload</strong>
          <span>Videos and resource files, uploaded straight from your browser.</span>
        </li>
        <li>
          <strong>Earn</strong>
          <span>See every buyer and what you earned from each course.</span>
        </li>
      </ul>
      <div className="teaching-actions">
        <Link to="/tutor-signup" className="btn">
          Sign up as a tutor
        </Link>
        <Link to="/tutor-login" className="btn btn-outline">
          Login as a tutor
        </Link>
      </div>
    </section>
  );
}
