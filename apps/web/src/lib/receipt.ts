import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { downloadWithKey } from './download.ts';

/** Downloads an order's PDF receipt. */
export const downloadReceipt = (reference: string): Promise<void> =>
  downloadWithKey(fillPath(PLAIN_ROUTES.orderReceipt.path, { reference }), `receipt-${reference}.pdf`);
