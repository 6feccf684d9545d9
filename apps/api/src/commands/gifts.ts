import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  GIFT_ALREADY_OWNED,
  GIFT_ALREADY_PASSED_ON,
  GIFT_ALREADY_REDEEMED,
  GIFT_BEING_REFUNDED,
  GIFT_NOT_FOUND,
  GIFT_SEND_DATE_FAR,
  GIFT_SEND_DATE_PAST,
  type TGiftDetails,
  type TGiftPreview,
} from '@app/contract/gifts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { accounts } from '../db/schema.ts';
import { enrolments, orders, type refunds } from '../db/schema-money.ts';
import { gifts, type Gift } from '../db/schema-gifts.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { tag } from '../cache/index.ts';
import { formatGiftCode, giftClock, giftCode, giftCodeHash, giftSendAt, lagosDay } from '../lib/gift-code.ts';
import { localeOf, translator } from '../i18n/index.ts';
import { accountById } from '../queries/accounts.ts';
import { orderItems, type OrderItemRow } from '../queries/orders.ts';
import { enqueue } from '../queue/queue.ts';
import { enrolStudent } from './enrol.ts';
import { notify } from './notify.ts';
import { orderPage } from './refund-events.ts';

/** The job that emails a gift to its recipient, on payment or on its send date (jobs/gifts.ts). */
export const GIFT_SEND_JOB = 'gift-send';
export type GiftSendPayload = { giftId: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** 409: the student owns every course of the gift already; they may pass it on instead. */
export class GiftOwnedError extends AppError {
  constructor() {
    super(409, 'conflict', GIFT_ALREADY_OWNED);
  }
}

/** The web page a gift's link opens (apps/web: /gift/redeem). */
export const giftRedeemPath = (code: string) => `/gift/redeem?code=${formatGiftCode(code)}`;

/**
 * A gift's details as the checkout records them: the send date checked (today or later in Lagos, within a year;
 * today sends it on payment) and the recipient someone other than the buyer.
 */
export function checkGift(
  buyer: Pick<Account, 'email'>,
  gift: TGiftDetails,
  now: Date = giftClock.now(),
): {
  recipientName: string;
  recipientEmail: string;
  message: string;
  sendOn: string | null;
  sendAt: Date | null;
} {
  const email = gift.email.trim().toLowerCase();
  if (email === buyer.email.toLowerCase())
    return badRequest(
      'A gift is for someone else. To learn it yourself, buy the course without "This is a gift".',
    );
  const sendOn = gift.sendOn || null;
  const today = lagosDay(now);
  if (sendOn && sendOn < today) return badRequest(GIFT_SEND_DATE_PAST);
  if (sendOn && sendOn > lagosDay(new Date(now.getTime() + 366 * DAY_MS)))
    return badRequest(GIFT_SEND_DATE_FAR);
  return {
    recipientName: gift.name.trim(),
    recipientEmail: email,
    message: (gift.message ?? '').trim(),
    sendOn: sendOn && sendOn > today ? sendOn : null,
    sendAt: sendOn && sendOn > today ? giftSendAt(sendOn) : null,
  };
}

/** The gift of an order, locked for the rest of the transaction (or undefined: not a gift). */
export async function lockGiftOfOrder(tx: Tx, orderId: number): Promise<Gift | undefined> {
  const [g] = await tx.select().from(gifts).where(eq(gifts.orderId, orderId)).for('update').limit(1);
  return g;
}

/** The gifts of these orders, by order id (the buyer's orders list and page). */
export async function giftsOfOrders(db: Db | Tx, orderIds: number[]): Promise<Map<number, Gift>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(gifts).where(inArray(gifts.orderId, orderIds));
  return new Map(rows.map((g) => [g.orderId, g]));
}

/**
 * A gift order paid (inside fulfilOrder's transaction): the buyer is told, and the recipient's email is queued for
 * now or for its send date. Nobody is enrolled here.
 */
export async function giftPaid(
  tx: Tx,
  gift: Gift,
  lines: { courseId: number }[],
  opts: { receiptUrl: string },
): Promise<void> {
  const titles = (await orderItems(tx, [gift.orderId]))
    .filter((i) => lines.some((l) => l.courseId === i.courseId))
    .map((i) => `"${i.title}"`)
    .join(', ');
  const [order] = await tx.select().from(orders).where(eq(orders.id, gift.orderId));
  await notify(tx, [
    {
      accountId: gift.buyerId,
      type: 'purchase-confirmed',
      message: {
        key: 'notice.giftPaid',
        values: {
          titles,
          name: gift.recipientName,
          email: gift.recipientEmail,
          // A date (YYYY-MM-DD), or 'now' when it goes out on payment.
          sendOn: gift.sendOn ?? 'now',
        },
      },
      link: orderPage(order!.reference),
      emailLines: [{ key: 'email.receiptLink', values: { url: opts.receiptUrl } }],
    },
  ]);
  await enqueue(
    tx,
    GIFT_SEND_JOB,
    { giftId: gift.id },
    gift.sendAt ? { runAt: giftClock.toRealTime(gift.sendAt) } : {},
  );
}

type GiftState = {
  items: OrderItemRow[];
  open: boolean;
  refunded: boolean;
  order: typeof orders.$inferSelect;
};

/** The gift's order, its lines, whether a refund of it is under way (asked, approved) and whether all is refunded. */
async function giftState(db: Db | Tx, gift: Gift): Promise<GiftState> {
  const [order] = await db.select().from(orders).where(eq(orders.id, gift.orderId));
  const items = await orderItems(db, [gift.orderId]);
  const status = (r: OrderItemRow['refund']) =>
    r?.status as (typeof refunds.$inferSelect)['status'] | undefined;
  const open = items.some((i) => status(i.refund) === 'requested' || status(i.refund) === 'approved');
  const refunded = order!.status === 'refunded' || items.every((i) => status(i.refund) === 'processed');
  return { items, open, refunded, order: order! };
}

/** The lines a redemption enrols: every line not refunded. */
const livingLines = (items: OrderItemRow[]) => items.filter((i) => i.refund?.status !== 'processed');

/**
 * The send job: emails the gift's recipient the redeem link and the code, once. Not before its send date on the
 * gift clock (an early run queues itself again for then); not while a refund of it is under way (it looks again
 * in an hour); never for a refunded or redeemed gift. The email is taken first by setting `sent_at` (a second run
 * finds it taken); a send that fails clears it and throws, so the queue retries.
 */
export async function sendGift(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  giftId: number,
): Promise<'sent' | 'skipped' | 'later'> {
  const taken = await ctx.db.transaction(async (tx) => {
    const [gift] = await tx.select().from(gifts).where(eq(gifts.id, giftId)).for('update');
    if (!gift || gift.sentAt || gift.redeemedAt) return 'skipped' as const;
    const state = await giftState(tx, gift);
    if (!['paid', 'partially_refunded'].includes(state.order.status) || state.refunded)
      return 'skipped' as const;
    const now = giftClock.now();
    let later: Date | null = null;
    if (gift.sendAt && gift.sendAt.getTime() > now.getTime()) later = gift.sendAt;
    else if (state.open) later = new Date(now.getTime() + 60 * 60 * 1000);
    if (later) {
      await enqueue(tx, GIFT_SEND_JOB, { giftId }, { runAt: giftClock.toRealTime(later) });
      return 'later' as const;
    }
    const code = giftCode(ctx.config.jwtSecret, gift.id, gift.generation);
    await tx
      .update(gifts)
      .set({ sentAt: sql`now()`, codeHash: giftCodeHash(code) })
      .where(eq(gifts.id, gift.id));
    const buyer = await accountById(tx, gift.buyerId);
    const [recipient] = await tx
      .select({ id: accounts.id, language: accounts.language })
      .from(accounts)
      .where(and(eq(accounts.email, gift.recipientEmail), eq(accounts.role, 'user')))
      .limit(1);
    return { gift, code, titles: livingLines(state.items).map((i) => i.title), buyer, recipient };
  });
  if (typeof taken === 'string') return taken;
  const { gift, code, titles, buyer, recipient } = taken;
  // The recipient's language when they have an account that chose one, else the buyer's.
  const t = translator(localeOf(recipient?.language ?? buyer?.language));
  const from = buyer?.fullName ?? t('email.someone');
  const link = `${ctx.config.publicUrl}${giftRedeemPath(code)}`;
  const courses = titles.map((c) => `"${c}"`).join(', ');
  try {
    await ctx.mailer.send({
      to: gift.recipientEmail,
      subject: t('email.subject.gift', { name: from }),
      text: [
        t('email.hello', { name: gift.recipientName }),
        '',
        t('email.gift.gave', { name: from, count: titles.length, titles: courses }),
        ...(gift.message ? ['', gift.message] : []),
        '',
        t('email.gift.redeemLink', { url: link }),
        t('email.gift.code', { code: formatGiftCode(code), url: `${ctx.config.publicUrl}/gift/redeem` }),
        '',
        t('email.gift.account'),
        '',
        'DevLearn',
      ].join('\n'),
      id: `gift-${gift.id}-${gift.generation}`,
    });
  } catch (err) {
    await ctx.db.update(gifts).set({ sentAt: null }).where(eq(gifts.id, gift.id));
    throw err;
  }
  // A recipient who has an account also finds it in the app (the bell), with the same link.
  if (recipient)
    await ctx.db.transaction(async (tx) => {
      await notify(tx, [
        {
          accountId: recipient.id,
          type: 'gift-received',
          message: { key: 'notice.giftReceived', values: { name: from, titles: courses } },
          link: giftRedeemPath(code),
        },
      ]);
    });
  return 'sent';
}

/** The gift a code names (the current code only: a passed-on gift's old code names nothing). */
async function giftByCode(db: Db | Tx, code: string, lock = false): Promise<Gift> {
  const q = db
    .select()
    .from(gifts)
    .where(eq(gifts.codeHash, giftCodeHash(code)))
    .limit(1);
  const [gift] = lock ? await q.for('update') : await q;
  return gift ?? notFound(GIFT_NOT_FOUND);
}

/** The courses of `courseIds` the student owns. */
async function ownedOf(db: Db | Tx, studentId: number, courseIds: number[]): Promise<Set<number>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(and(eq(enrolments.studentId, studentId), inArray(enrolments.courseId, courseIds)));
  return new Set(rows.map((r) => r.courseId));
}

/** What a code holds, for its redeem page (public: the code is the secret). */
export async function previewGift(db: Db, code: string): Promise<TGiftPreview> {
  const gift = await giftByCode(db, code);
  const state = await giftState(db, gift);
  const buyer = await accountById(db, gift.buyerId);
  const shown = gift.redeemedAt ? 'redeemed' : state.refunded || state.open ? 'unavailable' : 'ready';
  return {
    from: buyer?.fullName ?? 'Someone',
    recipientName: gift.recipientName,
    message: gift.message,
    courses: livingLines(state.items).map((i) => ({ id: i.courseId, title: i.title })),
    state: shown,
    canPassOn: shown === 'ready' && gift.passedOnAt === null,
  };
}

/**
 * `POST /gift/redeem`: the signed-in student with the code is enrolled in the gift's courses, exactly once. The
 * gift row is locked, so of two redemptions at once one wins and the other is told 'This gift was already
 * redeemed.' A student owning every course already gets a 409 (they may pass it on); the buyer cannot redeem
 * their own gift; a gift being refunded or refunded cannot be redeemed.
 */
export async function redeemGift(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  student: Account,
  code: string,
): Promise<number[]> {
  const enrolled = await ctx.db.transaction(async (tx) => {
    const gift = await giftByCode(tx, code, true);
    if (gift.redeemedAt) return badRequest(GIFT_ALREADY_REDEEMED);
    if (gift.buyerId === student.id)
      return badRequest('You bought this gift. Send the link to the person it is for.');
    const state = await giftState(tx, gift);
    if (state.refunded) return badRequest('This gift was refunded to its buyer.');
    if (state.open) return badRequest(GIFT_BEING_REFUNDED);
    const lines = livingLines(state.items);
    const owned = await ownedOf(
      tx,
      student.id,
      lines.map((l) => l.courseId),
    );
    if (lines.every((l) => owned.has(l.courseId))) throw new GiftOwnedError();
    const ids = await enrolStudent(tx, student.id, gift.orderId, lines);
    await tx
      .update(gifts)
      .set({ redeemedAt: sql`now()`, redeemedBy: student.id })
      .where(eq(gifts.id, gift.id));
    await notify(tx, [
      {
        accountId: gift.buyerId,
        type: 'gift-redeemed',
        message: {
          key: 'notice.giftRedeemed',
          values: { name: gift.recipientName, titles: lines.map((l) => `"${l.title}"`).join(', ') },
        },
        link: orderPage(state.order.reference),
      },
    ]);
    return ids;
  });
  if (enrolled.length) await ctx.cache.invalidate(enrolled.map(tag.course));
  return enrolled;
}

/**
 * `POST /gift/pass-on`: a recipient who owns every course of the gift gives it to another email, once. The old code
 * stops working (a new generation), and the new recipient is emailed a new one at once.
 */
export async function passOnGift(
  ctx: Pick<AppContext, 'db'>,
  student: Account,
  input: { code: string; name: string; email: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const gift = await giftByCode(tx, input.code, true);
    if (gift.redeemedAt) return badRequest(GIFT_ALREADY_REDEEMED);
    if (gift.passedOnAt) return badRequest(GIFT_ALREADY_PASSED_ON);
    if (gift.buyerId === student.id)
      return badRequest('You bought this gift. Send the link to the person it is for.');
    const state = await giftState(tx, gift);
    if (state.refunded) return badRequest('This gift was refunded to its buyer.');
    if (state.open) return badRequest(GIFT_BEING_REFUNDED);
    const lines = livingLines(state.items);
    const owned = await ownedOf(
      tx,
      student.id,
      lines.map((l) => l.courseId),
    );
    if (!lines.every((l) => owned.has(l.courseId)))
      return badRequest('Redeem this gift yourself: you do not own its course yet.');
    const email = input.email.trim().toLowerCase();
    if (email === student.email.toLowerCase() || email === gift.recipientEmail)
      return badRequest("Pass the gift on to someone else's email.");
    const buyer = await accountById(tx, gift.buyerId);
    if (buyer && email === buyer.email.toLowerCase())
      return badRequest('The gift cannot go back to the person who bought it.');
    await tx
      .update(gifts)
      .set({
        recipientName: input.name.trim(),
        recipientEmail: email,
        generation: gift.generation + 1,
        codeHash: null,
        sentAt: null,
        sendAt: null,
        passedOnAt: sql`now()`,
        passedOnBy: student.id,
        passedOnFrom: gift.recipientEmail,
      })
      .where(and(eq(gifts.id, gift.id), isNull(gifts.passedOnAt)));
    await enqueue(tx, GIFT_SEND_JOB, { giftId: gift.id });
  });
}
