import { createHmac, timingSafeEqual } from 'node:crypto';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';

/**
 * The signature of an order's receipt link (`?sig=`): an HMAC of the reference keyed from the JWT secret, so the
 * purchase email's link opens the receipt without a sign-in, and only for that order.
 */
export function receiptSignature(jwtSecret: string, reference: string): string {
  return createHmac('sha256', jwtSecret).update(`receipt:${reference}`).digest('base64url');
}

/** Whether `sig` is the receipt signature of `reference` (constant time). */
export function validReceiptSignature(jwtSecret: string, reference: string, sig: unknown): boolean {
  if (typeof sig !== 'string') return false;
  const expected = Buffer.from(receiptSignature(jwtSecret, reference));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The receipt's path under the API base, signed: `/order/<reference>/receipt.pdf?sig=…`. */
export function signedReceiptPath(jwtSecret: string, reference: string): string {
  return `${fillPath(PLAIN_ROUTES.orderReceipt.path, { reference })}?sig=${receiptSignature(jwtSecret, reference)}`;
}
