import { randomBytes } from 'node:crypto';

/**
 * The payouts half of the fake Paystack (fake-paystack.ts), written from Paystack's API reference and
 * ../shared/PAYSTACK.md: banks (`GET /bank`, cursor pages), account checks (`GET /bank/resolve`), subaccounts
 * (`POST /subaccount`, `PUT /subaccount/:code`), transfer recipients (`POST /transferrecipient`) and transfers
 * (`POST /transfer`, `GET /transfer/verify/:reference`). The server checks the Bearer key before it gets here.
 */
export type FakeBank = { name: string; code: string; country: string; active: boolean };

export type FakeTransfer = {
  reference: string;
  amount: number;
  recipient: string;
  reason: string;
  status: string;
  transfer_code: string;
};

export type FakePayouts = {
  /** The banks `GET /bank` lists (every country; a query's `country` filters them). */
  banks: FakeBank[];
  /** The most banks one `GET /bank` page answers (Paystack: 100). */
  maxPerPage: number;
  /** The accounts the banks know, `bankCode:accountNumber` → account name; any other number does not resolve. */
  accounts: Map<string, string>;
  /** Every query string of `GET /bank`, in order. */
  bankListCalls: URLSearchParams[];
  /** Every resolve, as `bankCode:accountNumber`. */
  resolveCalls: string[];
  /** Every subaccount call: the method, the code (PUT) and the body. */
  subaccountCalls: { method: 'POST' | 'PUT'; code: string | null; body: Record<string, unknown> }[];
  /** The subaccounts by code (`ACCT_…`), as last saved. */
  subaccounts: Map<string, Record<string, unknown>>;
  /** Every `POST /transferrecipient` body. */
  recipientCalls: Record<string, unknown>[];
  /** Every `POST /transfer` body. */
  transferCalls: Record<string, unknown>[];
  /** Every `GET /transfer/verify/:reference`'s reference. */
  transferVerifyCalls: string[];
  /** The transfers by our reference. */
  transfers: Map<string, FakeTransfer>;
  /** The status a new transfer answers with (Paystack: `pending`, or `otp` when OTP is on, `success` in test). */
  transferStatus: string;
  /** Transfers are made but their answer is lost (an HTTP 502 after Paystack took it), until set back to false. */
  loseTransferAnswers: boolean;
};

type Answer = [status: number, body: unknown];

const refuse = (status: number, message: string): Answer => [status, { status: false, message }];

const bankName = (payouts: FakePayouts, code: unknown) => payouts.banks.find((b) => b.code === code)?.name;

export function fakePayouts(): FakePayouts {
  return {
    banks: [
      { name: 'Access Bank', code: '044', country: 'Nigeria', active: true },
      { name: 'Guaranty Trust Bank', code: '058', country: 'Nigeria', active: true },
      { name: 'Zenith Bank', code: '057', country: 'Nigeria', active: true },
      { name: 'Kuda Bank', code: '50211', country: 'Nigeria', active: true },
      { name: 'Closed Bank', code: '999', country: 'Nigeria', active: false },
      { name: 'GCB Bank', code: '040100', country: 'Ghana', active: true },
    ],
    maxPerPage: 100,
    accounts: new Map(),
    bankListCalls: [],
    resolveCalls: [],
    subaccountCalls: [],
    subaccounts: new Map(),
    recipientCalls: [],
    transferCalls: [],
    transferVerifyCalls: [],
    transfers: new Map(),
    transferStatus: 'pending',
    loseTransferAnswers: false,
  };
}

/** `GET /bank`: the country's banks, `perPage` at a time; with `use_cursor`, `meta.next` is the next page's cursor. */
function listBanks(payouts: FakePayouts, query: URLSearchParams): Answer {
  payouts.bankListCalls.push(query);
  const country = query.get('country')?.toLowerCase();
  const banks = payouts.banks.filter((b) => !country || b.country.toLowerCase() === country);
  const perPage = Math.min(Number(query.get('perPage') ?? 50) || 50, payouts.maxPerPage);
  const from = Number(Buffer.from(query.get('next') ?? '', 'base64').toString('utf8') || 0);
  const page = banks.slice(from, from + perPage);
  const next = from + perPage < banks.length ? Buffer.from(String(from + perPage)).toString('base64') : null;
  return [
    200,
    {
      status: true,
      message: 'Banks retrieved',
      data: page.map((b, i) => ({
        id: from + i + 1,
        name: b.name,
        slug: b.name.toLowerCase().replace(/\s+/g, '-'),
        code: b.code,
        longcode: '',
        gateway: null,
        pay_with_bank: false,
        active: b.active,
        is_deleted: false,
        country: b.country,
        currency: b.country === 'Ghana' ? 'GHS' : 'NGN',
        type: 'nuban',
      })),
      meta: { next, previous: null, perPage },
    },
  ];
}

/** `GET /bank/resolve`: the account's name, or Paystack's 422 for a number the bank does not know. */
function resolve(payouts: FakePayouts, query: URLSearchParams): Answer {
  const key = `${query.get('bank_code')}:${query.get('account_number')}`;
  payouts.resolveCalls.push(key);
  const name = payouts.accounts.get(key);
  if (!name) return refuse(422, 'Could not resolve account name. Check parameters or try again.');
  return [
    200,
    {
      status: true,
      message: 'Account number resolved',
      data: { account_number: query.get('account_number'), account_name: name, bank_id: 9 },
    },
  ];
}

function saveSubaccount(payouts: FakePayouts, code: string | null, body: Record<string, unknown>): Answer {
  payouts.subaccountCalls.push({ method: code ? 'PUT' : 'POST', code, body });
  if (code && !payouts.subaccounts.has(code)) return refuse(404, 'Subaccount not found');
  const saved = { ...(code ? payouts.subaccounts.get(code) : {}), ...body };
  if (typeof saved.business_name !== 'string' || !saved.business_name) {
    return refuse(400, 'Business name is required');
  }
  if (!bankName(payouts, saved.settlement_bank)) return refuse(400, 'Invalid bank code');
  if (!/^\d{10}$/.test(String(saved.account_number))) return refuse(400, 'Invalid account number');
  const charge = Number(saved.percentage_charge);
  if (!Number.isFinite(charge) || charge < 0 || charge > 100) return refuse(400, 'Invalid percentage charge');
  const subaccountCode = code ?? `ACCT_${randomBytes(6).toString('hex')}`;
  payouts.subaccounts.set(subaccountCode, saved);
  return [
    code ? 200 : 201,
    {
      status: true,
      message: code ? 'Subaccount updated' : 'Subaccount created',
      data: {
        business_name: saved.business_name,
        account_number: saved.account_number,
        percentage_charge: charge,
        settlement_bank: bankName(payouts, saved.settlement_bank),
        currency: 'NGN',
        subaccount_code: subaccountCode,
        is_verified: false,
        settlement_schedule: 'AUTO',
        active: true,
      },
    },
  ];
}

/** `POST /transferrecipient`: a nuban recipient; the same account again answers the same recipient. */
function createRecipient(payouts: FakePayouts, body: Record<string, unknown>): Answer {
  payouts.recipientCalls.push(body);
  if (body.type !== 'nuban') return refuse(400, 'Invalid recipient type');
  const bank = bankName(payouts, body.bank_code);
  if (!bank) return refuse(400, 'Invalid bank code');
  const accountName = payouts.accounts.get(`${String(body.bank_code)}:${String(body.account_number)}`);
  if (!accountName) return refuse(422, 'Cannot resolve account');
  const code = `RCP_${Buffer.from(`${String(body.bank_code)}${String(body.account_number)}`)
    .toString('hex')
    .slice(-12)}`;
  return [
    201,
    {
      status: true,
      message: 'Transfer recipient created successfully',
      data: {
        active: true,
        currency: body.currency ?? 'NGN',
        name: body.name,
        recipient_code: code,
        type: 'nuban',
        is_deleted: false,
        details: {
          authorization_code: null,
          account_number: body.account_number,
          account_name: accountName,
          bank_code: body.bank_code,
          bank_name: bank,
        },
      },
    },
  ];
}

const transferData = (t: FakeTransfer) => ({
  amount: t.amount,
  currency: 'NGN',
  source: 'balance',
  reason: t.reason,
  recipient: t.recipient,
  status: t.status,
  reference: t.reference,
  transfer_code: t.transfer_code,
  failures: null,
});

/** `POST /transfer`: from the balance to a recipient, under the caller's unique lowercase reference. */
function transfer(payouts: FakePayouts, body: Record<string, unknown>): Answer {
  payouts.transferCalls.push(body);
  const amount = Number(body.amount);
  if (body.source !== 'balance') return refuse(400, 'Invalid transfer source');
  if (!Number.isInteger(amount) || amount <= 0) return refuse(400, 'Invalid amount');
  if (typeof body.recipient !== 'string' || !body.recipient.startsWith('RCP_')) {
    return refuse(400, 'Invalid recipient');
  }
  const reference = body.reference;
  if (typeof reference !== 'string' || !/^[a-z0-9_-]{16,50}$/.test(reference)) {
    return refuse(400, 'Invalid transfer reference');
  }
  if (payouts.transfers.has(reference)) return refuse(400, 'Duplicate Transfer Reference');
  const made: FakeTransfer = {
    reference,
    amount,
    recipient: body.recipient,
    reason: typeof body.reason === 'string' ? body.reason : '',
    status: payouts.transferStatus,
    transfer_code: `TRF_${randomBytes(6).toString('hex')}`,
  };
  payouts.transfers.set(reference, made);
  if (payouts.loseTransferAnswers) return refuse(502, 'Bad gateway');
  return [200, { status: true, message: 'Transfer has been queued', data: transferData(made) }];
}

/** The answer to a payouts call, or null when the path is not one of them. */
export async function payoutsAnswer(
  payouts: FakePayouts,
  method: string,
  url: URL,
  readJson: () => Promise<Record<string, unknown> | null>,
): Promise<Answer | null> {
  const path = url.pathname;
  if (method === 'GET' && path === '/bank') return listBanks(payouts, url.searchParams);
  if (method === 'GET' && path === '/bank/resolve') return resolve(payouts, url.searchParams);
  const verify = /^\/transfer\/verify\/([^/]+)$/.exec(path);
  if (method === 'GET' && verify) {
    const reference = decodeURIComponent(verify[1]!);
    payouts.transferVerifyCalls.push(reference);
    const t = payouts.transfers.get(reference);
    if (!t) return refuse(404, 'Transfer not found');
    return [200, { status: true, message: 'Transfer retrieved', data: transferData(t) }];
  }
  const sub = /^\/subaccount(?:\/([^/]+))?$/.exec(path);
  const writes =
    (method === 'POST' && (path === '/transferrecipient' || path === '/transfer' || (sub && !sub[1]))) ||
    (method === 'PUT' && sub?.[1]);
  if (!writes) return null;
  const body = await readJson();
  if (!body) return refuse(400, 'Invalid JSON');
  if (path === '/transferrecipient') return createRecipient(payouts, body);
  if (path === '/transfer') return transfer(payouts, body);
  return saveSubaccount(payouts, sub![1] ? decodeURIComponent(sub![1]) : null, body);
}
