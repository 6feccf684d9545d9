import type { TCourseDto, TCourseProgress } from '@app/contract/courses';

/** What a learner still has to do for the certificate: the titles of unwatched lessons and unpassed quizzes. */
export type Left = { lessons: string[]; quizzes: string[] };

/** From the outline and the progress answer: lessons the server has not seen watched, quizzes not passed. */
export function whatIsLeft(course: TCourseDto, progress: TCourseProgress): Left {
  const watched = new Set(progress.watchedSeriesIds);
  const passed = new Set(progress.passedQuizIds);
  return {
    lessons: course.sectionDto
      .flatMap((s) => s.seriesList)
      .filter((s) => !watched.has(s.id))
      .map((s) => s.title),
    quizzes: course.sectionDto
      .flatMap((s) => s.quizzes ?? [])
      .filter((q) => !passed.has(q.id))
      .map((q) => q.title),
  };
}

/** Up to three quoted names ("A", "B" and "C"); beyond that the first two and how many more. */
function names(titles: string[], one: string, many: string): string {
  const quoted = titles.map((t) => `"${t}"`);
  if (quoted.length === 1) return quoted[0]!;
  if (quoted.length <= 3) return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  const more = quoted.length - 2;
  return `${quoted.slice(0, 2).join(', ')} and ${more} more ${more === 1 ? one : many}`;
}

/**
 * The sentence that tells the learner what is left, e.g. 'Watch the rest of "Lesson 3" and pass "Quiz 2" to get
 * your certificate.'; null when nothing is left.
 */
export function completionSentence({ lessons, quizzes }: Left): string | null {
  const watch = lessons.length ? `Watch the rest of ${names(lessons, 'lesson', 'lessons')}` : '';
  const pass = quizzes.length ? `pass ${names(quizzes, 'quiz', 'quizzes')}` : '';
  if (!watch && !pass) return null;
  // A comma keeps a list of lessons apart from the quizzes ("A" and "B", and pass "Q").
  const joined = watch && pass ? `${watch}${lessons.length > 1 ? ',' : ''} and ${pass}` : watch || pass;
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)} to get your certificate.`;
}
