import { randomBytes } from 'node:crypto';
import { nairaToKobo } from '@app/contract/money';
import { isPublished } from '../policies/course.ts';
import { eq } from 'drizzle-orm';
import type { TChargeRequest } from '@app/contract/payments';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { type Account } from '../db/schema.ts';
import { orderLines, orders } from '../db/schema-money.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { PENDING_ORDER_MESSAGE } from '@app/contract/orders';
import { coursesToPrice } from '../queries/courses.ts';
import { saleKobo } from '../queries/sales.ts';
import { ownedAmong } from '../queries/earnings.ts';
import { blockingPendingOrder, lockStudent } from '../queries/orders.ts';
import { abandonSupersededOrders, orderExpiry, scheduleExpirySweep } from './orders.ts';
import { countPayments } from '../lib/metrics.ts';
import { planSplit } from './split.ts';
import { referralsForCart } from './referrals.ts';
import {
  couponColumns,
  couponsForCart,
  discountLines,
  reserveCouponUses,
  type CouponLine,
} from './coupons.ts';
import { fulfilOrder } from './fulfil-order.ts';
import { checkGift } from './gifts.ts';
import { checkTeamPurchase, recordTeamOrder } from './teams.ts';
import { gifts } from '../db/schema-gifts.ts';
import { holdSeat } from './cohorts.ts';
import { tag } from '../cache/index.ts';
import { cohortById, offeringOf } from '../queries/cohorts.ts';
import type { DynamicSplit, InitializeResult } from '../services/payments/provider.ts';
import type { TPaymentChannel } from '@app/contract/payment-rules';

export const EMPTY_CART_MESSAGE = 'Your cart is empty. Add a course before checking out.';

/**
 * 409: a pending transfer or USSD order of this student holds one of the courses (the money may be on its way).
 * The route answers its reference beside the message, so the client can point to that order.
 */
export class PendingOrderError extends AppError {
  constructor(readonly pendingReference: string) {
    super(409, 'conflict', PENDING_ORDER_MESSAGE);
  }
}

/** A course as the server prices it for one order line: its price now (in a live sale, the sale's) and its list price. */
export type PricedLine = { courseId: number; title: string; priceKobo: number; listKobo?: number };

/** Prices courses from the database for this student, refusing empty, unknown, unavailable and owned ones (400). */
export async function priceCourses(
  db: Db,
  studentId: number,
  courseIds: number[],
  /** A gift or a team's seats: the buyer may own the courses already (they are never enrolled by it). */
  opts: { forOthers?: boolean } = {},
): Promise<PricedLine[]> {
  const ids = [...new Set(courseIds)];
  if (ids.length === 0) return badRequest(EMPTY_CART_MESSAGE);
  const rows = await coursesToPrice(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const owned = new Set(await ownedAmong(db, studentId, ids));
  return ids.map((id) => {
    const c = byId.get(id);
    if (!c) return badRequest(`Course ${id} does not exist. Remove it from your cart and try again.`);
    if (c.deletedAt) return badRequest(`"${c.title}" is no longer available. Remove it from your cart.`);
    if (!isPublished(c)) return badRequest(`"${c.title}" is not available for purchase.`);
    if (owned.has(id) && !opts.forOthers)
      return badRequest(`You already own "${c.title}". Remove it from your cart.`);
    const sale = saleKobo(c.saleKobo);
    return { courseId: c.id, title: c.title, priceKobo: sale ?? c.priceKobo, listKobo: c.priceKobo };
  });
}

/**
 * The cart's lines with a cohort seat priced: the cohort must be a run of one of the cart's courses, and a course
 * sold in cohorts only must come with one of its cohorts. A cohort's own price replaces its course's, a live sale
 * taking the same share off it.
 */
export async function cohortSeatLine(
  db: Db,
  lines: PricedLine[],
  cohortId: number | undefined,
): Promise<{ lines: PricedLine[]; cohort: { id: number; courseId: number } | null }> {
  const cohort = cohortId ? ((await cohortById(db, cohortId)) ?? notFound('Cohort not found.')) : null;
  if (cohort && !lines.some((l) => l.courseId === cohort.courseId))
    badRequest("Add the cohort's course to the cart to buy a seat.");
  for (const l of lines) {
    if (l.courseId !== cohort?.courseId && (await offeringOf(db, l.courseId)) === 'cohorts')
      badRequest(`"${l.title}" is taught in cohorts. Choose a cohort to buy a seat.`);
  }
  if (!cohort || cohort.priceKobo === null) return { lines, cohort };
  const own = cohort.priceKobo;
  return {
    cohort,
    lines: lines.map((l) => {
      if (l.courseId !== cohort.courseId) return l;
      const list = l.listKobo ?? l.priceKobo;
      const price = list > 0 && l.priceKobo < list ? Math.round((own * l.priceKobo) / list) : own;
      return { ...l, priceKobo: price, listKobo: own };
    }),
  };
}

/** Letters, digits and '-' only: within Paystack's allowed reference alphabet, and unguessable. */
export function newReference(): string {
  return `DL-${Date.now().toString(36)}-${randomBytes(10).toString('hex')}`;
}

const originOf = (url: string): string | null => {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};

/** A Host header naming a host and port only (a name, an IPv4 or a bracketed IPv6): no user info, path or space. */
const HOST_HEADER =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** What of a request chooses the return address: its Origin, its own Host and the scheme the server sees. */
export type ReturnRequest = { origin?: string; host?: string; protocol: 'http' | 'https' };

/**
 * This server as the browser reached it: PUBLIC_URL when set; otherwise the request's own Host header (never
 * X-Forwarded-Host) with the scheme Fastify sees (X-Forwarded-Proto only behind TRUST_PROXY), so a student on
 * 127.0.0.1 or a LAN address comes back where their sign-in is. A malformed Host, or an Origin that is neither
 * that address nor one of CORS_ORIGINS (a foreign caller), falls back to the default PUBLIC_URL.
 */
export function serverBase(
  config: Pick<AppContext['config'], 'publicUrl' | 'publicUrlSet'>,
  req: ReturnRequest,
): string {
  if (config.publicUrlSet || !req.host || !HOST_HEADER.test(req.host)) return config.publicUrl;
  const own = `${req.protocol}://${req.host.toLowerCase()}`;
  const caller = req.origin ? originOf(req.origin) : null;
  if (req.origin !== undefined && caller !== originOf(own)) return config.publicUrl;
  return own;
}

/**
 * Where the payment page sends the student back (`<base>/checkout?reference=…`): the origin of the client that
 * started the checkout when it is one of CORS_ORIGINS, otherwise this server as the browser reached it
 * (serverBase). A foreign or missing Origin never chooses the address: no open redirect.
 */
export function checkoutReturnBase(
  config: Pick<AppContext['config'], 'publicUrl' | 'publicUrlSet' | 'corsOrigins'>,
  req: ReturnRequest,
): string {
  const caller = req.origin ? originOf(req.origin) : null;
  if (caller && config.corsOrigins.some((allowed) => originOf(allowed) === caller)) return caller;
  return serverBase(config, req);
}

/**
 * Starts a checkout: prices the courses (or, for an amount-only request, records the amount with its lines to be
 * fixed at verification), refuses courses a pending transfer or USSD order holds (409), abandons the student's
 * earlier unpaid card orders of them, records a pending order (its channel, expiring in ORDER_TTL_MINUTES) under a
 * new reference, and asks the provider for a payment page offering that channel (every channel without one).
 */
export async function startCheckout(
  ctx: Pick<AppContext, 'db' | 'payments' | 'config' | 'cache' | 'log'>,
  student: Account,
  request: TChargeRequest,
  /** checkoutReturnBase of the call: the payment page returns to `<returnBase>/checkout`. */
  returnBase: string = ctx.config.publicUrl,
  /** serverBase of the call: where the sandbox serves its payment page (Paystack has its own). */
  pageBase: string = ctx.config.publicUrl,
): Promise<InitializeResult> {
  const { db } = ctx;
  let lines: PricedLine[] = [];
  let couponLines: CouponLine[] = [];
  let amountKobo: number;
  let cohort: { id: number; courseId: number } | null = null;
  // 'This is a gift' (commands/gifts.ts): the recipient and the send date, checked before anything is written.
  const gift = request.gift ? checkGift(student, request.gift) : null;
  if (gift && request.courseIds === undefined) return badRequest('Name the courses to give as a gift.');
  if (gift && request.cohortId) return badRequest('A seat in a cohort cannot be given as a gift.');
  // 'Buy for my team' (commands/teams.ts): `seats` seats of each course, each line priced for all of them.
  const team = checkTeamPurchase(request);
  if (request.courseIds !== undefined) {
    lines = await priceCourses(db, student.id, request.courseIds, { forOthers: gift !== null || !!team });
    if (team)
      lines = lines.map((l) => ({
        ...l,
        priceKobo: l.priceKobo * team.seats,
        listKobo: (l.listKobo ?? l.priceKobo) * team.seats,
      }));
    // A cohort's seat (docs/cohorts.md): its own price, if any, is the course's line price.
    const seat = await cohortSeatLine(db, lines, request.cohortId);
    cohort = seat.cohort;
    lines = seat.lines;
    // A coupon (commands/coupons.ts) or a site-wide sale, the lower price winning; a coupon's use is reserved with
    // the order below.
    const byCourse = request.coupon
      ? await couponsForCart(db, student.id, request.coupon, request.courseIds)
      : new Map();
    couponLines = discountLines(lines, byCourse);
    lines = lines.map((l, i) => ({ ...l, priceKobo: couponLines[i]!.priceKobo }));
    amountKobo = lines.reduce((sum, l) => sum + l.priceKobo, 0);
  } else {
    if (request.coupon) return badRequest('Name the courses to use a coupon with.');
    if (request.cohortId) return badRequest("Name the cohort's course to buy a seat.");
    // The spec's client sends only the cart total; DECISIONS §3 has its lines named and priced at verification.
    amountKobo = nairaToKobo(request.amount ?? 0);
    if (amountKobo <= 0) return badRequest(EMPTY_CART_MESSAGE);
  }
  // A course bought through its tutor's referral link within the window has the referral fee; the server checks
  // the browser's attributions itself (commands/referrals.ts).
  const referrals = await referralsForCart(
    db,
    ctx.config,
    student,
    request.referrals,
    lines.map((l) => l.courseId),
  );
  // Fee, net and route per line, and Paystack's split for tutors with a subaccount past its hold (commands/split.ts).
  const plan = await planSplit(db, lines, ctx.config.payouts, referrals);
  const reference = newReference();
  const courseIds = lines.map((l) => l.courseId);
  const expiresAt = orderExpiry();
  // A 100 % coupon or sale: an order of ₦0, fulfilled at once without the provider (below).
  const free = amountKobo === 0 && couponLines.some((l) => l.discountKobo > 0);
  const order = await db.transaction(async (tx) => {
    // One checkout of this student at a time, so two cannot both pass the pending-order check below.
    await lockStudent(tx, student.id);
    // A gift or a team's seats neither wait for nor replace the buyer's own checkouts (nor they for them).
    if (!gift && !team) {
      const pending = await blockingPendingOrder(tx, student.id, courseIds);
      if (pending) throw new PendingOrderError(pending);
      await abandonSupersededOrders(tx, student.id, courseIds);
    }
    const [o] = await tx
      .insert(orders)
      .values({
        reference,
        studentId: student.id,
        amountKobo,
        linesFixed: request.courseIds !== undefined,
        provider: free ? 'none' : ctx.payments.name,
        channel: request.channel ?? null,
        expiresAt,
      })
      .returning();
    if (lines.length) {
      const inserted = await tx
        .insert(orderLines)
        .values(
          plan.lines.map((l, i) => ({
            orderId: o!.id,
            ...l,
            ...couponColumns(couponLines[i]),
            seats: team ? Number(team.seats) : 1,
          })),
        )
        .returning();
      await reserveCouponUses(tx, student.id, o!.id, inserted);
    }
    if (gift) await tx.insert(gifts).values({ orderId: o!.id, buyerId: student.id, ...gift });
    if (team) await recordTeamOrder(tx, student.id, o!.id, team.companyName);
    // The seat is held while the order waits for its money; a full cohort refuses the whole checkout (409).
    if (cohort)
      await holdSeat(tx, {
        cohortId: cohort.id,
        courseId: cohort.courseId,
        studentId: student.id,
        orderId: o!.id,
        heldUntil: expiresAt,
      });
    await scheduleExpirySweep(tx, expiresAt);
    return o!;
  });

  // A held seat lowers the seats left on the course page (cached under the course's tag).
  if (cohort) await ctx.cache.invalidate([tag.course(cohort.courseId)]);
  const callbackUrl = `${returnBase}/checkout`;
  if (free) {
    // The same fulfilment, ledger and notifications as a paid order, with ₦0 paid and no provider call.
    await fulfilOrder(ctx, { reference, paid: { amountKobo: 0, currency: 'NGN', channel: null } });
    return { authorization_url: `${callbackUrl}?reference=${reference}`, access_code: 'none', reference };
  }
  return initializePayment(ctx, {
    email: student.email,
    orderId: order.id,
    reference,
    amountKobo,
    callbackUrl,
    pageBase,
    courseIds: lines.map((l) => l.courseId),
    split: plan.split,
    channel: request.channel,
  });
}

/**
 * Asks the provider for the payment page of a recorded pending order (its channel only, when one was chosen, and
 * its tutors' split); a provider that refuses or is down marks the order `failed` and the error goes on.
 */
export async function initializePayment(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  input: {
    email: string;
    orderId: number;
    reference: string;
    amountKobo: number;
    callbackUrl: string;
    pageBase: string;
    courseIds: number[];
    split: DynamicSplit | undefined;
    channel: TPaymentChannel | undefined;
  },
): Promise<InitializeResult> {
  const { reference, callbackUrl } = input;
  try {
    return await ctx.payments.initialize({
      email: input.email,
      amountKobo: input.amountKobo,
      reference,
      callbackUrl,
      pageBase: input.pageBase,
      metadata: {
        order_id: input.orderId,
        course_ids: input.courseIds,
        // Paystack sends a student who cancels on its page back here, so the checkout screen can say so.
        cancel_action: `${callbackUrl}?reference=${reference}`,
      },
      ...(input.split ? { split: input.split } : {}),
      ...(input.channel ? { channels: [input.channel] } : {}),
    });
  } catch (err) {
    await ctx.db.update(orders).set({ status: 'failed' }).where(eq(orders.id, input.orderId));
    countPayments('failed', [input.channel ?? null]);
    throw err;
  }
}
