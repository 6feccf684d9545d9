/** Browser storage keys (spec §3). */
export const KEYS = {
  token: 'token',
  email: 'email',
  role: 'role',
  user: 'user',
  /** The account's full name (beyond the spec's keys): the header and welcome lines greet by it. */
  name: 'name',
  tokenExpiration: 'tokenExpiration',
  resetEmail: 'resetEmail',
  courseData: 'courseData',
  cart: 'cart',
  /** The chosen language (docs/i18n.md); the `lang` cookie carries it to the server too. */
  language: 'language',
} as const;
