import type { Tx } from '../db/client.ts';
import { quizQuestions, quizzes } from '../db/schema-learning.ts';
import { checkQuestion, type QuestionInput } from './quizzes-rules.ts';

/** The demo course's quiz: one question of each type, checked by the same rules as a tutor's save. */
const DEMO_QUIZ = {
  title: 'Kubernetes check',
  passPercent: 70,
  maxAttempts: 0,
  shuffle: true,
  questions: [
    {
      type: 'single',
      text: 'What is the smallest unit Kubernetes schedules?',
      options: [
        { text: 'A pod', correct: true },
        { text: 'A node', correct: false },
        { text: 'A service', correct: false },
      ],
      points: 1,
      explanation: 'Containers run inside pods; the scheduler places pods on nodes.',
    },
    {
      type: 'multiple',
      text: 'Which of these keep an app reachable while it is updated?',
      options: [
        { text: 'A rolling update', correct: true },
        { text: 'A readiness probe', correct: true },
        { text: 'Deleting every pod at once', correct: false },
      ],
      points: 1,
      explanation: 'Rolling updates replace pods a few at a time, and readiness probes hold traffic back.',
    },
    {
      type: 'truefalse',
      text: 'A Service gives a set of pods one stable address.',
      options: [
        { text: 'True', correct: true },
        { text: 'False', correct: false },
      ],
      points: 1,
      explanation: null,
    },
    {
      type: 'short',
      text: 'Which command-line tool talks to a Kubernetes cluster?',
      options: [],
      accepted: ['kubectl'],
      points: 1,
      explanation: 'kubectl sends your requests to the cluster’s API server.',
    },
  ] satisfies QuestionInput[],
};

/** Adds the demo quiz at the end of a section of the demo course (seed-demo.ts). */
export async function addDemoQuiz(tx: Tx, courseId: number, sectionId: number): Promise<void> {
  const { questions, ...fields } = DEMO_QUIZ;
  const [quiz] = await tx
    .insert(quizzes)
    .values({ ...fields, courseId, sectionId, position: 1 })
    .returning({ id: quizzes.id });
  await tx.insert(quizQuestions).values(
    questions.map((q, i) => {
      const { id: _id, ...checked } = checkQuestion(q, i + 1, new Set());
      return { ...checked, quizId: quiz!.id, position: i + 1 };
    }),
  );
}
