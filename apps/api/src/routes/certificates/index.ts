import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CERTIFICATE_CODE } from '@app/contract/certificates';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { serverBase } from '../../commands/charge.ts';
import { certificatePagePath } from '../../commands/completion.ts';
import type { AppContext } from '../../context.ts';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { renderCertificateImage } from '../../presenters/certificate-image.ts';
import { renderCertificatePdf } from '../../presenters/certificate-pdf.ts';
import { certificateDto, certificateListItem, UNKNOWN_CERTIFICATE } from '../../presenters/certificates.ts';
import { certificateByCode, studentCertificates } from '../../queries/certificates.ts';
import { opRoute } from '../op-route.ts';

/** A certificate's public address (its page, which the QR code and share links carry), as the browser reached us. */
export const verificationUrl = (config: AppContext['config'], req: FastifyRequest, code: string) =>
  `${serverBase(config, { origin: req.headers.origin, host: req.headers.host, protocol: req.protocol })}${certificatePagePath(code)}`;

/** Certificates: public verification, the student's list, the PDF and the share image. */
export default async function certificateRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const tag = 'certificates';

  /** The certificate of a path's code, any status; a malformed or unknown code is the same 404. */
  const load = async (code: string) => {
    const row = CERTIFICATE_CODE.test(code) ? await certificateByCode(ctx.db, code) : undefined;
    return row ?? notFound(UNKNOWN_CERTIFICATE);
  };
  // Its status can change (a refund revokes it): caches must ask again, and may keep the bytes meanwhile.
  const fresh = (reply: FastifyReply) => reply.header('Cache-Control', 'public, no-cache');

  opRoute(
    app,
    'certificateGet',
    {
      tag,
      description:
        'Public verification of a certificate by its code: who completed which course, its tutor, the video ' +
        "hours and the issue date as they were at issue, and `status` ('valid', or 'revoked' after a refund). " +
        'An unknown code is a 404.',
    },
    async (req, reply) => {
      const row = await load(req.params.code);
      fresh(reply);
      return { responseDto: ok(), certificate: certificateDto(row) };
    },
  );

  opRoute(
    app,
    'certificateList',
    {
      tag,
      description:
        "The signed-in student's certificates, newest first, revoked ones included with their status.",
      auth: requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'user'),
    },
    async (req) => ({
      responseDto: ok(),
      certificates: (await studentCertificates(ctx.db, currentAccount(req).id)).map(certificateListItem),
    }),
  );

  app.route<{ Params: { code: string } }>({
    method: 'GET',
    url: PLAIN_ROUTES.certificatePdf.path,
    schema: {
      tags: [tag],
      description:
        'The certificate as an A4 landscape PDF (not encrypted) with a QR code of its verification page. Public.',
    },
    handler: async (req, reply) => {
      const row = await load(req.params.code);
      const pdf = await renderCertificatePdf(row, verificationUrl(ctx.config, req, row.code));
      return fresh(reply)
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="devlearn-certificate-${row.code}.pdf"`)
        .send(pdf);
    },
  });

  app.route<{ Params: { code: string } }>({
    method: 'GET',
    url: PLAIN_ROUTES.certificateImage.path,
    schema: {
      tags: [tag],
      description:
        "The certificate's 1200×630 PNG share image (link previews on WhatsApp, LinkedIn). Public.",
    },
    handler: async (req, reply) => {
      const row = await load(req.params.code);
      return fresh(reply)
        .type('image/png')
        .send(await renderCertificateImage(row));
    },
  });
}
