import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

export const transcriptKeys = {
  search: (courseId: number, query: string) => ['transcript-search', courseId, query] as const,
};

/** The cues of the course's captions holding every word of `query` (nothing is asked before a search). */
export function useTranscriptSearch(courseId: number, query: string) {
  return useQuery({
    queryKey: transcriptKeys.search(courseId, query),
    queryFn: ({ signal }) => callOp('transcriptSearch', { courseId, query }, { signal }),
    enabled: query.length > 0,
    retry: false,
  });
}
