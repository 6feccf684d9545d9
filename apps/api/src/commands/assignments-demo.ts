import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { assignments, submissions, type RubricCriterion } from '../db/schema-assignments.ts';

const RUBRIC: RubricCriterion[] = [
  {
    id: 1,
    title: 'The image builds and runs',
    levels: [
      { id: 1, title: 'Does not build', points: 0 },
      { id: 2, title: 'Builds, fails to start', points: 4 },
      { id: 3, title: 'Builds and runs', points: 8 },
    ],
  },
  {
    id: 2,
    title: 'A small, safe image',
    levels: [
      { id: 4, title: 'Large, runs as root', points: 0 },
      { id: 5, title: 'Slim base or non-root user', points: 3 },
      { id: 6, title: 'Multi-stage, slim and non-root', points: 6 },
    ],
  },
];

/**
 * The demo course's graded work (docs/assignments.md): an assignment with a rubric that the demo student passed,
 * with the demo tutor's feedback, and a second one they submitted that waits in the demo tutor's grading queue.
 */
export async function addDemoAssignments(
  tx: Tx,
  input: { courseId: number; sectionId: number; tutorId: number; studentId: number },
): Promise<void> {
  const common = {
    courseId: input.courseId,
    sectionId: input.sectionId,
    grading: 'rubric' as const,
    rubric: RUBRIC,
  };
  const [graded, waiting] = await tx
    .insert(assignments)
    .values([
      {
        ...common,
        position: 1,
        title: 'Containerise the sample app',
        instructions:
          'Write a Dockerfile for the sample app from this section, build it and run it.\n' +
          'Paste a link to your repository. Docker’s guide helps: https://docs.docker.com/build/building/best-practices/',
        submissionType: 'link',
        passPoints: 8,
        maxResubmissions: 1,
        requiredForCertificate: true,
      },
      {
        ...common,
        position: 2,
        title: 'Explain your pipeline',
        instructions: 'In a few paragraphs, explain each stage of your CI pipeline and why it is there.',
        submissionType: 'text',
        passPoints: 8,
        maxResubmissions: 1,
        requiredForCertificate: false,
      },
    ])
    .returning({ id: assignments.id });
  await tx.insert(submissions).values([
    {
      assignmentId: graded!.id,
      studentId: input.studentId,
      attemptNo: 1,
      status: 'passed',
      link: 'https://github.com/demo-student/sample-app',
      submittedAt: sql`now() - interval '3 days'`,
      gradedById: input.tutorId,
      gradedAt: sql`now() - interval '2 days'`,
      scores: [
        { criterionId: 1, levelId: 3, points: 8 },
        { criterionId: 2, levelId: 5, points: 3 },
      ],
      score: 11,
      scoreOutOf: 14,
      feedback:
        'The image builds and runs first time. Next step: a multi-stage build would drop the compiler from the ' +
        'final image and make it much smaller.',
    },
    {
      assignmentId: waiting!.id,
      studentId: input.studentId,
      attemptNo: 1,
      status: 'submitted',
      text:
        'My pipeline has three stages. Lint catches style problems in seconds. Test runs the unit tests on every ' +
        'push. Deploy builds the image and ships it only from the main branch, after the tests pass.',
      submittedAt: sql`now() - interval '1 day'`,
    },
  ]);
}
