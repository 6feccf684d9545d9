import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCaptionDeleteRequest, TCaptionUploadRequest } from '@app/contract/captions';
import { callOp } from '@/lib/api.ts';

export const captionKeys = {
  course: (courseId: number) => ['captions', courseId] as const,
};

/** Every caption of the course's lessons, as its tutor manages them. */
export function useCaptions(courseId: number) {
  return useQuery({
    queryKey: captionKeys.course(courseId),
    queryFn: ({ signal }) => callOp('captionList', { courseId }, { signal }),
  });
}

export function useUploadCaption(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCaptionUploadRequest) => callOp('captionUpload', body),
    onSuccess: () => client.invalidateQueries({ queryKey: captionKeys.course(courseId) }),
  });
}

export function useDeleteCaption(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCaptionDeleteRequest) => callOp('captionDelete', body),
    onSuccess: () => client.invalidateQueries({ queryKey: captionKeys.course(courseId) }),
  });
}

/** A file's bytes in base64, as `/caption/upload` takes them. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
