/** The error texts several screens show (spec §8), written once. */

/** Anything but a refusal the server explained (5xx, network): the generic fallback. */
export const GENERIC_ERROR = 'An error occurred. Please try again.';
/** A refused login. */
export const CREDENTIALS_ERROR = 'An error occurred. Please check your credentials and try again.';
