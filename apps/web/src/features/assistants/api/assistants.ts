import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

/** Keys of a course's assistants and invitations, and of the courses the tutor assists on. */
export const assistantKeys = {
  ofCourse: (courseId: number) => ['assistants', courseId] as const,
  assisting: ['grading', 'assisting'] as const,
};

/** A course's assistants and the invitations not accepted yet (the course's tutor). */
export function useAssistants(courseId: number | null) {
  return useQuery({
    queryKey: assistantKeys.ofCourse(courseId ?? 0),
    queryFn: ({ signal }) => callOp('assistantList', { courseId: courseId! }, { signal }),
    enabled: courseId !== null,
    staleTime: 0,
  });
}

export function useInviteAssistant(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => callOp('assistantInvite', { courseId, email }),
    onSuccess: () => client.invalidateQueries({ queryKey: assistantKeys.ofCourse(courseId) }),
  });
}

export function useRemoveAssistant(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (accountId: number) => callOp('assistantRemove', { courseId, accountId }),
    onSuccess: () => client.invalidateQueries({ queryKey: assistantKeys.ofCourse(courseId) }),
  });
}

/** Accepts an invitation: the signed-in tutor becomes an assistant; the courses they assist on are read again. */
export function useAcceptInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callOp('assistantAccept', { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: assistantKeys.assisting }),
  });
}
