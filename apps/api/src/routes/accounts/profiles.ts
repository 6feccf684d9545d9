import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminResponse,
  ZStaffResponse,
  ZStaffUpdateRequest,
  ZUserUpdateRequest,
  ZUserUpdateResponse,
} from '@app/contract/accounts';
import { EP } from '@app/contract/endpoints';
import {
  listBankAccounts,
  updateStudentProfile,
  updateTutorSettings,
} from '../../commands/update-profile.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { toAdminDto, toStaffDto, toUserDto } from '../../presenters/account.ts';

/** The caller's own profile: /user/update, /staff/staffid, /staff/update and /admin/adminid. */
export default async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.ctx.db, jwtSecret: app.ctx.config.jwtSecret };
  const secured = { tags: ['accounts'], security: [{ apiKey: [] }] };

  r.post(
    EP.userUpdate,
    {
      schema: {
        summary: "Update the student's profile",
        description: 'Without `userName`, a user name that was the old email follows the new email.',
        body: ZUserUpdateRequest,
        response: { 200: ZUserUpdateResponse },
        ...secured,
      },
      preValidation: requireRole(deps, 'user'),
    },
    async (req) => {
      const account = await updateStudentProfile(deps.db, currentAccount(req), req.body);
      return { responseDto: ok('Profile updated successfully'), userDto: toUserDto(account) };
    },
  );

  r.get(
    EP.staffId,
    {
      schema: {
        summary: "The tutor's own profile and bank accounts",
        response: { 200: ZStaffResponse },
        ...secured,
      },
      preValidation: requireRole(deps, 'tutor'),
    },
    async (req) => {
      const account = currentAccount(req);
      const banks = await listBankAccounts(deps.db, account.id);
      return { responseDto: ok(), staffDto: toStaffDto(account, banks) };
    },
  );

  r.post(
    EP.staffUpdate,
    {
      schema: {
        summary: "Update the tutor's settings",
        description: '`accountDetailDtoList` replaces all of the bank accounts (send [] to remove them).',
        body: ZStaffUpdateRequest,
        response: { 200: ZStaffResponse },
        ...secured,
      },
      preValidation: requireRole(deps, 'tutor'),
    },
    async (req) => {
      const { account, banks } = await updateTutorSettings(deps.db, currentAccount(req), req.body);
      return { responseDto: ok('Account details saved successfully'), staffDto: toStaffDto(account, banks) };
    },
  );

  r.get(
    EP.adminId,
    {
      schema: { summary: "The admin's own profile", response: { 200: ZAdminResponse }, ...secured },
      preValidation: requireRole(deps, 'admin'),
    },
    async (req) => ({ responseDto: ok(), adminDto: toAdminDto(currentAccount(req)) }),
  );
}
