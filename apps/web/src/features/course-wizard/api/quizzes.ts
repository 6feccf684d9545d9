import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TQuizInput, TQuizSaveRequest } from '@app/contract/quizzes';
import { callOp } from '@/lib/api.ts';
import { afterTutorCourseWrite } from '@/lib/queries/tutor-courses.ts';

/** Keys of the quizzes the tutor edits (the full quiz, right answers included). */
export const editQuizKeys = {
  all: ['edit-quiz'] as const,
  one: (quizId: number) => ['edit-quiz', quizId] as const,
};

export const saveQuiz = (body: TQuizSaveRequest) => callOp('quizSave', body);

/** One quiz as its tutor edits it: always fresh, never kept. */
export function useEditQuiz(quizId: number | null) {
  return useQuery({
    queryKey: editQuizKeys.one(quizId ?? 0),
    queryFn: ({ signal }) => callOp('quizGet', { quizId: quizId! }, { signal }),
    enabled: quizId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Saves a quiz; the course's outline (its sections' quizzes) is fetched again. */
export function useSaveQuiz(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveQuiz,
    onSuccess: () => afterTutorCourseWrite(client, courseId),
  });
}

export function useDeleteQuiz(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quizId: number) => callOp('quizDelete', { quizId }),
    onSuccess: () => afterTutorCourseWrite(client, courseId),
  });
}

/**
 * The wizard's quizzes, saved once the course exists: each into the created course's section at the same place.
 * Answers how many could not be saved.
 */
export async function saveWizardQuizzes(
  course: { id: number; sectionDto: { id: number }[] },
  quizzesBySection: TQuizInput[][],
): Promise<number> {
  let failed = 0;
  for (const [i, quizzes] of quizzesBySection.entries()) {
    const sectionId = course.sectionDto[i]?.id;
    for (const quiz of quizzes) {
      if (sectionId === undefined) {
        failed++;
        continue;
      }
      await saveQuiz({ courseId: course.id, sectionId, quiz }).catch(() => failed++);
    }
  }
  return failed;
}
