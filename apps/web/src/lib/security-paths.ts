import type { TRole } from '@app/contract/common';

/** Each role's security and privacy screen: signed-in devices, two-factor sign-in, data export and deletion. */
export const SECURITY_PATH: Record<TRole, string> = {
  user: '/account-security',
  tutor: '/tutor/security',
  admin: '/admin/security',
};
