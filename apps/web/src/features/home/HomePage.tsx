import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CategoryTiles } from '@/components/CategoryTiles.tsx';
import { Banner } from './components/Banner.tsx';
import './home.css';

/** Home: the banner, the course list (given by the app: it belongs to the catalogue), categories, and the call to teach. */
export function HomePage({ courses }: { courses: ReactNode }) {
  return (
    <>
      <Banner />
      <section className="container home-section" id="courses" aria-labelledby="home-courses">
        <h2 id="home-courses">Courses</h2>
        {courses}
      </section>
      <section className="container home-section" aria-labelledby="home-categories">
        <h2 id="home-categories">Featured categories</h2>
        <CategoryTiles />
      </section>
      <section className="container home-section instructor-cta" aria-labelledby="home-teach">
        <div>
          <h2 id="home-teach">Become an instructor</h2>
          <p>
            Teach what you know to learners across Nigeria. Create a course, and earn from every student who
            buys it.
          </p>
        </div>
        <Link to="/teaching" className="btn">
          Teach on the product
        </Link>
      </section>
    </>
  );
}
