import { API_BASE } from '@app/contract/endpoints';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { ApiError } from './api.ts';
import { getToken } from './session.ts';

/**
 * Downloads an order's PDF receipt. It needs the `apiKey` header, so a plain link would not do: the file is fetched,
 * then saved through an object URL.
 */
export async function downloadReceipt(reference: string): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${fillPath(PLAIN_ROUTES.orderReceipt.path, { reference })}`, {
      headers: token ? { apiKey: token } : {},
    });
  } catch {
    throw new ApiError(0, 'Network error. Check your connection and try again.', null);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const message = (body as { responseDto?: { message?: string } } | null)?.responseDto?.message;
    throw new ApiError(res.status, message ?? res.statusText, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `receipt-${reference}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by then; the object URL's memory can go.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
