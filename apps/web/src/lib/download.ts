import { API_BASE } from '@app/contract/endpoints';
import { ApiError } from './api.ts';
import { t } from './i18n/index.ts';
import { getToken } from './session.ts';

/**
 * Downloads a file of the API that needs the `apiKey` header, so a plain link would not do: the file is fetched,
 * then saved as `filename` through an object URL. A refusal rejects with the ApiError (the server's sentence).
 */
export async function downloadWithKey(path: string, filename: string): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { headers: token ? { apiKey: token } : {} });
  } catch {
    throw new ApiError(0, t('common.networkError'), null);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const message = (body as { responseDto?: { message?: string } } | null)?.responseDto?.message;
    throw new ApiError(res.status, message ?? res.statusText, body);
  }
  saveBlob(await res.blob(), filename);
}

/** Saves `blob` as `filename` through an object URL (a link clicked, then the URL freed once the save started). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
