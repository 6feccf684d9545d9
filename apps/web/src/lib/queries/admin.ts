/**
 * Keys of the admin's answers that two admin features share: the review screens change a course's status, which
 * the dashboard counts. Each feature builds its keys from these.
 */
export const adminKeys = {
  all: ['admin'] as const,
  courses: ['admin', 'courses'] as const,
  coursesPage: (status: string, pageNo: number) => [...adminKeys.courses, status, pageNo] as const,
  search: (search: string, pageNo: number) => [...adminKeys.all, 'search', search, pageNo] as const,
  dashboard: ['admin', 'dashboard'] as const,
  me: ['admin', 'me'] as const,
};
