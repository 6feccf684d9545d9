import { useAllTutorCourses } from '@/lib/queries/tutor-courses.ts';
import { useAssisting } from '../api/grading.ts';

/** A course the signed-in tutor grades: their own, or one they assist on. */
export type GradedCourse = { id: number; title: string; assisting: boolean };

/** The tutor's own courses and those they assist on, own first: the courses a grading screen offers. */
export function useGradedCourses() {
  const own = useAllTutorCourses();
  const assisting = useAssisting();
  const courses: GradedCourse[] = [
    ...(own.data ?? []).map((c) => ({ id: c.id, title: c.title, assisting: false })),
    ...(assisting.data?.courses ?? []).map((c) => ({ id: c.id, title: c.title, assisting: true })),
  ];
  return {
    courses,
    isPending: own.isPending || assisting.isPending,
    isError: own.isError && assisting.isError,
    refetch: () => Promise.all([own.refetch(), assisting.refetch()]),
  };
}
