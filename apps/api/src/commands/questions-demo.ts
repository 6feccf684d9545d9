import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { sections, series } from '../db/schema.ts';
import { announcements, answers, postVotes, questions } from '../db/schema-qa.ts';

const MINUTE = 60_000;

/**
 * The demo course's Q&A: a lesson question with the tutor's accepted answer, a course-wide one with a student's
 * answer, one still waiting in the tutor's inbox, and a welcome announcement.
 */
export async function addDemoQuestions(
  tx: Tx,
  ids: { courseId: number; tutorId: number; studentId: number },
): Promise<void> {
  const { courseId, tutorId, studentId } = ids;
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
  // The course's lesson at `position` of its first section, found inside the insert.
  const lesson = (position: number) =>
    sql`(select ${series.id} from ${series} join ${sections} on ${sections.id} = ${series.sectionId}
         where ${sections.courseId} = ${courseId} order by ${sections.position}, ${series.position}
         offset ${position - 1} limit 1)`;
  const [pods, order] = await tx
    .insert(questions)
    .values([
      {
        courseId,
        seriesId: lesson(2),
        authorId: studentId,
        title: 'What is the difference between a pod and a deployment?',
        body: 'In the video both seem to run my container.\nWhen should I write a Deployment instead of a Pod?',
        votes: 1,
        answerCount: 1,
        createdAt: at(3 * 24 * 60),
        firstTutorAnswerAt: at(3 * 24 * 60 - 42),
      },
      {
        courseId,
        seriesId: null,
        authorId: studentId,
        title: 'Which Kubernetes version does the course use?',
        body: 'I have minikube 1.33 installed. Is that recent enough for every lesson?',
        answerCount: 1,
        createdAt: at(2 * 24 * 60),
        firstTutorAnswerAt: at(2 * 24 * 60 - 95),
      },
      {
        courseId,
        seriesId: lesson(1),
        authorId: studentId,
        title: 'Can you share the slides?',
        body: 'It would help to review them before the quiz.',
        createdAt: at(90),
      },
    ])
    .returning({ id: questions.id });
  const [accepted] = await tx
    .insert(answers)
    .values([
      {
        questionId: pods!.id,
        authorId: tutorId,
        body:
          'A Pod runs your containers once. A Deployment keeps the number of Pods you ask for running, replaces ' +
          'them when they fail and rolls out new versions. In practice you almost always write a Deployment.',
        votes: 1,
        createdAt: at(3 * 24 * 60 - 42),
      },
      {
        questionId: order!.id,
        authorId: tutorId,
        body: 'Yes: every lesson works on Kubernetes 1.28 or later, and minikube 1.33 ships 1.30.',
        createdAt: at(2 * 24 * 60 - 95),
      },
    ])
    .returning({ id: answers.id });
  await tx
    .update(questions)
    .set({ acceptedAnswerId: accepted!.id })
    .where(sql`${questions.id} = ${pods!.id}`);
  await tx.insert(postVotes).values([
    { postKind: 'question', postId: pods!.id, accountId: tutorId },
    { postKind: 'answer', postId: accepted!.id, accountId: studentId },
  ]);
  await tx.insert(announcements).values({
    courseId,
    tutorId,
    title: 'Welcome to Kubernetes for Beginners',
    body: 'Ask on any lesson in the Q&A tab: I answer every question within a day.',
    createdAt: at(7 * 24 * 60),
  });
}
