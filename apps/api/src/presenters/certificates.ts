import type { TCertificateDto } from '@app/contract/certificates';
import type { Locale } from '@app/contract/locales';
import { intlLocale, localeOf, type Tr } from '../i18n/index.ts';

/** A stored certificate, as the presenters take it (queries/certificates.ts reads it). */
export type CertificateRecord = {
  code: string;
  courseId: number;
  studentName: string;
  courseTitle: string;
  tutorName: string;
  cohortName: string | null;
  hours: number;
  status: 'valid' | 'revoked';
  issuedAt: Date;
  /** The learner's language (their account's choice; null when none), which its words follow. */
  language: string | null;
};

/** The public verification answer: what the certificate recorded at issue, and whether it still holds. */
export const certificateDto = (c: CertificateRecord): TCertificateDto => ({
  code: c.code,
  studentName: c.studentName,
  courseTitle: c.courseTitle,
  tutorName: c.tutorName,
  cohortName: c.cohortName,
  issuedAt: c.issuedAt.toISOString(),
  // To the minute and below (0.0001 h is under half a second): a course shorter than an hour reads in minutes.
  hours: Math.round(c.hours * 10_000) / 10_000,
  status: c.status,
  locale: localeOf(c.language),
});

/** A list entry: the verification answer with the course it certifies. */
export const certificateListItem = (c: CertificateRecord) => ({ ...certificateDto(c), courseId: c.courseId });

/** The issue date in `locale`'s words: "26 November 2026" in English (Lagos time). */
export const localIssueDate = (d: Date, locale: Locale) =>
  d.toLocaleDateString(intlLocale(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  });

/** The video length in `t`'s language, as the contract's `videoLengthText` counts it: "1.5 hours of video", never "0". */
export function localHoursText(t: Tr, hours: number): string {
  const minutes = Math.round(hours * 60);
  if (minutes < 60) return t('certificate.videoMinutes', { count: Math.max(1, minutes) });
  return t('certificate.videoHours', { count: Math.round(hours * 10) / 10 });
}

export const UNKNOWN_CERTIFICATE = 'We could not find that certificate.';
