import type { FastifyInstance, FastifyReply } from 'fastify';
import { deliverSandboxEvent } from '../../commands/sandbox-delivery.ts';
import {
  allowedChannels,
  findSandboxTransaction,
  markSandboxSent,
  SANDBOX_PAGE_PATH,
  sandboxChargeEvent,
  settleSandboxTransaction,
  type SandboxTransaction,
} from '../../services/payments/sandbox.ts';
import {
  COUNTDOWN_JS,
  notFoundPage,
  payPage,
  settledPage,
  waitingPage,
  type SandboxChannel,
} from './sandbox-html.ts';

/**
 * The sandbox's hosted payment page (only when no Paystack key is set), one channel at a time as Paystack shows them:
 * card (Pay / Cancel), bank transfer (a one-off account, the exact amount, a 30-minute countdown, "I've sent the
 * money") and USSD (a bank picker and its dial code). The payer switches channels with links when the charge allowed
 * several. Card Pay delivers a signed `charge.success` at once, as Paystack would. A transfer or USSD payment is only
 * marked sent: the sandbox confirms it SANDBOX_CONFIRM_DELAY_MS later by a signed webhook from the job queue
 * (jobs/sandbox-events.ts), never through the browser.
 */
export default async function sandboxPage(app: FastifyInstance) {
  // The forms post urlencoded bodies: only the card form's "Save this card" box (`save=1`) is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const load = async (accessCode: string) =>
    app.ctx.payments.name === 'sandbox' && /^[0-9a-f]{24}$/.test(accessCode)
      ? findSandboxTransaction(app.ctx.db, accessCode)
      : undefined;

  /** A route of one transaction's page: an unknown access code gets the not-found page. */
  type Query = { channel?: string; bank?: string };
  const transactionRoute = (
    method: 'GET' | 'POST',
    action: string,
    handle: (
      tx: SandboxTransaction,
      reply: FastifyReply,
      query: Query,
      params: Record<string, string>,
      form: Record<string, string>,
    ) => Promise<FastifyReply>,
  ) =>
    app.route<{
      Params: Record<string, string>;
      Querystring: Query;
      Body: Record<string, string> | undefined;
    }>({
      method,
      url: `${SANDBOX_PAGE_PATH}/:accessCode${action}`,
      schema: { hide: true },
      handler: async (req, reply) => {
        const tx = await load(req.params.accessCode ?? '');
        if (!tx) return sendPage(reply.status(404), notFoundPage());
        return handle(tx, reply, req.query, req.params, req.body ?? {});
      },
    });

  app.get(`${SANDBOX_PAGE_PATH}/countdown.js`, { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(COUNTDOWN_JS),
  );

  transactionRoute('GET', '', async (tx, reply, query) => {
    allowReturnTo(reply, tx);
    if (tx.status === 'pending') return sendPage(reply, waitingPage(tx, callbackFor(tx)));
    if (tx.status !== 'ongoing') return sendPage(reply, settledPage(tx, callbackFor(tx)));
    const allowed = allowedChannels(tx);
    const channel = (
      query.channel && allowed.includes(query.channel) ? query.channel : allowed[0]
    ) as SandboxChannel;
    return sendPage(reply, payPage(tx, channel, query.bank));
  });

  transactionRoute('POST', '/pay', async (tx, reply, _query, _params, form) => {
    if (!allowedChannels(tx).includes('card'))
      return sendPage(reply.status(400), payPage(tx, 'bank_transfer'));
    const settled = await settleSandboxTransaction(app.ctx.db, tx.accessCode, 'success', {
      saveCard: form.save === '1',
    });
    if (settled) await deliverNow(app, settled);
    return reply.redirect(callbackFor(tx), 303);
  });

  transactionRoute('POST', '/sent/:channel', async (tx, reply, _query, params) => {
    const channel = params.channel;
    if ((channel !== 'bank_transfer' && channel !== 'ussd') || !allowedChannels(tx).includes(channel)) {
      return sendPage(reply.status(404), notFoundPage());
    }
    await markSandboxSent(app.ctx.db, tx.accessCode, channel, app.ctx.config.sandboxConfirmDelayMs);
    return reply.redirect(callbackFor(tx), 303);
  });

  transactionRoute('POST', '/cancel', async (tx, reply) => {
    await settleSandboxTransaction(app.ctx.db, tx.accessCode, 'abandoned');
    return reply.redirect(callbackFor(tx), 303);
  });
}

/** A card payment's `charge.success`, delivered at once: the order is fulfilled even if the student never returns. */
async function deliverNow(app: FastifyInstance, tx: SandboxTransaction) {
  try {
    await deliverSandboxEvent(app.ctx, sandboxChargeEvent(tx));
  } catch (err) {
    // The callback path still fulfils the order; the page must not fail because of this.
    app.log.warn({ err, reference: tx.reference }, 'sandbox webhook failed');
  }
}

/**
 * The forms end in a redirect to the checkout's return address, which may be on a client's origin (one of
 * CORS_ORIGINS, chosen by the server at the charge): browsers hold that redirect to the page's CSP form-action.
 */
function allowReturnTo(reply: FastifyReply, tx: SandboxTransaction) {
  const csp = reply.getHeader('content-security-policy');
  let origin: string;
  try {
    origin = new URL(tx.callbackUrl ?? '').origin;
  } catch {
    return; // a relative return address is our own origin
  }
  if (typeof csp === 'string' && origin !== 'null')
    reply.header(
      'content-security-policy',
      csp.replace("form-action 'self'", `form-action 'self' ${origin}`),
    );
}

function callbackFor(tx: SandboxTransaction): string {
  const base = tx.callbackUrl || '/checkout';
  const q = `reference=${encodeURIComponent(tx.reference)}&trxref=${encodeURIComponent(tx.reference)}`;
  return `${base}${base.includes('?') ? '&' : '?'}${q}`;
}

function sendPage(reply: FastifyReply, html: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}
