import { createHmac, timingSafeEqual } from 'node:crypto';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';

/** An HMAC of `subject` keyed from the JWT secret: the signature of a link that needs no sign-in. */
const linkSignature = (jwtSecret: string, subject: string): string =>
  createHmac('sha256', jwtSecret).update(subject).digest('base64url');

/** Whether `sig` is the link signature of `subject` (constant time). */
function validLinkSignature(jwtSecret: string, subject: string, sig: unknown): boolean {
  if (typeof sig !== 'string') return false;
  const expected = Buffer.from(linkSignature(jwtSecret, subject));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The signature of an order's receipt link (`?sig=`): an HMAC of the reference keyed from the JWT secret, so the
 * purchase email's link opens the receipt without a sign-in, and only for that order.
 */
export const receiptSignature = (jwtSecret: string, reference: string): string =>
  linkSignature(jwtSecret, `receipt:${reference}`);

/** Whether `sig` is the receipt signature of `reference` (constant time). */
export const validReceiptSignature = (jwtSecret: string, reference: string, sig: unknown): boolean =>
  validLinkSignature(jwtSecret, `receipt:${reference}`, sig);

/** The receipt's path under the API base, signed: `/order/<reference>/receipt.pdf?sig=…`. */
export function signedReceiptPath(jwtSecret: string, reference: string): string {
  return `${fillPath(PLAIN_ROUTES.orderReceipt.path, { reference })}?sig=${receiptSignature(jwtSecret, reference)}`;
}

/** Whether `sig` signs the payment link of the instalment (only this instalment, without a sign-in). */
export const validInstalmentLinkSignature = (
  jwtSecret: string,
  instalmentId: number,
  sig: unknown,
): boolean => validLinkSignature(jwtSecret, `instalment:${instalmentId}`, sig);

/** A reminder's payment link under the API base: `/plan/instalment/<id>/pay?sig=…`. */
export function signedInstalmentPayPath(jwtSecret: string, instalmentId: number): string {
  return `${fillPath(PLAIN_ROUTES.instalmentPayLink.path, { id: instalmentId })}?sig=${linkSignature(jwtSecret, `instalment:${instalmentId}`)}`;
}

/**
 * A referral visit's attribution as the browser keeps it (`<visit id>.<signature>`): only the server makes one, so a
 * client cannot claim a visit it did not make, nor choose its time or course.
 */
export const referralAttribution = (jwtSecret: string, visitId: number): string =>
  `${visitId}.${linkSignature(jwtSecret, `referral:${visitId}`)}`;

/** The visit an attribution names when its signature is right; null for anything else (never an error). */
export function referralVisitIdOf(jwtSecret: string, attribution: unknown): number | null {
  if (typeof attribution !== 'string') return null;
  const m = /^(\d{1,10})\.([\w-]{1,100})$/.exec(attribution);
  if (!m) return null;
  const id = Number(m[1]);
  if (id < 1 || id > 2_147_483_647) return null;
  return validLinkSignature(jwtSecret, `referral:${id}`, m[2]) ? id : null;
}
