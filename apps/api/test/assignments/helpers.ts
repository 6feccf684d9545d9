import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { API_BASE } from '@app/contract/endpoints';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import type { TSubmissionResponse } from '@app/contract/assignments';
import { assignments, type RubricCriterion } from '../../src/db/schema-assignments.ts';
import { sections } from '../../src/db/schema.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import type { TestApp } from '../harness.ts';

/** Two criteria of three levels: 0/5/10 and 0/3/6 points, 16 at most. */
export const RUBRIC: RubricCriterion[] = [
  {
    id: 1,
    title: 'Works as asked',
    levels: [
      { id: 1, title: 'Missing', points: 0 },
      { id: 2, title: 'Partly', points: 5 },
      { id: 3, title: 'Fully', points: 10 },
    ],
  },
  {
    id: 2,
    title: 'Readable code',
    levels: [
      { id: 4, title: 'Hard to follow', points: 0 },
      { id: 5, title: 'Mostly clear', points: 3 },
      { id: 6, title: 'Clear', points: 6 },
    ],
  },
];
/** Scores of RUBRIC worth `points` (16: both best levels; 13: best and middle; 8: both middle; 0: none). */
export const SCORES = {
  16: [
    { criterionId: 1, levelId: 3 },
    { criterionId: 2, levelId: 6 },
  ],
  13: [
    { criterionId: 1, levelId: 3 },
    { criterionId: 2, levelId: 5 },
  ],
  8: [
    { criterionId: 1, levelId: 2 },
    { criterionId: 2, levelId: 5 },
  ],
} as const;

export type AssignmentOver = Partial<typeof assignments.$inferInsert>;

/** An assignment written straight to the first section of an (approved) course: a rubric, pass mark 10. */
export async function buildAssignment(t: TestApp, course: Pick<TestCourse, 'id'>, over: AssignmentOver = {}) {
  const [section] = await t.ctx.db
    .select({ id: sections.id })
    .from(sections)
    .where(eq(sections.courseId, course.id))
    .orderBy(asc(sections.position))
    .limit(1);
  const [row] = await t.ctx.db
    .insert(assignments)
    .values({
      courseId: course.id,
      sectionId: section!.id,
      title: 'Build a CI pipeline',
      instructions: 'Write a pipeline that runs the tests on every push. See https://docs.github.com/actions',
      submissionType: 'text',
      grading: 'rubric',
      rubric: RUBRIC,
      passPoints: 10,
      maxResubmissions: 1,
      ...over,
    })
    .returning();
  return row!;
}

/** A tutor's approved course with an assignment (`over`) and a student who owns it. */
export async function buildGradedCourse(t: TestApp, over: AssignmentOver = {}) {
  const tutor = await buildTutor(t);
  const course = await buildApprovedCourse(t, tutor);
  const assignment = await buildAssignment(t, course, over);
  const student = await ownerOf(t, course);
  return { tutor, course, assignment, student };
}

/** A new student who owns `course`. */
export async function ownerOf(t: TestApp, course: TestCourse): Promise<TestAccount> {
  const s = await buildStudent(t);
  await buildEnrolment(t, s, course);
  return s;
}

/** Saves a draft and submits it; fails the test unless both are accepted. Answers the submission. */
export async function submitText(
  t: TestApp,
  student: TestAccount,
  assignmentId: number,
  text = 'My pipeline: …',
) {
  const draft = await t.op('assignmentDraft', { body: { assignmentId, text }, token: student.token });
  expect(draft.status, draft.text).toBe(200);
  const sent = await t.op('assignmentSubmit', { body: { assignmentId }, token: student.token });
  expect(sent.status, sent.text).toBe(200);
  return sent.body.submission;
}

/** Uploads a file for a file assignment (multipart: assignmentId first, then the file) over real HTTP. */
export async function uploadWork(
  t: TestApp,
  token: string,
  assignmentId: number,
  bytes: Buffer,
  filename: string,
): Promise<{ status: number; body: TSubmissionResponse }> {
  const form = new FormData();
  form.append('assignmentId', String(assignmentId));
  form.append('files', new Blob([new Uint8Array(bytes)]), filename);
  const res = await fetch(`${t.url}${API_BASE}${PLAIN_ROUTES.assignmentUpload.path}`, {
    method: 'POST',
    headers: { apiKey: token },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as TSubmissionResponse };
}

/** A minimal PDF's bytes. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
