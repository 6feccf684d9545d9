import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TQuizResponse, TQuizSubmitRequest } from '@app/contract/quizzes';
import { callOp } from '@/lib/api.ts';
import { userCoursesKeys } from '@/lib/queries/user-courses.ts';

/** Keys of the quizzes a student takes and of a course's quiz statistics. */
export const quizKeys = {
  all: ['quiz'] as const,
  one: (quizId: number) => ['quiz', quizId] as const,
  stats: (courseId: number) => ['quiz-stats', courseId] as const,
};

/** A quiz to take: its questions without any sign of the right answers, and the student's attempts so far. */
export function useQuiz(quizId: number) {
  return useQuery({
    queryKey: quizKeys.one(quizId),
    queryFn: ({ signal }) => callOp('quizGet', { quizId }, { signal }),
    enabled: Number.isInteger(quizId) && quizId > 0,
    // A shuffled quiz comes in a new order each time: keep the order while the student answers.
    staleTime: Infinity,
    retry: (count, error) => count < 1 && !(error as { status?: number }).status,
  });
}

/**
 * Submits an attempt. The quiz's kept copy takes the new standing (attempts, best score, passed) at once, in the
 * order the student sees; My courses (progress, certificates) may change with it.
 */
export function useSubmitQuiz() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TQuizSubmitRequest) => callOp('quizSubmit', body),
    onSuccess: (result, body) => {
      client.setQueryData<TQuizResponse>(quizKeys.one(Number(body.quizId)), (kept) =>
        kept
          ? {
              ...kept,
              quiz: {
                ...kept.quiz,
                attemptsUsed: kept.quiz.attemptsUsed + 1,
                attemptsLeft: result.attemptsLeft,
                bestPercent: Math.max(kept.quiz.bestPercent ?? 0, result.percent),
                passed: kept.quiz.passed || result.passed,
              },
            }
          : kept,
      );
      return client.invalidateQueries({ queryKey: userCoursesKeys.all });
    },
  });
}

/** The tutor's statistics of a course's quizzes: attempts, pass rate, share right per question. */
export function useQuizStats(courseId: number) {
  return useQuery({
    queryKey: quizKeys.stats(courseId),
    queryFn: ({ signal }) => callOp('quizStats', { courseId }, { signal }),
    enabled: Number.isInteger(courseId) && courseId > 0,
    staleTime: 0,
  });
}
