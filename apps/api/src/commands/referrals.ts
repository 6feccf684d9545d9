import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { REFERRAL_CODE, type TReferralLink } from '@app/contract/referrals';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, courses, type Account } from '../db/schema.ts';
import { referralLinks, referralVisits } from '../db/schema-referrals.ts';
import { notFound } from '../errors.ts';
import { assertOwnsCourse } from '../policies/course.ts';
import { courseRow } from '../queries/courses.ts';
import { referralAttribution, referralVisitIdOf } from '../lib/receipt-link.ts';
import { referralClock } from '../lib/referral-clock.ts';
import type { CartReferrals } from './split.ts';

// Tutors' referral links (docs/payments.md, "Referral links").

const DAY_MS = 24 * 60 * 60 * 1000;
/** Lower-case letters and digits without the look-alikes (0/o, 1/l): 32 signs, 5 bits each. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** 10 signs, 50 random bits: a link's code. */
export function newReferralCode(): string {
  return [...randomBytes(10)].map((b) => ALPHABET[b & 31]).join('');
}

/** The course's referral link of its tutor, made the first time and the same ever after (404, or 403 for another's). */
export async function referralLinkOf(
  db: Db,
  tutor: Pick<Account, 'id'>,
  courseId: number,
): Promise<{ code: string; courseId: number }> {
  const course = (await courseRow(db, courseId)) ?? notFound('Course not found.');
  assertOwnsCourse(tutor, course);
  const find = () =>
    db
      .select({ code: referralLinks.code, courseId: referralLinks.courseId })
      .from(referralLinks)
      .where(and(eq(referralLinks.tutorId, tutor.id), eq(referralLinks.courseId, course.id)));
  for (let attempt = 0; attempt < 5; attempt++) {
    const [found] = await find();
    if (found) return found;
    // Two first asks at once: the (tutor, course) index keeps one; a code taken elsewhere is drawn again.
    await db
      .insert(referralLinks)
      .values({ tutorId: tutor.id, courseId: course.id, code: newReferralCode() })
      .onConflictDoNothing();
  }
  const [found] = await find();
  return found ?? notFound('Course not found.');
}

/** The link as the tutor's screen shows it: its address on the web app and a QR code of it. */
export async function presentReferralLink(
  link: { code: string; courseId: number },
  webBase: string,
  config: Pick<Config, 'referrals' | 'payouts'>,
): Promise<TReferralLink> {
  const url = `${webBase}/course/${link.courseId}?ref=${link.code}`;
  return {
    courseId: link.courseId,
    code: link.code,
    url,
    qrCode: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
    referralFeePercent: Math.min(config.referrals.feePercent, config.payouts.platformFeePercent),
    platformFeePercent: config.payouts.platformFeePercent,
    days: config.referrals.days,
  };
}

/**
 * Whether an account is the link's tutor: the tutor's own account, or a student account of the same email (a
 * tutor buying as a student is the same person). Such visits and purchases earn nothing extra.
 */
const isTutorSelf = (who: Pick<Account, 'id' | 'email'>, tutorId: number, tutorEmail: string): boolean =>
  who.id === tutorId || who.email.trim().toLowerCase() === tutorEmail.trim().toLowerCase();

/**
 * A visit of a course through a referral link: recorded with the referral clock's time (and the visitor when a
 * student is signed in), answered with its signed attribution and when it ends. A malformed or unknown code, a code
 * of another course, and the tutor's own visit are ignored: null, never an error.
 */
export async function recordReferralVisit(
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'referrals'>,
  visitor: Pick<Account, 'id' | 'role' | 'email'> | null,
  code: string,
  courseId: number,
): Promise<{ attribution: string; expiresAt: Date } | null> {
  const wanted = code.trim().toLowerCase();
  if (!REFERRAL_CODE.test(wanted)) return null;
  const [found] = await db
    .select({ link: referralLinks, tutorEmail: accounts.email })
    .from(referralLinks)
    .innerJoin(accounts, eq(accounts.id, referralLinks.tutorId))
    .where(eq(referralLinks.code, wanted));
  const link = found?.link;
  if (
    !link ||
    link.courseId !== courseId ||
    (visitor && isTutorSelf(visitor, link.tutorId, found.tutorEmail))
  )
    return null;
  const at = referralClock.now();
  const [visit] = await db
    .insert(referralVisits)
    .values({
      linkId: link.id,
      tutorId: link.tutorId,
      courseId: link.courseId,
      studentId: visitor?.role === 'user' ? visitor.id : null,
      createdAt: at,
    })
    .returning({ id: referralVisits.id });
  return {
    attribution: referralAttribution(config.jwtSecret, visit!.id),
    expiresAt: new Date(at.getTime() + config.referrals.days * DAY_MS),
  };
}

/**
 * The referral sales of a cart, checked by the server: for each course, the newest visit within REFERRAL_DAYS
 * through the link of the course's own tutor, named by an attribution the browser sent back (its signature checked)
 * or made by this student signed in. The tutor's own purchase (a student account of the tutor's email) is never one
 * (self-referral). Bad attributions are ignored.
 */
export async function referralsForCart(
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'referrals'>,
  student: Pick<Account, 'id' | 'email'>,
  attributions: readonly string[] | undefined,
  courseIds: number[],
): Promise<CartReferrals> {
  const visits = new Map<number, number>();
  const result = { feePercent: config.referrals.feePercent, visits };
  if (courseIds.length === 0) return result;
  const named = [
    ...new Set(
      (attributions ?? []).map((a) => referralVisitIdOf(config.jwtSecret, a)).filter((id) => id !== null),
    ),
  ];
  const since = new Date(referralClock.now().getTime() - config.referrals.days * DAY_MS);
  const rows = await db
    .select({ id: referralVisits.id, courseId: referralVisits.courseId })
    .from(referralVisits)
    .innerJoin(courses, eq(courses.id, referralVisits.courseId))
    .innerJoin(accounts, eq(accounts.id, referralVisits.tutorId))
    .where(
      and(
        inArray(referralVisits.courseId, courseIds),
        gt(referralVisits.createdAt, since),
        eq(referralVisits.tutorId, courses.tutorId),
        // Self-referral: the tutor's own account, or a student account of the tutor's email.
        sql`${referralVisits.tutorId} <> ${student.id}`,
        sql`lower(trim(${accounts.email})) <> ${student.email.trim().toLowerCase()}`,
        named.length
          ? or(inArray(referralVisits.id, named), eq(referralVisits.studentId, student.id))
          : eq(referralVisits.studentId, student.id),
      ),
    )
    .orderBy(desc(referralVisits.createdAt), desc(referralVisits.id));
  for (const r of rows) if (!visits.has(r.courseId)) visits.set(r.courseId, r.id);
  return result;
}

/** An instalment plan's payments' referral: the visit its first payment was bought through, if any. */
export const planReferral = (
  config: Pick<Config, 'referrals'>,
  courseId: number,
  referralVisitId: number | null,
): CartReferrals | undefined =>
  referralVisitId === null
    ? undefined
    : { feePercent: config.referrals.feePercent, visits: new Map([[courseId, referralVisitId]]) };
