import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

/** Keys of the student's certificates. */
export const myCertificateKeys = {
  all: ['my-certificates'] as const,
};

/** The student's valid certificates by course id: their codes. */
export function useMyCertificates() {
  return useQuery({
    queryKey: myCertificateKeys.all,
    queryFn: ({ signal }) => callOp('certificateList', {}, { signal }),
    // A certificate is issued by a quiz or a lesson elsewhere in the app: ask again on each visit.
    staleTime: 0,
    select: (r) =>
      new Map(r.certificates.filter((c) => c.status === 'valid').map((c) => [c.courseId, c.code] as const)),
  });
}
