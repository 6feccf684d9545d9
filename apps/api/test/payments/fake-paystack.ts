import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakePayouts, payoutsAnswer, type FakePayouts } from './fake-paystack-payouts.ts';

/**
 * A small Paystack written from its public API documentation (https://paystack.com/docs/api/transaction):
 * `POST /transaction/initialize` (with `channels` and a dynamic `split` of known subaccounts) and
 * `GET /transaction/verify/:reference`, `POST /refund`, and the payouts calls of fake-paystack-payouts.ts; Bearer
 * secret key, kobo amounts. Tests decide what happened on the payment page with `settle()`.
 */
export type FakeTransaction = {
  reference: string;
  email: string;
  amount: number;
  currency: string;
  callback_url?: string;
  metadata?: unknown;
  access_code: string;
  status: string;
  /** What verify reports as paid (defaults to the initialized amount). */
  paidAmount: number;
  paidCurrency: string;
  paid_at: string | null;
};

export type FakePaystack = {
  url: string;
  secretKey: string;
  /** Every initialize body received, in order. */
  initializeCalls: Record<string, unknown>[];
  verifyCalls: string[];
  /** Every `POST /refund` body received, in order. */
  refundCalls: Record<string, unknown>[];
  transactions: Map<string, FakeTransaction>;
  /** Banks, accounts, subaccounts, recipients and transfers, and the calls received (fake-paystack-payouts.ts). */
  payouts: FakePayouts;
  /** What the student did on the payment page: pay (optionally a different amount/currency), fail or abandon. */
  settle(reference: string, outcome: { status: string; amount?: number; currency?: string }): FakeTransaction;
  /** Makes every call answer HTTP 500 (an outage) until set back to false. */
  setOutage(on: boolean): void;
  /** A signed webhook delivery, as Paystack sends it: the raw body and its x-paystack-signature. */
  webhook(event: unknown, secret?: string): { body: string; signature: string };
  close(): Promise<void>;
};

export async function startFakePaystack(secretKey = 'sk_test_x'): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  const initializeCalls: Record<string, unknown>[] = [];
  const verifyCalls: string[] = [];
  const refundCalls: Record<string, unknown>[] = [];
  const payouts = fakePayouts();
  let outage = false;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const readJson = async (req: IncomingMessage): Promise<Record<string, unknown> | null> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
  };

  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- a fake server; an error in it fails the test
  const server = createServer(async (req, res) => {
    if (outage) return send(res, 500, { status: false, message: 'Internal error' });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, { status: false, message: 'Invalid key' });
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      const body = await readJson(req);
      if (!body) return send(res, 400, { status: false, message: 'Invalid JSON' });
      initializeCalls.push(body);
      const amount = Number(body.amount);
      if (typeof body.email !== 'string' || !body.email.includes('@')) {
        return send(res, 400, { status: false, message: 'Invalid Email Address Passed' });
      }
      if (!Number.isInteger(amount) || amount <= 0) {
        return send(res, 400, { status: false, message: 'Invalid Amount Sent' });
      }
      const reference = typeof body.reference === 'string' ? body.reference : randomBytes(8).toString('hex');
      if (!/^[A-Za-z0-9.=-]+$/.test(reference)) {
        return send(res, 400, { status: false, message: 'Invalid transaction reference' });
      }
      const splitRefusal = body.split === undefined ? null : splitError(body.split, amount, payouts);
      if (splitRefusal) return send(res, 400, { status: false, message: splitRefusal });
      if (transactions.has(reference)) {
        return send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
      }
      const access_code = randomBytes(8).toString('hex');
      transactions.set(reference, {
        reference,
        email: body.email,
        amount,
        currency: typeof body.currency === 'string' ? body.currency : 'NGN',
        callback_url: typeof body.callback_url === 'string' ? body.callback_url : undefined,
        metadata: body.metadata,
        access_code,
        status: 'abandoned',
        paidAmount: amount,
        paidCurrency: typeof body.currency === 'string' ? body.currency : 'NGN',
        paid_at: null,
      });
      return send(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `https://checkout.paystack.com/${access_code}`, access_code, reference },
      });
    }
    if (req.method === 'POST' && url.pathname === '/refund') {
      const body = await readJson(req);
      if (!body) return send(res, 400, { status: false, message: 'Invalid JSON' });
      refundCalls.push(body);
      const t = transactions.get(String(body.transaction));
      if (!t || t.status !== 'success') {
        return send(res, 400, { status: false, message: 'Transaction has not been settled' });
      }
      return send(res, 200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: { id: 3000 + refundCalls.length, status: 'pending', amount: Number(body.amount ?? t.amount) },
      });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && verify) {
      const reference = decodeURIComponent(verify[1]!);
      verifyCalls.push(reference);
      const t = transactions.get(reference);
      if (!t) return send(res, 400, { status: false, message: 'Transaction reference not found' });
      return send(res, 200, {
        status: true,
        message: 'Verification successful',
        data: {
          id: 1000 + verifyCalls.length,
          domain: 'test',
          status: t.status,
          reference: t.reference,
          amount: t.paidAmount,
          currency: t.paidCurrency,
          paid_at: t.paid_at,
          gateway_response: t.status === 'success' ? 'Successful' : 'Declined',
          channel: 'card',
          metadata: t.metadata,
          customer: { email: t.email },
        },
      });
    }
    const answer = await payoutsAnswer(payouts, req.method ?? 'GET', url, () => readJson(req));
    if (answer) return send(res, ...answer);
    return send(res, 404, { status: false, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    initializeCalls,
    verifyCalls,
    refundCalls,
    transactions,
    payouts,
    settle(reference, outcome) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`fake paystack: no transaction ${reference}`);
      t.status = outcome.status;
      t.paidAmount = outcome.amount ?? t.amount;
      t.paidCurrency = outcome.currency ?? t.currency;
      t.paid_at = outcome.status === 'success' ? new Date().toISOString() : null;
      return t;
    },
    setOutage(on) {
      outage = on;
    },
    webhook(event, secret = secretKey) {
      const body = JSON.stringify(event);
      return { body, signature: createHmac('sha512', secret).update(body).digest('hex') };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Why Paystack would refuse initialize's dynamic split (flat kobo shares of known subaccounts), or null. */
function splitError(split: unknown, amount: number, payouts: FakePayouts): string | null {
  const s = split as { type?: unknown; bearer_type?: unknown; subaccounts?: unknown };
  if (s?.type !== 'flat' && s?.type !== 'percentage') return 'Invalid split type';
  if (!['account', 'subaccount', 'all-proportional', 'all'].includes(String(s.bearer_type))) {
    return 'Invalid bearer type';
  }
  if (!Array.isArray(s.subaccounts) || s.subaccounts.length === 0) return 'Split subaccounts are required';
  let total = 0;
  for (const entry of s.subaccounts as { subaccount?: unknown; share?: unknown }[]) {
    if (typeof entry.subaccount !== 'string' || !payouts.subaccounts.has(entry.subaccount)) {
      return 'Subaccount not found';
    }
    if (!Number.isInteger(entry.share) || (entry.share as number) <= 0) return 'Invalid split share';
    total += entry.share as number;
  }
  return s.type === 'flat' && total > amount ? 'Split shares exceed the transaction amount' : null;
}
