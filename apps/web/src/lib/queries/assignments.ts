import { queryOptions } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

/**
 * Keys of graded work (docs/assignments.md) that several features read: an assignment with the student's attempts,
 * a course's assignments (the player's outline, the assignment page, the edit screen), the peer reviews to do.
 */
export const assignmentKeys = {
  all: ['assignment'] as const,
  one: (id: number) => ['assignment', id] as const,
  ofCourse: (courseId: number) => ['assignment', 'course', courseId] as const,
  peerTasks: ['peer-tasks'] as const,
};

/** A course's assignments with the caller's standing on each (a student's; the staff's standing is empty). */
export const courseAssignmentsQuery = (courseId: number) =>
  queryOptions({
    queryKey: assignmentKeys.ofCourse(courseId),
    queryFn: ({ signal }) => callOp('assignmentList', { courseId }, { signal }),
    staleTime: 30_000,
  });
