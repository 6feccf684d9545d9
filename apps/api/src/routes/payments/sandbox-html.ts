import { createHash } from 'node:crypto';
import { ORDER_TTL_MINUTES } from '@app/contract/payment-rules';
import { formatNaira } from '../../presenters/payment.ts';
import { SELLER_NAME } from '../../presenters/receipt.ts';
import {
  allowedChannels,
  SANDBOX_PAGE_PATH,
  type SandboxTransaction,
} from '../../services/payments/sandbox.ts';

// The sandbox's hosted payment page, as HTML (routes in sandbox-page.ts). Plain forms and links: the card page has
// no script at all; the transfer page loads one small same-origin script for its countdown (the CSP allows no
// inline scripts).

const MERCHANT = SELLER_NAME;
export type SandboxChannel = 'card' | 'bank_transfer' | 'ussd';
const CHANNEL_LABELS: Record<SandboxChannel, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
};

/** The banks the USSD picker offers, with their USSD short codes. */
export const USSD_BANKS: { code: string; name: string }[] = [
  { code: '737', name: 'GTBank' },
  { code: '894', name: 'First Bank' },
  { code: '966', name: 'Zenith Bank' },
  { code: '919', name: 'UBA' },
  { code: '901', name: 'Access Bank' },
  { code: '822', name: 'Sterling Bank' },
];

/** The one-off bank account a transfer goes to (Paystack shows one per transaction). */
export const TRANSFER_BANK = 'Paystack-Titan';

/** Digits derived from the reference: the same page always shows the same account number and USSD code. */
const digits = (reference: string, salt: string, n: number) =>
  BigInt(`0x${createHash('sha256').update(`${salt}:${reference}`).digest('hex').slice(0, 15)}`)
    .toString()
    .padStart(n, '0')
    .slice(-n);

export const transferAccountNumber = (tx: SandboxTransaction) => `99${digits(tx.reference, 'account', 8)}`;
export const ussdCode = (tx: SandboxTransaction, bankCode: string) =>
  `*${bankCode}*000*${digits(tx.reference, 'ussd', 4)}#`;

/** When the transfer account stops accepting money (ORDER_TTL_MINUTES after the charge). */
export const transferExpiry = (tx: SandboxTransaction) =>
  new Date(tx.createdAt.getTime() + ORDER_TTL_MINUTES * 60_000);

/**
 * The page's own icon, inline (the sandbox's blue mark): without one the browser asks the server for /favicon.ico,
 * which it does not serve. A data: image, which the app's CSP allows (img-src).
 */
const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0ba4db"/>' +
    '<path d="M9 8h7a8 8 0 0 1 0 16H9z" fill="#fff"/><path d="M13 12h3a4 4 0 0 1 0 8h-3z" fill="#0ba4db"/></svg>',
)}`;

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
<link rel="icon" href="${ICON}" type="image/svg+xml">
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
  .save{display:flex;gap:8px;align-items:center;margin:0 0 12px;font-size:14px}
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
  .tabs{display:flex;gap:6px;margin:0 0 18px}
  .tabs a{flex:1;padding:9px 6px;border:1px solid #dbe3ec;border-radius:8px;font-size:13px;font-weight:600;
    color:#44546a;text-decoration:none}
  .tabs a.on{border-color:#0ba4db;background:#e8f6fc;color:#0b6f96}
  .account{border:1px dashed #9fb3c8;border-radius:10px;padding:14px;margin:0 0 18px;text-align:left;font-size:14px}
  .account div{display:flex;justify-content:space-between;gap:12px;padding:3px 0}
  .account strong{font-size:16px;letter-spacing:.04em}
  .dial{font-size:26px;font-weight:700;letter-spacing:.05em;margin:6px 0 18px;font-family:ui-monospace,Menlo,monospace}
  .countdown{font-size:13px;color:#9a5b00;margin:0 0 18px}
  select{width:100%;font:inherit;font-size:15px;padding:10px;border:1px solid #dbe3ec;border-radius:8px;margin:0 0 10px}
  .choose{background:#fff;border:1px solid #0ba4db;color:#0b6f96;margin-bottom:18px}
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

const actionOf = (tx: SandboxTransaction) => `${SANDBOX_PAGE_PATH}/${tx.accessCode}`;
const cancelForm = (tx: SandboxTransaction) =>
  `<form method="post" action="${actionOf(tx)}/cancel"><button class="cancel" type="submit">Cancel</button></form>`;

/** The channels the payer may switch between (only when the charge allowed more than one). */
function tabs(tx: SandboxTransaction, chosen: SandboxChannel): string {
  const allowed = allowedChannels(tx) as SandboxChannel[];
  if (allowed.length < 2) return '';
  const links = allowed.map(
    (c) =>
      `<a href="${actionOf(tx)}?channel=${c}"${c === chosen ? ' class="on" aria-current="page"' : ''}>${CHANNEL_LABELS[c]}</a>`,
  );
  return `<nav class="tabs" aria-label="Payment channel">${links.join('')}</nav>`;
}

/** The payment page of an open transaction, on the chosen channel (`bank` is the USSD bank picked). */
export function payPage(tx: SandboxTransaction, channel: SandboxChannel, bank?: string): string {
  const amount = formatNaira(tx.amountKobo);
  const body =
    channel === 'bank_transfer' ? transferBody(tx) : channel === 'ussd' ? ussdBody(tx, bank) : cardBody(tx);
  return layout(
    `Pay ${amount} to ${MERCHANT}`,
    `${head(tx)}
<div class="main">
  <p class="label">Amount to pay</p>
  <p class="amount">${amount}</p>
  <p class="ref">Reference ${esc(tx.reference)}</p>
  ${tabs(tx, channel)}
  ${body}
  ${cancelForm(tx)}
</div>`,
  );
}

function cardBody(tx: SandboxTransaction): string {
  const amount = formatNaira(tx.amountKobo);
  return `<div class="method"><span class="dot"></span><span>Card payment (sandbox): choose Pay to approve, or Cancel.</span></div>
  <form method="post" action="${actionOf(tx)}/pay"><label class="save"><input type="checkbox" name="save" value="1"> Save this card</label><button class="pay" type="submit">Pay ${amount}</button></form>`;
}

function transferBody(tx: SandboxTransaction): string {
  const expires = transferExpiry(tx);
  const left = Math.max(0, Math.round((expires.getTime() - Date.now()) / 1000));
  const mmss = `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
  return `<div class="method"><span class="dot"></span><span>Transfer exactly ${formatNaira(tx.amountKobo)} to this one-off account from your bank app.</span></div>
  <div class="account">
    <div><span>Bank</span><strong>${TRANSFER_BANK}</strong></div>
    <div><span>Account number</span><strong>${transferAccountNumber(tx)}</strong></div>
    <div><span>Account name</span><span>${MERCHANT} Checkout</span></div>
    <div><span>Amount</span><strong>${formatNaira(tx.amountKobo)}</strong></div>
  </div>
  <p class="countdown">This account expires in <time id="countdown" datetime="${expires.toISOString()}" data-expires="${expires.toISOString()}">${mmss}</time>. Send the exact amount before then.</p>
  <form method="post" action="${actionOf(tx)}/sent/bank_transfer"><button class="pay" type="submit">I've sent the money</button></form>
  <script src="${SANDBOX_PAGE_PATH}/countdown.js" defer></script>`;
}

function ussdBody(tx: SandboxTransaction, bank?: string): string {
  const picked = USSD_BANKS.find((b) => b.code === bank);
  const options = USSD_BANKS.map(
    (b) =>
      `<option value="${b.code}"${b.code === picked?.code ? ' selected' : ''}>${b.name} (*${b.code}#)</option>`,
  ).join('');
  const picker = `<form method="get" action="${actionOf(tx)}">
    <input type="hidden" name="channel" value="ussd">
    <label class="label" for="bank">Choose your bank</label>
    <select id="bank" name="bank">${options}</select>
    <button class="choose" type="submit">Show the USSD code</button>
  </form>`;
  if (!picked) return picker;
  return `${picker}
  <p class="label">Dial this code on the phone number linked to your ${picked.name} account</p>
  <p class="dial">${ussdCode(tx, picked.code)}</p>
  <form method="post" action="${actionOf(tx)}/sent/ussd"><button class="pay" type="submit">I've completed the USSD payment</button></form>`;
}

/** A transfer or USSD payment the payer said was made, waiting for the money (confirmed by webhook, not here). */
export function waitingPage(tx: SandboxTransaction, returnUrl: string): string {
  return layout(
    'Waiting for your payment',
    `${head(tx)}
<div class="main">
  <div class="icon ok">&#8987;</div>
  <h1>Waiting for your payment</h1>
  <p class="note">We are confirming ${formatNaira(tx.amountKobo)} by ${tx.channel === 'ussd' ? 'USSD' : 'bank transfer'}. It usually takes a few minutes; you do not need to stay on this page.</p>
  <a class="link" href="${esc(returnUrl)}">Return to ${MERCHANT}</a>
</div>`,
  );
}

export function settledPage(tx: SandboxTransaction, returnUrl: string): string {
  const paid = tx.status === 'success';
  return layout(
    paid ? 'Payment successful' : 'Payment cancelled',
    `${head(tx)}
<div class="main">
  <div class="icon ${paid ? 'ok' : 'no'}">${paid ? '&#10003;' : '&#10005;'}</div>
  <h1>${paid ? 'Payment successful' : 'Payment cancelled'}</h1>
  <p class="note">${paid ? `${formatNaira(tx.amountKobo)} was paid to ${MERCHANT}.` : 'No money was taken.'} This payment link has been used.</p>
  <a class="link" href="${esc(returnUrl)}">Return to ${MERCHANT}</a>
</div>`,
  );
}

export function notFoundPage(): string {
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

/** The transfer page's countdown (served as a file: the CSP allows same-origin scripts only). */
export const COUNTDOWN_JS = `(function () {
  var el = document.getElementById('countdown');
  if (!el) return;
  var end = Date.parse(el.getAttribute('data-expires'));
  function tick() {
    var s = Math.max(0, Math.round((end - Date.now()) / 1000));
    el.textContent = String(Math.floor(s / 60)).padStart(2, '0') + ':' + String(s % 60).padStart(2, '0');
    if (s > 0) setTimeout(tick, 1000);
  }
  tick();
})();
`;
