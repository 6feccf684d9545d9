/** Browser storage keys (spec §3). */
export const KEYS = {
  token: 'token',
  email: 'email',
  role: 'role',
  user: 'user',
  tokenExpiration: 'tokenExpiration',
  resetEmail: 'resetEmail',
  courseData: 'courseData',
  cart: 'cart',
} as const;
