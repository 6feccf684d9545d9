import type { FastifyInstance } from 'fastify';
import { isLocale } from '@app/contract/locales';
import {
  setAccountLanguage,
  updateStudentProfile,
  updateTutorSettings,
} from '../../commands/update-profile.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { toAdminDto, toStaffDto, toUserDto } from '../../presenters/account.ts';
import { listBankAccounts } from '../../queries/accounts.ts';
import { opRoute } from '../op-route.ts';

/** The caller's own profile: /user/update, /staff/staffid, /staff/update, /admin/adminid and the account's language. */
export default async function profileRoutes(app: FastifyInstance) {
  const deps = { db: app.ctx.db, jwtSecret: app.ctx.config.jwtSecret };
  const tag = 'accounts';

  opRoute(
    app,
    'userUpdate',
    {
      tag,
      summary: "Update the student's profile",
      description: 'Without `userName`, a user name that was the old email follows the new email.',
      auth: requireRole(deps, 'user'),
    },
    async (req) => {
      const account = await updateStudentProfile(deps.db, currentAccount(req), req.body);
      return { responseDto: ok('Profile updated successfully'), userDto: toUserDto(account) };
    },
  );

  opRoute(
    app,
    'staffId',
    { tag, summary: "The tutor's own profile and bank accounts", auth: requireRole(deps, 'tutor') },
    async (req) => {
      const account = currentAccount(req);
      const banks = await listBankAccounts(deps.db, account.id);
      return { responseDto: ok(), staffDto: toStaffDto(account, banks) };
    },
  );

  opRoute(
    app,
    'staffUpdate',
    {
      tag,
      summary: "Update the tutor's settings",
      description: '`accountDetailDtoList` replaces all of the bank accounts (send [] to remove them).',
      auth: requireRole(deps, 'tutor'),
    },
    async (req) => {
      const { account, banks } = await updateTutorSettings(app.ctx, currentAccount(req), req.body);
      return { responseDto: ok('Account details saved successfully'), staffDto: toStaffDto(account, banks) };
    },
  );

  const anyone = requireRole(deps, 'user', 'tutor', 'admin');
  opRoute(
    app,
    'languageGet',
    { tag, summary: "The language saved on the caller's account (null until chosen)", auth: anyone },
    async (req) => {
      const language = currentAccount(req).language;
      return { responseDto: ok(), language: isLocale(language) ? language : null };
    },
  );
  opRoute(
    app,
    'languageUpdate',
    { tag, summary: "Save the app's language on the caller's account", auth: anyone },
    async (req) => {
      await setAccountLanguage(deps.db, currentAccount(req).id, req.body.language);
      return { responseDto: ok('Language saved'), language: req.body.language };
    },
  );

  opRoute(
    app,
    'adminId',
    { tag, summary: "The admin's own profile", auth: requireRole(deps, 'admin') },
    async (req) => ({ responseDto: ok(), adminDto: toAdminDto(currentAccount(req)) }),
  );
}
