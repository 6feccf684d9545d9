import type { ReactNode } from 'react';
import { Link } from '@/components/Link.tsx';
import { CategoryTiles } from '@/components/CategoryTiles.tsx';
import { Banner } from './components/Banner.tsx';
import './home.css';
import { useT } from '@/lib/i18n/index.ts';

/** Home: the banner, the course list (given by the app: it belongs to the catalogue), categories, and the call to teach. */
export function HomePage({ courses }: { courses: ReactNode }) {
  const t = useT();
  return (
    <>
      <Banner />
      <section className="container home-section" id="courses" aria-labelledby="home-courses">
        <h2 id="home-courses">{t('home.courses')}</h2>
        {courses}
      </section>
      <section className="container home-section" aria-labelledby="home-categories">
        <h2 id="home-categories">{t('home.featuredCategories')}</h2>
        <CategoryTiles />
      </section>
      <section className="container home-section instructor-cta" aria-labelledby="home-teach">
        <div>
          <h2 id="home-teach">{t('home.teachTitle')}</h2>
          <p>{t('home.teachText')}</p>
        </div>
        <Link to="/teaching" className="btn">
          {t('home.teachLink')}
        </Link>
      </section>
    </>
  );
}
