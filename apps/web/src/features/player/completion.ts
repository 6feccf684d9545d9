import type { TCourseDto, TCourseProgress } from '@app/contract/courses';

/**
 * What a learner still has to do for the certificate: the titles of unwatched lessons, unpassed quizzes and
 * required assignments not passed yet.
 */
export type Left = { lessons: string[]; quizzes: string[]; assignments?: string[] };

/** An assignment as the outline lists it (docs/assignments.md). */
type AssignmentItem = { id: number; title: string; requiredForCertificate: boolean };

/**
 * From the outline, the course's assignments and the progress answer: lessons the server has not seen watched,
 * quizzes not passed, assignments required for the certificate not passed.
 */
export function whatIsLeft(
  course: TCourseDto,
  progress: TCourseProgress,
  assignments: readonly AssignmentItem[] = [],
): Left {
  const watched = new Set(progress.watchedSeriesIds);
  const passed = new Set(progress.passedQuizIds);
  const passedWork = new Set(progress.passedAssignmentIds ?? []);
  const work = assignments
    .filter((a) => a.requiredForCertificate && !passedWork.has(a.id))
    .map((a) => a.title);
  return {
    ...(work.length ? { assignments: work } : {}),
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
export function completionSentence({ lessons, quizzes, assignments = [] }: Left): string | null {
  const watch = lessons.length ? `Watch the rest of ${names(lessons, 'lesson', 'lessons')}` : '';
  const pass = quizzes.length ? `pass ${names(quizzes, 'quiz', 'quizzes')}` : '';
  const work = assignments.length
    ? `pass the ${assignments.length === 1 ? 'assignment' : 'assignments'} ${names(assignments, 'assignment', 'assignments')}`
    : '';
  if (!watch && !pass && !work) return null;
  // A comma keeps a list of lessons apart from the quizzes ("A" and "B", and pass "Q").
  const first = watch && pass ? `${watch}${lessons.length > 1 ? ',' : ''} and ${pass}` : watch || pass;
  const joined = first && work ? `${first}, and ${work}` : first || work;
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)} to get your certificate.`;
}
