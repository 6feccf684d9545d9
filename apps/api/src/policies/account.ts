import { badRequest } from '../errors.ts';

/**
 * Login accepts an email or a user name, so a user name that looks like an email must be the account's own:
 * otherwise someone could claim another person's address and block their sign-up.
 */
export function assertUserNameAllowed(userName: string, ownEmail: string) {
  if (userName.includes('@') && userName.toLowerCase() !== ownEmail.toLowerCase()) {
    return badRequest('A user name that contains @ must be your own email address.');
  }
}
