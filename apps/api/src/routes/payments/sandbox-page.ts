import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_BASE } from '@app/contract/common';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { formatNaira } from '../../presenters/payment.ts';
import {
  findSandboxTransaction,
  SANDBOX_PAGE_PATH,
  settleSandboxTransaction,
  type SandboxTransaction,
} from '../../services/payments/sandbox.ts';

const MERCHANT = 'DevLearn';

/**
 * The sandbox's hosted payment page (only when no Paystack key is set): GET shows the amount with Pay and Cancel,
 * plain HTML forms (the CSP allows no inline scripts). Pay also delivers a signed `charge.success` webhook, as
 * Paystack would, so the order is fulfilled even if the student never comes back to /checkout.
 */
export default async function sandboxPage(app: FastifyInstance) {
  // The Pay and Cancel forms post an empty urlencoded body; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_req, _payload, done) => done(null, {}));

  const load = async (accessCode: string) =>
    app.ctx.payments.name === 'sandbox' && /^[0-9a-f]{24}$/.test(accessCode)
      ? findSandboxTransaction(app.ctx.db, accessCode)
      : undefined;

  /** A route of one transaction's page: an unknown access code gets the not-found page. */
  const transactionRoute = (
    method: 'GET' | 'POST',
    action: '' | '/pay' | '/cancel',
    handle: (tx: SandboxTransaction, reply: FastifyReply) => Promise<FastifyReply>,
  ) =>
    app.route<{ Params: { accessCode: string } }>({
      method,
      url: `${SANDBOX_PAGE_PATH}/:accessCode${action}`,
      schema: { hide: true },
      handler: async (req, reply) => {
        const tx = await load(req.params.accessCode);
        if (!tx) return sendPage(reply.status(404), notFoundPage());
        return handle(tx, reply);
      },
    });

  transactionRoute('GET', '', async (tx, reply) => {
    allowReturnTo(reply, tx);
    return sendPage(reply, tx.status === 'ongoing' ? payPage(tx) : settledPage(tx));
  });

  transactionRoute('POST', '/pay', async (tx, reply) => {
    const settled = await settleSandboxTransaction(app.ctx.db, tx.accessCode, 'success');
    if (settled) await deliverChargeSuccess(app, settled);
    return reply.redirect(callbackFor(tx), 303);
  });

  transactionRoute('POST', '/cancel', async (tx, reply) => {
    await settleSandboxTransaction(app.ctx.db, tx.accessCode, 'abandoned');
    return reply.redirect(callbackFor(tx), 303);
  });
}

/** Posts the event Paystack would send to our own webhook, signed with the sandbox's secret. */
async function deliverChargeSuccess(app: FastifyInstance, tx: SandboxTransaction) {
  const body = JSON.stringify({
    event: 'charge.success',
    data: {
      reference: tx.reference,
      status: 'success',
      amount: tx.amountKobo,
      currency: tx.currency,
      paid_at: tx.paidAt?.toISOString() ?? null,
      customer: { email: tx.email },
    },
  });
  const signature = createHmac('sha512', app.ctx.payments.webhookSecret).update(body).digest('hex');
  try {
    const res = await app.inject({
      method: 'POST',
      url: `${API_BASE}${PLAIN_ROUTES.paystackWebhook.path}`,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      payload: body,
    });
    if (res.statusCode !== 200) {
      app.log.warn({ reference: tx.reference, status: res.statusCode }, 'sandbox webhook refused');
    }
  } catch (err) {
    // The callback path still fulfils the order; the page must not fail because of this.
    app.log.warn({ err, reference: tx.reference }, 'sandbox webhook failed');
  }
}

/**
 * Pay and Cancel end in a redirect to the checkout's return address, which may be on a client's origin (one of
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

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
    font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
    background:linear-gradient(160deg,#0b1f33 0%,#12395c 100%);color:#1a2433}
  .sheet{width:100%;max-width:420px;background:#fff;border-radius:14px;box-shadow:0 20px 50px rgba(0,0,0,.35);overflow:hidden}
  .head{display:flex;align-items:center;justify-content:space-between;padding:20px 24px;border-bottom:1px solid #e8edf3}
  .merchant{display:flex;align-items:center;gap:12px}
  .logo{width:40px;height:40px;border-radius:10px;background:#0ba4db;color:#fff;font-weight:700;font-size:18px;
    display:flex;align-items:center;justify-content:center}
  .merchant-name{font-weight:600;font-size:16px}
  .email{font-size:13px;color:#5b6b7f;word-break:break-all}
  .badge{font-size:11px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:#9a5b00;
    background:#fff3dc;border:1px solid #f5d9a6;border-radius:999px;padding:4px 10px}
  .main{padding:28px 24px 24px;text-align:center}
  .label{font-size:13px;color:#5b6b7f;margin:0 0 6px}
  .amount{font-size:34px;font-weight:700;margin:0 0 6px;letter-spacing:-.01em}
  .ref{font-size:12px;color:#8795a8;margin:0 0 24px;word-break:break-all}
  .method{display:flex;align-items:center;gap:10px;border:1px solid #dbe3ec;border-radius:10px;padding:12px 14px;
    text-align:left;margin-bottom:22px;font-size:14px}
  .method .dot{width:10px;height:10px;border-radius:50%;background:#0ba4db;flex:none}
  form{margin:0}
  button,.link{display:block;width:100%;font:inherit;font-size:15px;font-weight:600;border-radius:10px;
    padding:14px 16px;cursor:pointer;text-align:center;text-decoration:none}
  .pay{background:#3bb75e;border:0;color:#fff}
  .pay:hover{background:#2fa152}
  .cancel{background:#fff;border:1px solid #dbe3ec;color:#44546a;margin-top:10px}
  .cancel:hover{background:#f5f8fb}
  .link{background:#0ba4db;color:#fff}
  .icon{width:56px;height:56px;border-radius:50%;margin:0 auto 14px;display:flex;align-items:center;
    justify-content:center;font-size:28px;color:#fff}
  .ok{background:#3bb75e}.no{background:#d64545}
  h1{font-size:20px;margin:0 0 8px}
  p.note{font-size:14px;color:#5b6b7f;margin:0 0 22px}
  .foot{padding:14px 24px;border-top:1px solid #e8edf3;font-size:12px;color:#8795a8;text-align:center;background:#fafcfe}
</style>
</head>
<body>
<main class="sheet">
${body}
<div class="foot">Secured sandbox checkout · no real card is charged</div>
</main>
</body>
</html>`;
}

function head(tx: SandboxTransaction | null): string {
  return `<div class="head">
  <div class="merchant"><div class="logo">D</div><div>
    <div class="merchant-name">${MERCHANT}</div>
    ${tx ? `<div class="email">${esc(tx.email)}</div>` : ''}
  </div></div>
  <span class="badge">Sandbox</span>
</div>`;
}

function payPage(tx: SandboxTransaction): string {
  const amount = formatNaira(tx.amountKobo);
  const action = `${SANDBOX_PAGE_PATH}/${tx.accessCode}`;
  return layout(
    `Pay ${amount} to ${MERCHANT}`,
    `${head(tx)}
<div class="main">
  <p class="label">Amount to pay</p>
  <p class="amount">${amount}</p>
  <p class="ref">Reference ${esc(tx.reference)}</p>
  <div class="method"><span class="dot"></span><span>Card payment (sandbox): choose Pay to approve, or Cancel.</span></div>
  <form method="post" action="${action}/pay"><button class="pay" type="submit">Pay ${amount}</button></form>
  <form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>`,
  );
}

function settledPage(tx: SandboxTransaction): string {
  const paid = tx.status === 'success';
  return layout(
    paid ? 'Payment successful' : 'Payment cancelled',
    `${head(tx)}
<div class="main">
  <div class="icon ${paid ? 'ok' : 'no'}">${paid ? '&#10003;' : '&#10005;'}</div>
  <h1>${paid ? 'Payment successful' : 'Payment cancelled'}</h1>
  <p class="note">${paid ? `${formatNaira(tx.amountKobo)} was paid to ${MERCHANT}.` : 'No money was taken.'} This payment link has been used.</p>
  <a class="link" href="${esc(callbackFor(tx))}">Return to ${MERCHANT}</a>
</div>`,
  );
}

function notFoundPage(): string {
  return layout(
    'Payment link not found',
    `${head(null)}
<div class="main">
  <div class="icon no">!</div>
  <h1>Payment link not found</h1>
  <p class="note">This payment link is not valid. Please start the checkout again from your cart.</p>
  <a class="link" href="/">Back to ${MERCHANT}</a>
</div>`,
  );
}
