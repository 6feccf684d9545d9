import { z } from 'zod';
import { ZLocale } from './accounts.ts';
import { envelope, ZId } from './common.ts';

/** A certificate code: at least 10 random characters from an alphabet without look-alikes. */
export const CERTIFICATE_CODE = /^[A-Z0-9]{10,32}$/;

export const ZCertificateStatus = z.enum(['valid', 'revoked']);
export type TCertificateStatus = z.infer<typeof ZCertificateStatus>;

/** `GET /certificate/{code}`: public verification, as the certificate was at issue. */
export const ZCertificateDto = z.object({
  code: z.string(),
  studentName: z.string(),
  courseTitle: z.string(),
  tutorName: z.string(),
  /** The cohort the course was taken in (its name at issue); null for a self-paced course. */
  cohortName: z.string().nullable(),
  /** ISO 8601. */
  issuedAt: z.string(),
  /** The course's video length at issue, in hours (shown with `videoLengthText`). */
  hours: z.number(),
  status: ZCertificateStatus,
  /**
   * The learner's language (their account's, English when they chose none): the certificate's words are in it, each
   * with the English beneath, whoever looks at it (docs/i18n.md).
   */
  locale: ZLocale,
});
export type TCertificateDto = z.infer<typeof ZCertificateDto>;

/**
 * A certificate's video length as people read it: minutes under an hour (never 0: at least "1 minute"), else hours
 * to one decimal place. "1 minute", "48 minutes", "1 hour", "1.5 hours".
 */
export function videoLengthText(hours: number): string {
  const minutes = Math.round(hours * 60);
  if (minutes < 60) return minutes <= 1 ? '1 minute' : `${minutes} minutes`;
  const rounded = Math.round(hours * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
}

export const ZCertificateParams = z.object({
  code: z.string().regex(CERTIFICATE_CODE, { error: 'This is not a certificate code.' }),
});

/** `POST /certificate/list`: the signed-in student's certificates, newest first, with the course id. */
export const ZCertificateListResponse = envelope({
  certificates: z.array(ZCertificateDto.extend({ courseId: ZId })),
});
export type TCertificateListResponse = z.infer<typeof ZCertificateListResponse>;

/** What the learner still has to do for the certificate (in `/progress/course`). */
export const ZCompletionLeft = z.object({
  seriesIds: z.array(ZId),
  quizIds: z.array(ZId),
});
