import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { ZDataExportParams, type TDataExportDto } from '@app/contract/security';
import { deleteAccount } from '../../commands/account-delete.ts';
import { requestExport } from '../../commands/account-export.ts';
import { auditOrigin } from '../../commands/audit.ts';
import { notFound, ok, unauthorized } from '../../errors.ts';
import { authenticate, currentAccount, requireRole } from '../../plugins/auth.ts';
import { exportById, exportsOf, type DataExport } from '../../queries/account-data.ts';
import { authRateLimit } from '../accounts/rate-limit.ts';
import { opRoute } from '../op-route.ts';

const EXPORT_GONE = 'This export does not exist or has expired. Ask for a new one.';

const toExportDto = (e: DataExport): TDataExportDto => {
  const expired =
    e.status === 'ready' && (!e.storageKey || (e.expiresAt !== null && e.expiresAt.getTime() <= Date.now()));
  return {
    id: e.id,
    status: expired ? 'expired' : e.status,
    requestedAt: e.createdAt.toISOString(),
    readyAt: e.readyAt?.toISOString() ?? null,
    expiresAt: e.expiresAt?.toISOString() ?? null,
    size: e.size,
  };
};

/** NDPA 2023: a copy of one's data (`/account/export`), and erasure (`/account/delete`). */
export default async function dataRightsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const anyone = requireRole(deps, 'user', 'tutor', 'admin');
  const tag = 'security';

  opRoute(
    app,
    'accountExport',
    {
      tag,
      summary: 'Ask for a copy of my data (a zip of JSON files, built in the background)',
      description:
        'The person is told in the app and by email when it is ready; it can be downloaded for 7 days.',
      auth: anyone,
    },
    async (req) => {
      const row = await requestExport(ctx, currentAccount(req), auditOrigin(req));
      return {
        responseDto: ok(
          "Your data export is being prepared. We'll tell you here and by email when it is ready.",
        ),
        export: toExportDto(row),
      };
    },
  );

  opRoute(
    app,
    'accountExportList',
    { tag, summary: 'My data exports, newest first', auth: anyone },
    async (req) => {
      const rows = await exportsOf(ctx.db, currentAccount(req).id);
      return { responseDto: ok(), exports: rows.map(toExportDto) };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: PLAIN_ROUTES.accountExportFile.path,
    schema: {
      tags: [tag],
      params: ZDataExportParams,
      description:
        "The export's zip, for its owner only (`apiKey`), within 7 days of being ready; otherwise 404.",
    },
    handler: async (req, reply) => {
      const account = await authenticate(req, ctx.db, ctx.config.jwtSecret);
      if (!account) return unauthorized('You need to login to download your data.');
      const row = await exportById(ctx.db, req.params.id);
      if (!row || row.accountId !== account.id || toExportDto(row).status !== 'ready')
        return notFound(EXPORT_GONE);
      const stream = await ctx.storage.read(row.storageKey!);
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="devlearn-data-${row.id}.zip"`)
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  });

  opRoute(
    app,
    'accountDelete',
    {
      tag,
      summary: 'Delete my account (erases or anonymises my personal data at once)',
      description:
        'Orders and ledger lines stay for accounting with the person anonymised; reviews and posts show "Former student"; certificates are revoked; every session ends. A tutor whose courses students own gets a 409 until an admin has transferred or archived them.',
      auth: anyone,
      extra: { config: authRateLimit(app) },
    },
    async (req) => {
      await deleteAccount(ctx, currentAccount(req), req.body.password, auditOrigin(req));
      return { responseDto: ok('Your account has been deleted. We are sorry to see you go.') };
    },
  );
}
