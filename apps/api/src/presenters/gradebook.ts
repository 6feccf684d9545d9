import type { TGradebookCell, TGradebookResponse, TRubricCriterionDto } from '@app/contract/assignments';
import { rubricMaxPoints } from './assignments.ts';

/** The rows a gradebook is made of (queries/gradebook.ts). */
export type GradebookRows = {
  students: { id: number; name: string }[];
  quizzes: { id: number; title: string }[];
  assignments: { id: number; title: string; grading: 'rubric' | 'passfail'; rubric: TRubricCriterionDto[] }[];
  attempts: { quizId: number; studentId: number; best: number; passed: boolean; late: boolean }[];
  /** Every attempt at an assignment, in attempt order. */
  work: {
    assignmentId: number;
    studentId: number;
    attemptNo: number;
    status: TGradebookCell['status'] & ('draft' | 'submitted' | 'passed' | 'failed' | 'returned');
    score: number | null;
    late: boolean;
  }[];
  lessonCount: number;
  watched: { studentId: number; n: number }[];
};

const EMPTY: TGradebookCell = { best: null, status: 'none', late: false };

/**
 * The gradebook: a column per quiz (its best percent, passed or attempted, late when any attempt was) and per
 * assignment (its best score, passed once any attempt passed, otherwise the latest attempt's status, late when
 * the latest submitted attempt was), a row per student with the share of lessons watched.
 */
export function gradebook(rows: GradebookRows): Omit<TGradebookResponse, 'responseDto'> {
  const columns = [
    ...rows.quizzes.map((q) => ({ kind: 'quiz' as const, id: q.id, title: q.title, outOf: 100 })),
    ...rows.assignments.map((a) => ({
      kind: 'assignment' as const,
      id: a.id,
      title: a.title,
      outOf: a.grading === 'rubric' ? rubricMaxPoints(a.rubric) : 0,
    })),
  ];
  const watched = new Map(rows.watched.map((w) => [w.studentId, w.n]));
  return {
    columns,
    rows: rows.students.map((s) => ({
      studentId: s.id,
      studentName: s.name,
      progressPercent: rows.lessonCount ? Math.floor(((watched.get(s.id) ?? 0) * 100) / rows.lessonCount) : 0,
      cells: [
        ...rows.quizzes.map((q): TGradebookCell => {
          const a = rows.attempts.find((x) => x.quizId === q.id && x.studentId === s.id);
          return a
            ? { best: Math.round(a.best * 10) / 10, status: a.passed ? 'passed' : 'attempted', late: a.late }
            : EMPTY;
        }),
        ...rows.assignments.map((asg): TGradebookCell => {
          const mine = rows.work.filter((w) => w.assignmentId === asg.id && w.studentId === s.id);
          if (mine.length === 0) return EMPTY;
          const scores = mine.flatMap((w) => (w.score === null ? [] : [w.score]));
          const latest = mine[mine.length - 1]!;
          const lastSent = [...mine].reverse().find((w) => w.status !== 'draft');
          return {
            best: scores.length ? Math.max(...scores) : null,
            status: mine.some((w) => w.status === 'passed') ? 'passed' : latest.status,
            late: lastSent?.late ?? false,
          };
        }),
      ],
    })),
  };
}

const CELL_TEXT: Record<TGradebookCell['status'], string> = {
  none: '',
  passed: 'passed',
  failed: 'failed',
  draft: 'draft',
  submitted: 'submitted',
  returned: 'returned',
  attempted: 'not passed',
};

/** The gradebook as CSV rows (the header first): per item its best score and its status, "late" added. */
export function gradebookCsvRows(
  book: Omit<TGradebookResponse, 'responseDto'>,
): (string | number | null)[][] {
  const header = [
    'Student',
    'Lessons watched %',
    ...book.columns.flatMap((c) => [`${c.title} (best)`, `${c.title} (status)`]),
  ];
  return [
    header,
    ...book.rows.map((r) => [
      r.studentName,
      r.progressPercent,
      ...r.cells.flatMap((c) => [
        c.best,
        [CELL_TEXT[c.status], c.late ? 'late' : ''].filter(Boolean).join(', '),
      ]),
    ]),
  ];
}
