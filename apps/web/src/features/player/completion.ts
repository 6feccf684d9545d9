import type { TCourseDto, TCourseProgress } from '@app/contract/courses';
import { t as translate, type Translate } from '@/lib/i18n/index.ts';

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

/** The message that ends a list of more than three names with how many more there are, by kind. */
const MORE = {
  lessons: 'player.left.moreLessons',
  quizzes: 'player.left.moreQuizzes',
  assignments: 'player.left.moreAssignments',
} as const;

/** Up to three quoted names ("A", "B" and "C"); beyond that the first two and how many more. */
function names(titles: string[], kind: keyof typeof MORE, t: Translate): string {
  const quoted = titles.map((title) => `"${title}"`);
  if (quoted.length === 1) return quoted[0]!;
  if (quoted.length <= 3)
    return t('player.left.list', { first: quoted.slice(0, -1).join(', '), last: quoted.at(-1) });
  return t(MORE[kind], { first: quoted.slice(0, 2).join(', '), count: quoted.length - 2 });
}

/**
 * The sentence that tells the learner what is left, e.g. 'Watch the rest of "Lesson 3" and pass "Quiz 2" to get
 * your certificate.'; null when nothing is left. One message per combination of what is left, so each language
 * words the whole sentence.
 */
export function completionSentence(
  { lessons, quizzes, assignments = [] }: Left,
  t: Translate = translate,
): string | null {
  const values = {
    lessons: lessons.length ? names(lessons, 'lessons', t) : '',
    lessonCount: lessons.length,
    quizzes: quizzes.length ? names(quizzes, 'quizzes', t) : '',
    assignments: assignments.length ? names(assignments, 'assignments', t) : '',
    assignmentCount: assignments.length,
  };
  // A comma keeps a list of lessons apart from the quizzes ("A" and "B", and pass "Q").
  const which = `${lessons.length ? 'L' : ''}${quizzes.length ? 'Q' : ''}${assignments.length ? 'A' : ''}`;
  switch (which) {
    case 'L':
      return t('player.left.lessons', values);
    case 'Q':
      return t('player.left.quizzes', values);
    case 'A':
      return t('player.left.assignments', values);
    case 'LQ':
      return t('player.left.lessonsQuizzes', values);
    case 'LA':
      return t('player.left.lessonsAssignments', values);
    case 'QA':
      return t('player.left.quizzesAssignments', values);
    case 'LQA':
      return t('player.left.all', values);
    default:
      return null;
  }
}
