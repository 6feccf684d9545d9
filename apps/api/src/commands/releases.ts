import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sectionReleaseRules, sectionReleases } from '../db/schema-cohorts.ts';
import { badRequest, notFound } from '../errors.ts';
import { cohortNow, LOCAL_TIME } from '../lib/cohort-clock.ts';
import { assertRunsCourse } from '../policies/cohort.ts';
import {
  assertReleased,
  lockedMessage,
  sectionStates,
  type ReleaseRule,
  type SectionState,
} from '../policies/release.ts';
import type { Account } from '../db/schema.ts';
import type { Viewer } from '../policies/course.ts';
import { loadViewer } from '../queries/viewer.ts';
import { lessonsUsing, membership, releaseFacts, sectionWithCourse } from '../queries/cohorts.ts';
import { ownCohort } from './cohorts.ts';

/**
 * A student's sections of a course as the release rules find them now, or null when they are not a member of
 * one of its cohorts (nothing is locked for them). A section open for the first time is recorded, so it never
 * locks again.
 */
export async function memberSections(
  db: Db,
  account: { id: number; role: string },
  courseId: number,
): Promise<Map<number, SectionState> | null> {
  if (account.role !== 'user') return null;
  const member = await membership(db, account.id, courseId);
  if (!member) return null;
  const facts = await releaseFacts(db, member.cohortId, courseId, account.id);
  const now = cohortNow();
  const states = sectionStates(
    { ...facts, cohort: { startsAt: member.startsAt }, enrolledAt: member.takenAt },
    now,
  );
  const opened = [...states].filter(([, s]) => s.newlyOpen).map(([sectionId]) => sectionId);
  if (opened.length > 0)
    await db
      .insert(sectionReleases)
      .values(
        opened.map((sectionId) => ({
          cohortId: member.cohortId,
          sectionId,
          studentId: account.id,
          releasedAt: now,
          reason: 'rule' as const,
        })),
      )
      .onConflictDoNothing();
  return states;
}

/** `POST /cohort/release/rule`: a section's rule for every cohort of its course (null: open from the start). */
export async function setReleaseRule(db: Db, tutor: Account, sectionId: number, rule: ReleaseRule | null) {
  const section = (await sectionWithCourse(db, sectionId)) ?? notFound('Section not found.');
  assertRunsCourse(tutor, section);
  if (rule === null) {
    await db.delete(sectionReleaseRules).where(eq(sectionReleaseRules.sectionId, sectionId));
    return;
  }
  if (!LOCAL_TIME.test(rule.localTime)) badRequest('localTime must be HH:MM.');
  if (rule.kind === 'date' && !rule.opensAt) badRequest('A release on a date needs the date.');
  const values = { ...rule, opensAt: rule.kind === 'date' ? rule.opensAt : null };
  await db
    .insert(sectionReleaseRules)
    .values({ sectionId, ...values })
    .onConflictDoUpdate({ target: sectionReleaseRules.sectionId, set: values });
}

/** `POST /cohort/release/unlock`: the tutor opens a section early for one member, or for the whole cohort (0). */
export async function unlockSection(
  db: Db,
  tutor: Account,
  input: { cohortId: number; sectionId: number; studentId?: number },
) {
  const cohort = await ownCohort(db, tutor, input.cohortId);
  const section = (await sectionWithCourse(db, input.sectionId)) ?? notFound('Section not found.');
  if (section.courseId !== cohort.courseId) badRequest("This section is not in the cohort's course.");
  await db
    .insert(sectionReleases)
    .values({
      cohortId: cohort.id,
      sectionId: section.id,
      studentId: input.studentId ?? 0,
      releasedAt: cohortNow(),
      reason: 'early',
    })
    .onConflictDoNothing();
}

/**
 * Why the fetcher of a lesson's file (video or download) may not have it yet: the refusal of the lesson's section
 * when it is locked for them as a cohort member, or null. Checked at every fetch of a signed link.
 */
export async function lockedFileMessage(db: Db, key: string, viewerId: number): Promise<string | null> {
  if (viewerId <= 0) return null;
  const using = await lessonsUsing(db, key);
  let refusal: string | null = null;
  for (const courseId of new Set(using.map((u) => u.courseId))) {
    const states = await memberSections(db, { id: viewerId, role: 'user' }, courseId);
    for (const u of using.filter((x) => x.courseId === courseId)) {
      const state = states?.get(u.sectionId);
      if (!state || state.open) return null;
      refusal = lockedMessage(state);
    }
  }
  return refusal;
}

/** 403 'This lesson opens on …' when the section is locked for the caller (a cohort member). */
export async function assertSectionReleased(
  db: Db,
  account: { id: number; role: string },
  courseId: number,
  sectionId: number,
): Promise<void> {
  const states = await memberSections(db, account, courseId);
  assertReleased(states?.get(sectionId));
}

/**
 * The caller as the course rules see them for `courseIds`, with their cohort sections' states (section ids are
 * unique across courses, so one map serves every course of an answer): a locked section's links stay out of it.
 */
export async function viewerWithReleases(
  db: Db,
  account: { id: number; role: Viewer['role'] },
  courseIds: number[],
): Promise<Viewer | null> {
  const viewer = await loadViewer(db, account, courseIds);
  if (!viewer || account.role !== 'user') return viewer;
  const merged = new Map<number, SectionState>();
  for (const courseId of courseIds) {
    for (const [id, state] of (await memberSections(db, account, courseId)) ?? []) merged.set(id, state);
  }
  return merged.size > 0 ? { ...viewer, sectionStates: merged } : viewer;
}
