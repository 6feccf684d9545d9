import type { OpName } from './operation-routes.ts';

// Zod-free, so the web's initial bundle can read it.

export const ROLES = ['user', 'tutor', 'admin'] as const;
export type TRole = (typeof ROLES)[number];

/**
 * THE table of roles: who each is (for the API's documentation), its operations (login, password reset and change)
 * and its pages in the web app (login, forgot and reset password, the area it lands in after login). The API
 * registers its per-role routes from it; the web calls and links by it.
 */
export const ROLE_TABLE = {
  user: {
    who: 'a student',
    loginOp: 'loginCustomer',
    resetOp: 'userResetPassword',
    changeOp: 'userChangePassword',
    login: '/login',
    forgot: '/forgot-password',
    reset: '/reset-password',
    area: '/',
  },
  tutor: {
    who: 'a tutor',
    loginOp: 'loginStaff',
    resetOp: 'staffResetPassword',
    changeOp: 'staffChangePassword',
    login: '/tutor-login',
    forgot: '/tutor/forgot-password',
    reset: '/tutor/reset-password',
    area: '/tutor',
  },
  admin: {
    who: 'an admin',
    loginOp: 'loginAdmin',
    resetOp: 'adminResetPassword',
    changeOp: 'adminChangePassword',
    login: '/admin-login',
    forgot: '/admin/forgot-password',
    reset: '/admin/reset-password',
    area: '/admin',
  },
} as const satisfies Record<
  TRole,
  {
    who: string;
    loginOp: OpName;
    resetOp: OpName;
    changeOp: OpName;
    login: string;
    forgot: string;
    reset: string;
    area: string;
  }
>;
