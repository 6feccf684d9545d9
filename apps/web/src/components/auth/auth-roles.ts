import { EP } from '@app/contract/endpoints';
import type { Role } from '../../lib/session.ts';

/** Where each role signs in and resets its password, and which reset and change-password calls it uses. */
export const AUTH_PATHS: Record<
  Role,
  { login: string; forgot: string; reset: string; resetCall: string; changeCall: string }
> = {
  user: {
    login: '/login',
    forgot: '/forgot-password',
    reset: '/reset-password',
    resetCall: EP.userResetPassword,
    changeCall: EP.userChangePassword,
  },
  tutor: {
    login: '/tutor-login',
    forgot: '/tutor/forgot-password',
    reset: '/tutor/reset-password',
    resetCall: EP.staffResetPassword,
    changeCall: EP.staffChangePassword,
  },
  admin: {
    login: '/admin-login',
    forgot: '/admin/forgot-password',
    reset: '/admin/reset-password',
    resetCall: EP.adminResetPassword,
    changeCall: EP.adminChangePassword,
  },
};

/** Spec §9: the reset request goes to the reset page after 2 s, as does a finished reset to the login. */
export const RESET_REDIRECT_MS = 2000;
