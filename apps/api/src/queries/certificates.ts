import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, courses, media, sections, series } from '../db/schema.ts';
import { certificates, quizAttempts, quizzes, watchCoverage } from '../db/schema-learning.ts';
import { enrolments } from '../db/schema-money.ts';
import { cohorts, cohortSeats } from '../db/schema-cohorts.ts';
import { requiredAssignmentFacts } from './assignments.ts';

/** Where a student stands on a course's certificate: the lessons and quizzes it asks for, and what is done. */
export type CompletionFacts = {
  seriesIds: number[];
  watchedSeriesIds: number[];
  quizIds: number[];
  passedQuizIds: number[];
  /** The assignments required for the certificate, and those of them the student passed (docs/assignments.md). */
  requiredAssignmentIds: number[];
  passedAssignmentIds: number[];
  /**
   * Every lesson watched, every quiz passed and every required assignment passed; a course with no lessons is
   * never complete.
   */
  complete: boolean;
};

/** Each of `courseIds`' completion facts for one student (lessons and quizzes as the course has them now). */
export async function completionFacts(
  db: Db,
  studentId: number,
  courseIds: number[],
): Promise<Map<number, CompletionFacts>> {
  const result = new Map<number, CompletionFacts>();
  if (courseIds.length === 0) return result;
  const [lessons, watched, quizRows, passed, work] = await Promise.all([
    db
      .select({ courseId: sections.courseId, id: series.id })
      .from(series)
      .innerJoin(sections, eq(sections.id, series.sectionId))
      .where(inArray(sections.courseId, courseIds)),
    db
      .select({ courseId: watchCoverage.courseId, id: watchCoverage.seriesId })
      .from(watchCoverage)
      .where(
        and(
          eq(watchCoverage.studentId, studentId),
          inArray(watchCoverage.courseId, courseIds),
          eq(watchCoverage.watched, true),
        ),
      ),
    db
      .select({ courseId: quizzes.courseId, id: quizzes.id })
      .from(quizzes)
      .where(inArray(quizzes.courseId, courseIds)),
    db
      .selectDistinct({ courseId: quizzes.courseId, id: quizAttempts.quizId })
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
      .where(
        and(
          eq(quizAttempts.studentId, studentId),
          eq(quizAttempts.passed, true),
          inArray(quizzes.courseId, courseIds),
        ),
      ),
    requiredAssignmentFacts(db, studentId, courseIds),
  ]);
  const idsOf = (rows: { courseId: number; id: number }[], courseId: number) =>
    rows
      .filter((r) => r.courseId === courseId)
      .map((r) => r.id)
      .sort((a, b) => a - b);
  for (const courseId of courseIds) {
    const seriesIds = idsOf(lessons, courseId);
    const quizIds = idsOf(quizRows, courseId);
    const watchedSeriesIds = idsOf(watched, courseId).filter((id) => seriesIds.includes(id));
    const passedQuizIds = idsOf(passed, courseId);
    const requiredAssignmentIds = idsOf(work.required, courseId);
    const passedAssignmentIds = idsOf(work.passed, courseId);
    result.set(courseId, {
      seriesIds,
      watchedSeriesIds,
      quizIds,
      passedQuizIds,
      requiredAssignmentIds,
      passedAssignmentIds,
      complete:
        seriesIds.length > 0 &&
        watchedSeriesIds.length === seriesIds.length &&
        quizIds.every((id) => passedQuizIds.includes(id)) &&
        requiredAssignmentIds.every((id) => passedAssignmentIds.includes(id)),
    });
  }
  return result;
}

/** Whether the student holds an enrolment in the course (a refund removes it). */
export async function ownsCourse(db: Db, studentId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.studentId, studentId), eq(enrolments.courseId, courseId)));
  return !!row;
}

/** What a certificate records at issue: the student's and tutor's names, the course title and its video hours. */
export async function certificateFacts(db: Db, studentId: number, courseId: number) {
  const [row] = await db
    .select({
      studentName: sql<string>`(select ${accounts.fullName} from ${accounts} where ${accounts.id} = ${studentId})`,
      courseTitle: courses.title,
      tutorName: accounts.fullName,
      // The cohort whose seat the student took (the latest, should there be several).
      cohortName: sql<string | null>`(
        select ${cohorts.name} from ${cohortSeats}
        join ${cohorts} on ${cohorts.id} = ${cohortSeats.cohortId}
        where ${cohortSeats.studentId} = ${studentId} and ${cohorts.courseId} = ${courses.id}
          and ${cohortSeats.status} = 'taken'
        order by ${cohortSeats.takenAt} desc limit 1)`,
      seconds: sql<number>`coalesce((
        select sum(${media.durationSeconds}) from ${series}
        join ${sections} on ${sections.id} = ${series.sectionId}
        join ${media} on ${media.key} = ${series.videoRef}
        where ${sections.courseId} = ${courses.id}), 0)::float8`,
    })
    .from(courses)
    .innerJoin(accounts, eq(accounts.id, courses.tutorId))
    .where(eq(courses.id, courseId));
  return row && row.studentName !== null ? row : undefined;
}

const certificateColumns = {
  id: certificates.id,
  code: certificates.code,
  studentId: certificates.studentId,
  courseId: certificates.courseId,
  studentName: certificates.studentName,
  courseTitle: certificates.courseTitle,
  tutorName: certificates.tutorName,
  cohortName: certificates.cohortName,
  hours: certificates.hours,
  status: certificates.status,
  issuedAt: certificates.issuedAt,
  revokedAt: certificates.revokedAt,
  /** The learner's language now (their account's choice), which the certificate's words follow. */
  language: sql<
    string | null
  >`(select ${accounts.language} from ${accounts} where ${accounts.id} = ${certificates.studentId})`,
};
/** A certificate as stored. */
export type CertificateRow = NonNullable<Awaited<ReturnType<typeof certificateByCode>>>;

/** One certificate by its code (any status); undefined when unknown. */
export async function certificateByCode(db: Db, code: string) {
  const [row] = await db.select(certificateColumns).from(certificates).where(eq(certificates.code, code));
  return row;
}

/** The student's certificate of a course (any status); undefined before it was issued. */
export async function studentCourseCertificate(db: Db, studentId: number, courseId: number) {
  const [row] = await db
    .select(certificateColumns)
    .from(certificates)
    .where(and(eq(certificates.studentId, studentId), eq(certificates.courseId, courseId)));
  return row;
}

/** A student's certificates, newest first. */
export async function studentCertificates(db: Db, studentId: number) {
  return db
    .select(certificateColumns)
    .from(certificates)
    .where(eq(certificates.studentId, studentId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
}

/** The codes of the student's valid certificates of `courseIds`, by course. */
export async function validCertificateCodes(
  db: Db,
  studentId: number,
  courseIds: number[],
): Promise<Map<number, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: certificates.courseId, code: certificates.code })
    .from(certificates)
    .where(
      and(
        eq(certificates.studentId, studentId),
        inArray(certificates.courseId, courseIds),
        eq(certificates.status, 'valid'),
      ),
    );
  return new Map(rows.map((r) => [r.courseId, r.code]));
}
