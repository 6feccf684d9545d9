import type { TRole } from '@app/contract/common';

/** Tutors (for their courses) and admins may upload; students may not. */
export const mayUpload = (account: { role: TRole }): boolean =>
  account.role === 'tutor' || account.role === 'admin';

/** A course may reference an upload only of the account that made it (admins may use any). */
export const mayUseMedia = (account: { id: number; role: TRole }, media: { ownerId: number }): boolean =>
  account.role === 'admin' || media.ownerId === account.id;
