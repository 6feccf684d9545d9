import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '@app/contract/endpoints';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { callOp } from '@/lib/api.ts';

/** Keys of the public certificate answers. */
export const certificateKeys = {
  one: (code: string) => ['certificate', code] as const,
};

/**
 * A certificate's public verification. Asked as a guest, so the answer the server embedded in the page is taken
 * first (no second round trip) whoever is signed in.
 */
export function useCertificate(code: string) {
  return useQuery({
    queryKey: certificateKeys.one(code),
    queryFn: ({ signal }) => callOp('certificateGet', undefined, { params: { code }, auth: false, signal }),
    retry: (count, error) => count < 1 && !(error as { status?: number }).status,
  });
}

/** The certificate's A4 PDF (public). */
export const certificatePdfUrl = (code: string) =>
  `${API_BASE}${fillPath(PLAIN_ROUTES.certificatePdf.path, { code })}`;

/** The verification page's address, to share. */
export const verificationUrl = (code: string) =>
  `${window.location.origin}/certificate/${encodeURIComponent(code)}`;
