import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { assistantInvites, courseAssistants } from '../db/schema-assignments.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { localeOf, translator } from '../i18n/index.ts';
import { mayBecomeAssistant } from '../policies/assistant.ts';
import { inviteByHash, tutorByEmail } from '../queries/assistants.ts';
import { feedTokenHash } from './calendar.ts';
import { notify } from './notify.ts';

/** The web app's page where a signed-in tutor accepts an invitation (a new one signs up first). */
export const assistantInvitePath = (token: string) => `/tutor/assist?token=${token}`;

/**
 * `POST /assistant/invite`: an email that is a tutor account's adds that tutor to the course at once (told in the
 * app and by email); any other email gets an invitation to sign up as a tutor and accept it (only the token's
 * SHA-256 is kept). The course's own tutor cannot be its assistant (400); an assistant already is one (409).
 */
export async function inviteAssistant(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  inviter: { id: number; language?: string | null },
  course: { id: number; tutorId: number; title: string },
  email: string,
): Promise<{ added: boolean }> {
  const tutor = await tutorByEmail(ctx.db, email);
  if (tutor) {
    if (!mayBecomeAssistant({ id: tutor.id, role: 'tutor' }, course))
      badRequest("The course's own tutor cannot be its assistant.");
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(courseAssistants)
        .values({ courseId: course.id, accountId: tutor.id, invitedById: inviter.id })
        .onConflictDoNothing()
        .returning({ id: courseAssistants.accountId });
      if (!row) conflict(`${tutor.fullName} is already an assistant on this course.`);
      await notify(tx, [
        {
          accountId: tutor.id,
          type: 'assistant-added',
          message: { key: 'notice.assistantAdded', values: { title: course.title } },
          link: '/tutor/grading',
        },
      ]);
    });
    return { added: true };
  }
  const token = randomBytes(24).toString('base64url');
  await ctx.db
    .insert(assistantInvites)
    .values({ courseId: course.id, email, tokenHash: feedTokenHash(token), invitedById: inviter.id });
  // Nobody has this address as a tutor yet: the invite is written in the inviter's language.
  const t = translator(localeOf(inviter.language));
  await ctx.mailer.send({
    to: email,
    subject: t('email.subject.assistantInvite'),
    text: [
      t('email.assistantInvite.body', { title: course.title }),
      '',
      t('email.assistantInvite.open'),
      `${ctx.config.publicUrl}${assistantInvitePath(token)}`,
    ].join('\n'),
  });
  return { added: false };
}

/**
 * `POST /assistant/accept`: the signed-in tutor whose email the invitation was sent to becomes the course's
 * assistant, once. Another account gets a 403; a used or unknown token a 404.
 */
export async function acceptInvite(
  ctx: Pick<AppContext, 'db'>,
  tutor: { id: number; email: string; role: string },
  token: string,
): Promise<{ courseId: number; courseTitle: string }> {
  const found = await inviteByHash(ctx.db, feedTokenHash(token));
  if (!found || found.invite.acceptedAt) return notFound('This invitation is not valid any more.');
  if (found.invite.email.toLowerCase() !== tutor.email.toLowerCase())
    forbidden('This invitation was sent to another email address.');
  if (!mayBecomeAssistant(tutor, { tutorId: found.tutorId }))
    badRequest("The course's own tutor cannot be its assistant.");
  await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(assistantInvites)
      .set({ acceptedAt: new Date() })
      .where(and(eq(assistantInvites.id, found.invite.id), isNull(assistantInvites.acceptedAt)))
      .returning({ id: assistantInvites.id });
    if (!used) notFound('This invitation is not valid any more.');
    await tx
      .insert(courseAssistants)
      .values({ courseId: found.invite.courseId, accountId: tutor.id, invitedById: found.invite.invitedById })
      .onConflictDoNothing();
  });
  return { courseId: found.invite.courseId, courseTitle: found.courseTitle };
}

/** `POST /assistant/remove`: the assistant stops at once; their grades keep their name. */
export async function removeAssistant(ctx: Pick<AppContext, 'db'>, courseId: number, accountId: number) {
  const [row] = await ctx.db
    .delete(courseAssistants)
    .where(and(eq(courseAssistants.courseId, courseId), eq(courseAssistants.accountId, accountId)))
    .returning({ id: courseAssistants.accountId });
  if (!row) notFound('This person is not an assistant on this course.');
}
