import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TCourseResponse, TCoursesPageResponse, TProcessCourseRequest } from '@app/contract/courses';
import { callOp } from '@/lib/api.ts';
import { adminKeys } from '@/lib/queries/admin.ts';
import { reviewHistoryKey } from '@/lib/queries/review-history.ts';
import { adminCourseKey } from './get-course.ts';

/** Sets a course's status (Pending, Approved or Rejected). */
export function processCourse(req: TProcessCourseRequest & { id: number }) {
  return callOp('processCourse', req);
}

type Snapshot = [QueryKey, unknown][];

/**
 * Changes the status optimistically in every cached list and detail, so the table shows it at once; rolls back
 * when the server refuses, and refetches the lists and the dashboard afterwards.
 */
export function useProcessCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: processCourse,
    onMutate: async ({ id, status }) => {
      await qc.cancelQueries({ queryKey: adminKeys.courses });
      await qc.cancelQueries({ queryKey: adminCourseKey(id) });
      const snapshot: Snapshot = [
        ...qc.getQueriesData({ queryKey: adminKeys.courses }),
        ...qc.getQueriesData({ queryKey: adminCourseKey(id) }),
      ];
      qc.setQueriesData<TCoursesPageResponse>({ queryKey: adminKeys.courses }, (page) =>
        page
          ? { ...page, coursesDtos: page.coursesDtos.map((c) => (c.id === id ? { ...c, status } : c)) }
          : page,
      );
      qc.setQueryData<TCourseResponse>(adminCourseKey(id), (res) =>
        res ? { ...res, coursesDto: { ...res.coursesDto, status } } : res,
      );
      return snapshot;
    },
    onError: (_err, _req, snapshot) => {
      snapshot?.forEach(([key, data]) => qc.setQueryData(key, data));
    },
    // A loaded detail is not refetched: new signed links would restart a video the admin is watching. One whose
    // first fetch was cancelled above has no data and would never load again, so that one is fetched.
    onSettled: async (_res, _err, { id }) => {
      await qc.invalidateQueries({ queryKey: adminKeys.courses });
      await qc.invalidateQueries({ queryKey: adminKeys.dashboard });
      await qc.invalidateQueries({ queryKey: reviewHistoryKey(id) });
      await qc.refetchQueries({ queryKey: adminCourseKey(id), predicate: (q) => q.state.data === undefined });
    },
  });
}
