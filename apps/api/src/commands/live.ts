import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TLiveProvider } from '@app/contract/cohort-rules';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { liveAttendance, liveSessions } from '../db/schema-cohorts.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { cohortNow } from '../lib/cohort-clock.ts';
import { assertMayJoin, assertRunsCourse, isSessionModerator, joinWindow } from '../policies/cohort.ts';
import { isMember, sessionById } from '../queries/cohorts.ts';
import { keyFromMediaUrl, resolveMediaRefs } from '../queries/resolve-media.ts';
import type { LiveProviders } from '../services/live/index.ts';
import type { JoinTicket } from '../services/live/provider.ts';
import { ownCohort } from './cohorts.ts';
import { queueSessionReminders } from './cohort-reminders.ts';

export const SESSION_NOT_FOUND = 'Live session not found.';
/** Heartbeats come every 30 s while the session page is open; a gap longer than this counts as this much. */
export const HEARTBEAT_MAX_GAP_SECONDS = 90;

export type SessionInput = {
  id?: number;
  cohortId: number;
  title: string;
  startsAt: Date;
  durationMinutes: number;
  provider: TLiveProvider;
  link?: string | null;
  recording?: string | null;
};

const secret = () => randomBytes(12).toString('hex');

export const RECORDING_REFUSED = 'The recording must be an uploaded video or an https link.';

/**
 * What a recording is stored as: the storage key of the tutor's own uploaded video (its URL as `/images/add`
 * answered it), or an https link; null takes it away.
 */
async function recordingRef(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  tutor: Account,
  value: string | null,
): Promise<string | null> {
  if (value === null || value.trim() === '') return null;
  if (keyFromMediaUrl(ctx.storage, value)) {
    const [key] = await resolveMediaRefs(ctx.db, ctx.storage, tutor, [
      { value, kind: 'video', label: 'The recording' },
    ]);
    return key!;
  }
  return /^https:\/\/[^\s]+$/.test(value.trim()) ? value.trim() : badRequest(RECORDING_REFUSED);
}

/**
 * `POST /live/session/save`: a cohort's session on an engine this server offers; reminders are queued. A change
 * without `link` keeps the session's meeting link (the lists never show it). A recording attached becomes a lesson
 * of the cohort: its members get it (docs/cohorts.md).
 */
export async function saveSession(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  providers: LiveProviders,
  tutor: Account,
  input: SessionInput,
): Promise<number> {
  const { db } = ctx;
  const cohort = await ownCohort(db, tutor, input.cohortId);
  if (cohort.cancelledAt) badRequest('This cohort was cancelled.');
  if (!providers[input.provider]) badRequest(`This server does not offer ${input.provider} sessions.`);
  const existing = input.id === undefined ? undefined : await sessionById(db, input.id);
  if (input.id !== undefined && (!existing || existing.cohort.id !== cohort.id)) notFound(SESSION_NOT_FOUND);
  const link = input.link === undefined ? (existing?.session.link ?? null) : input.link;
  if (input.provider === 'link' && !link) badRequest('Paste the meeting link.');
  const values = {
    title: input.title,
    startsAt: input.startsAt,
    durationMinutes: input.durationMinutes,
    provider: input.provider,
    link: input.provider === 'link' ? link : null,
    ...(input.recording !== undefined ? { recording: await recordingRef(ctx, tutor, input.recording) } : {}),
  };
  return db.transaction(async (tx) => {
    let id: number;
    if (input.id === undefined) {
      const [row] = await tx
        .insert(liveSessions)
        .values({
          cohortId: cohort.id,
          room: `devlearn-${cohort.id}-${secret()}`,
          moderatorPassword: secret(),
          attendeePassword: secret(),
          ...values,
        })
        .returning({ id: liveSessions.id });
      id = row!.id;
    } else {
      await tx
        .update(liveSessions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(liveSessions.id, input.id));
      id = input.id;
    }
    await queueSessionReminders(tx, id, input.startsAt);
    return id;
  });
}

/** `POST /live/session/delete`. */
export async function deleteSession(db: Db, tutor: Account, id: number): Promise<void> {
  const found = (await sessionById(db, id)) ?? notFound(SESSION_NOT_FOUND);
  assertRunsCourse(tutor, found);
  await db.delete(liveSessions).where(eq(liveSessions.id, id));
}

/** A live session the caller may run (the course's staff). */
export async function ownSession(db: Db, account: Account, id: number) {
  const found = (await sessionById(db, id)) ?? notFound(SESSION_NOT_FOUND);
  assertRunsCourse(account, found);
  return found;
}

/**
 * `POST /live/join`: members and staff only (403 for anyone else, who never sees a link or a token), within the
 * join window. The join is recorded for the attendance sheet; the engine signs the person's URL (and token).
 */
export async function joinSession(
  db: Db,
  providers: LiveProviders,
  account: Account,
  sessionId: number,
): Promise<JoinTicket & { provider: TLiveProvider; moderator: boolean }> {
  const found = (await sessionById(db, sessionId)) ?? notFound(SESSION_NOT_FOUND);
  const { session, cohort } = found;
  const member = account.role === 'user' && (await isMember(db, cohort.id, account.id));
  const facts = { account, course: { tutorId: found.tutorId }, member };
  assertMayJoin(facts, session, cohortNow());
  if (cohort.cancelledAt) badRequest('This cohort was cancelled.');
  const provider = providers[session.provider];
  if (!provider)
    throw new AppError(503, 'unavailable', 'This meeting engine is not configured on the server.');
  const moderator = isSessionModerator(facts);
  const ticket = await provider
    .join(session, { id: account.id, name: account.fullName, email: account.email, moderator })
    .catch((err: unknown) => {
      throw new AppError(
        503,
        'unavailable',
        err instanceof Error ? err.message : 'The meeting engine did not answer.',
      );
    });
  await db
    .insert(liveAttendance)
    .values({ sessionId, accountId: account.id, joinedAt: cohortNow(), lastBeatAt: cohortNow() })
    .onConflictDoUpdate({
      target: [liveAttendance.sessionId, liveAttendance.accountId],
      set: {
        lastBeatAt: cohortNow(),
        joinedAt: sql`coalesce(${liveAttendance.joinedAt}, excluded.joined_at)`,
      },
    });
  return { ...ticket, provider: session.provider, moderator };
}

/**
 * `POST /live/heartbeat`: the session page, while open, says the person is still there. The time since their last
 * heartbeat (at most HEARTBEAT_MAX_GAP_SECONDS, and only inside the session's window) is added to their minutes.
 * One who never joined is refused (400).
 */
export async function heartbeat(db: Db, account: Account, sessionId: number): Promise<number> {
  const found = (await sessionById(db, sessionId)) ?? notFound(SESSION_NOT_FOUND);
  const now = cohortNow();
  const { opens, closes } = joinWindow(found.session);
  const start = Math.max(found.session.startsAt.getTime(), opens.getTime());
  const [row] = await db
    .update(liveAttendance)
    .set({
      seconds: sql`${liveAttendance.seconds} + greatest(0, least(${HEARTBEAT_MAX_GAP_SECONDS},
        extract(epoch from (least(${now.toISOString()}::timestamptz, ${closes.toISOString()}::timestamptz)
          - greatest(${liveAttendance.lastBeatAt}, ${new Date(start).toISOString()}::timestamptz)))))::int`,
      lastBeatAt: now,
    })
    .where(and(eq(liveAttendance.sessionId, sessionId), eq(liveAttendance.accountId, account.id)))
    .returning({ seconds: liveAttendance.seconds });
  if (!row) return badRequest('Join the session first.');
  return row.seconds;
}

/** `POST /live/attendance/mark`: the tutor marks a member present or absent by hand (null: back to automatic). */
export async function markAttendance(
  db: Db,
  tutor: Account,
  input: { sessionId: number; studentId: number; present: boolean | null },
): Promise<void> {
  const found = await ownSession(db, tutor, input.sessionId);
  if (!(await isMember(db, found.cohort.id, input.studentId)))
    badRequest('This student is not in the cohort.');
  await db
    .insert(liveAttendance)
    .values({ sessionId: input.sessionId, accountId: input.studentId, markedPresent: input.present })
    .onConflictDoUpdate({
      target: [liveAttendance.sessionId, liveAttendance.accountId],
      set: { markedPresent: input.present },
    });
}
