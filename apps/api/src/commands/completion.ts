import { randomInt } from 'node:crypto';
import { API_BASE } from '@app/contract/endpoints';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import type { AppContext } from '../context.ts';
import { certificates } from '../db/schema-learning.ts';
import {
  certificateFacts,
  completionFacts,
  ownsCourse,
  studentCourseCertificate,
} from '../queries/certificates.ts';
import { latestPlanStatus } from '../queries/plans.ts';
import { notify } from './notify.ts';

/** Capital letters and digits without the look-alikes 0/O, 1/I/L: 31 symbols, read aloud or typed safely. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

/** A fresh certificate code: 12 symbols from crypto's random numbers (about 59 bits), never sequential. */
export function newCertificateCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The certificate's public page in the web app (what the QR code and the share links point at). */
export const certificatePagePath = (code: string) => `/certificate/${code}`;
/** The certificate's PDF under the API. */
export const certificatePdfPath = (code: string) =>
  `${API_BASE}${fillPath(PLAIN_ROUTES.certificatePdf.path, { code })}`;

/** The course's video seconds in hours, unrounded: a course of 48 s is shown as a minute, never as 0 hours. */
export const videoHours = (seconds: number) => seconds / 3600;

/**
 * Issues the student's certificate of a course once the course is complete for them (every lesson watched, every
 * quiz passed, the course still owned), exactly once: the unique (student, course) index makes concurrent calls
 * insert one row (`on conflict do nothing`), and only the call that inserted it notifies the student (in the app
 * and by email, with the page and PDF links). Returns the valid certificate's code, or null when there is none
 * (not complete yet, or revoked after a refund: a revoked certificate stays revoked).
 */
export async function settleCompletion(
  ctx: Pick<AppContext, 'db' | 'config'>,
  studentId: number,
  courseId: number,
): Promise<string | null> {
  const { db } = ctx;
  const existing = await studentCourseCertificate(db, studentId, courseId);
  if (existing) return existing.status === 'valid' ? existing.code : null;
  const facts = (await completionFacts(db, studentId, [courseId])).get(courseId);
  if (!facts?.complete || !(await ownsCourse(db, studentId, courseId))) return null;
  // A course bought on an instalment plan is certified once the plan is paid in full (plan-payments.ts asks again
  // at the last payment).
  const plan = await latestPlanStatus(db, studentId, courseId);
  if (plan !== undefined && plan !== 'completed') return null;
  const about = await certificateFacts(db, studentId, courseId);
  if (!about) return null;

  await db.transaction(async (tx) => {
    const code = newCertificateCode();
    const [issued] = await tx
      .insert(certificates)
      .values({
        code,
        studentId,
        courseId,
        studentName: about.studentName,
        courseTitle: about.courseTitle,
        tutorName: about.tutorName,
        cohortName: about.cohortName,
        hours: videoHours(about.seconds),
      })
      .onConflictDoNothing()
      .returning({ code: certificates.code });
    if (!issued) return;
    await notify(tx, [
      {
        accountId: studentId,
        type: 'certificate-issued',
        message: { key: 'notice.certificateIssued', values: { title: about.courseTitle } },
        link: certificatePagePath(issued.code),
        emailLines: [
          {
            key: 'email.certificateLink',
            values: { url: `${ctx.config.publicUrl}${certificatePdfPath(issued.code)}` },
          },
        ],
      },
    ]);
  });
  const settled = await studentCourseCertificate(db, studentId, courseId);
  return settled?.status === 'valid' ? settled.code : null;
}
