// The benchmark data set shared by bench:catalogue and bench:http: 500 tutors, COURSES courses (1 in 17 Pending,
// 1 in 17 Rejected, the rest Approved, spread over the 12 categories), 2 sections x 2 series each.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

export const TOPICS = [
  'Kubernetes',
  'Docker',
  'React',
  'Angular',
  'Vue',
  'Node.js',
  'Python',
  'Django',
  'Flask',
  'Go',
  'Rust',
  'Java',
  'Spring Boot',
  'Kotlin',
  'Swift',
  'Flutter',
  'PostgreSQL',
  'MongoDB',
  'Redis',
  'GraphQL',
  'TypeScript',
  'JavaScript',
  'Terraform',
  'AWS',
  'Azure',
  'Linux',
  'Git',
  'Selenium',
  'Playwright',
  'Cypress',
  'Scrum',
  'Agile',
  'Figma',
  'Excel',
  'Power BI',
  'Pandas',
  'TensorFlow',
  'PyTorch',
  'Machine Learning',
  'Data Science',
];
export const FORMS = [
  'Fundamentals',
  'for Beginners',
  'in Production',
  'Masterclass',
  'Crash Course',
  'Deep Dive',
  'Bootcamp',
  'Essentials',
  'Advanced Patterns',
  'Projects',
  'Interview Prep',
  'Best Practices',
];
export const FIRST = [
  'Ada',
  'Chidi',
  'Ngozi',
  'Tunde',
  'Amaka',
  'Bola',
  'Emeka',
  'Funmi',
  'Ifeanyi',
  'Kemi',
  'Segun',
  'Zainab',
];
export const LAST = [
  'Okafor',
  'Adeyemi',
  'Eze',
  'Bello',
  'Nwosu',
  'Balogun',
  'Okoro',
  'Abubakar',
  'Ogunleye',
  'Ibrahim',
];
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/** Inserts the tutors, courses, sections and series, then VACUUM ANALYZE. */
export async function fill(db: Db, COURSES: number) {
  const t0 = performance.now();
  await db.execute(
    sql.raw(`
      insert into accounts (role, full_name, email, user_name, password_hash)
      select 'tutor', (${arr(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] || ' ' || i,
             'tutor' || i || '@bench.test', 'tutor' || i || '@bench.test', 'x'
      from generate_series(1, 500) i`),
  );
  await db.execute(
    sql.raw(`
      insert into courses (tutor_id, title, description, price_kobo, image_ref, video_ref, category_id, status, search_text, created_at)
      select t.id, x.title, 'A benchmark course about ' || x.title, 500000 + (i % 50) * 10000, 'images/bench.png', 'videos/bench.mp4',
             (select id from course_categories order by id offset (i % 12) limit 1),
             case when i % 17 = 0 then 'Pending' when i % 17 = 1 then 'Rejected' else 'Approved' end,
             lower(x.title || ' ' || t.full_name), now() - make_interval(secs => i)
      from generate_series(1, ${COURSES}) i
      cross join lateral (select (${arr(TOPICS)})[1 + i % ${TOPICS.length}] || ' ' || (${arr(FORMS)})[1 + (i / ${TOPICS.length}) % ${FORMS.length}]
                                 || ' Vol. ' || (i / ${TOPICS.length * FORMS.length}) as title) x
      join accounts t on t.email = 'tutor' || (1 + i % 500) || '@bench.test'`),
  );
  await db.execute(
    sql.raw(`
      insert into sections (course_id, position, title) select c.id, p, 'Section ' || p from courses c, generate_series(1, 2) p`),
  );
  await db.execute(
    sql.raw(`
      insert into series (section_id, position, title, video_ref) select s.id, p, 'Lesson ' || p, 'videos/bench.mp4' from sections s, generate_series(1, 2) p`),
  );
  // Ratings for the search page's rating filter and sort: 0-6 reviews of 1-5 stars per course.
  await db.execute(sql.raw(`update courses set rating_count = id % 7, rating_sum = (id % 7) * (1 + id % 5)`));
  await db.execute(sql.raw('vacuum analyze'));
  console.log(`Filled in ${((performance.now() - t0) / 1000).toFixed(1)} s.\n`);
}
