import type { FastifyInstance } from 'fastify';
import { ok } from '../../errors.ts';
import { requireRole } from '../../plugins/auth.ts';
import { presentAuditEntry } from '../../presenters/audit.ts';
import { auditActions, auditPage } from '../../queries/audit.ts';
import { opRoute } from '../op-route.ts';

/** The audit log of privileged actions, for admins: filtered by person, action and dates, newest first. */
export default async function auditRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const admin = requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'admin');

  opRoute(
    app,
    'auditList',
    {
      tag: 'audit',
      summary: 'The audit log: who did what, on which object, when, from which IP and in which request.',
      description:
        '`actor` is an account id or (part of) an email; `action` one action (`course.approved`) or a subject ' +
        '(`course`); `from`/`to` are days (YYYY-MM-DD, Lagos time), both inclusive. Newest first.',
      auth: admin,
    },
    async (req) => {
      const [page, actions] = await Promise.all([auditPage(ctx.db, req.body), auditActions(ctx.db)]);
      return {
        responseDto: ok(),
        entries: page.rows.map(presentAuditEntry),
        totalData: page.totalData,
        actions,
      };
    },
  );
}
