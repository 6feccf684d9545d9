import type { FastifyInstance } from 'fastify';
import { markNotificationsRead } from '../../commands/mark-read.ts';
import { ok } from '../../errors.ts';
import { localeOf } from '../../i18n/index.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { accountNotifications, unreadCount } from '../../queries/notifications.ts';
import { opRoute } from '../op-route.ts';

/** Each account's own notifications: list (newest first) and mark read. */
export default async function notificationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const anyone = requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'user', 'tutor', 'admin');
  const tag = 'notifications';

  // Written in the reader's language (their account's choice); the messages kept by key follow it.
  opRoute(app, 'notificationList', { tag, auth: anyone }, async (req) => {
    const account = currentAccount(req);
    return {
      responseDto: ok(),
      ...(await accountNotifications(ctx.db, account.id, req.body, localeOf(account.language))),
    };
  });

  opRoute(app, 'notificationRead', { tag, auth: anyone }, async (req) => {
    const account = currentAccount(req);
    const { ids } = req.body;
    await markNotificationsRead(ctx.db, account.id, ids);
    return {
      responseDto: ok('Notifications marked as read'),
      unreadCount: await unreadCount(ctx.db, account.id),
    };
  });
}
