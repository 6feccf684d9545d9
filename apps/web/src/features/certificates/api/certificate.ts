import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE } from '@app/contract/endpoints';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { callOp } from '@/lib/api.ts';

/** Keys of the public certificate answers. */
export const certificateKeys = {
  one: (code: string) => ['certificate', code] as const,
};

/** A certificate's public verification, asked as a guest whoever is signed in (the server's render prefetches it). */
export function certificateQuery(code: string) {
  return queryOptions({
    queryKey: certificateKeys.one(code),
    queryFn: ({ signal }) => callOp('certificateGet', undefined, { params: { code }, auth: false, signal }),
    retry: (count, error) => count < 1 && !(error as { status?: number }).status,
    // A refusal the page was rendered with (an unknown code: the 404 page) stays; asking again is the page's Retry.
    retryOnMount: false,
  });
}

export function useCertificate(code: string) {
  return useQuery(certificateQuery(code));
}

/** The certificate's A4 PDF (public). */
export const certificatePdfUrl = (code: string) =>
  `${API_BASE}${fillPath(PLAIN_ROUTES.certificatePdf.path, { code })}`;

/** The verification page's address, to share. */
export const verificationUrl = (origin: string, code: string) =>
  `${origin}/certificate/${encodeURIComponent(code)}`;
