import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '@app/contract/courses';
import { callOp } from '@/lib/api.ts';
import { adminKeys } from '@/lib/queries/admin.ts';
import { ADMIN_PAGE_SIZE } from './all-courses.ts';

/** Searches every course; the admin token is sent so Pending and Rejected courses are found too. */
export function searchCourses(search: string, pageNo: number, signal?: AbortSignal) {
  return callOp('courseSearch', { search, pageSize: ADMIN_PAGE_SIZE, pageNo }, { signal });
}

/** Runs only for a term of at least SEARCH_MIN_LENGTH characters (spec §5). */
export function useAdminCourseSearch(term: string, pageNo: number) {
  const search = term.trim();
  return useQuery({
    queryKey: adminKeys.search(search, pageNo),
    queryFn: ({ signal }) => searchCourses(search, pageNo, signal),
    enabled: search.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
