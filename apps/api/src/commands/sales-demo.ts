import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { accounts, courses, progress, reviews } from '../db/schema.ts';
import { watchCoverage } from '../db/schema-learning.ts';
import { couponRedemptions, coupons } from '../db/schema-growth.ts';
import { enrolments, ledgerEntries, orderLines, orders, sandboxTransactions } from '../db/schema-money.ts';
import { accountByRoleEmail } from '../queries/accounts.ts';
import type { CouponRow } from '../queries/coupons.ts';
import { outlineIds } from '../queries/course-outline.ts';
import { couponColumns, discountLines, reserveCouponUses } from './coupons.ts';
import { enrolStudent } from './enrol.ts';
import { recordSales, splitPrice } from './ledger.ts';
import { orderExpiry } from './orders.ts';
import { addDemoReferralLink, addDemoReferralVisit, DEMO_REFERRAL } from './referrals-demo.ts';

// The demo content's sales history (seed-demo.ts): buyers, paid orders over the last eight weeks, a coupon, what
// the buyers watched and their reviews, so the tutor's and the admin's dashboards have figures on a fresh clone.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The demo courses the orders name (titles of apps/api/assets/demo/courses.json). */
const C = {
  testing: 'Software Testing Fundamentals',
  playwright: 'Test Automation with Playwright',
  node: 'Node.js Backend APIs with PostgreSQL',
  kubernetes: 'Kubernetes for Beginners',
  docker: 'Docker and CI/CD Pipelines',
  scrum: 'Product Ownership with Scrum',
  react: 'React and TypeScript from Scratch',
  flutter: 'Flutter Mobile Apps',
} as const;

/** The demo tutor's coupon: 20 % off one course, started before the first sale that used it, open for a year. */
export const DEMO_COUPON = {
  code: 'WELCOME20',
  course: C.node,
  percent: 20,
  limit: 100,
  startedDaysAgo: 50,
  endsInDays: 365,
} as const;

/** Demo buyers: students without a usable password (figures in the dashboards, not logins). */
export const DEMO_BUYERS = (
  'Adaeze Okafor, Babatunde Adeyemi, Chinedu Nwachukwu, Funmilayo Ogunleye, Ibrahim Musa, Ngozi Obi, ' +
  'Oluwaseun Akinola, Amina Bello, Emeka Okonkwo, Yetunde Balogun, Kelechi Ibe, Hauwa Abdullahi, Segun Ojo, ' +
  'Zainab Lawal, Obinna Eze, Temitope Adebayo'
).split(', ');

export const demoBuyerEmail = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.devlearn.ng`;

/** No argon2 hash: every sign-in as a demo buyer fails, as for a deleted account (`!deleted:…`). */
export const NO_PASSWORD = '!demo-buyer';

/**
 * A paid order: days before the seed, its buyer (index in DEMO_BUYERS; null: the demo student), its courses;
 * `referral`: the buyer came through the demo tutor's referral link of DEMO_REFERRAL.course (its line's fee is the
 * referral fee).
 */
export type DemoOrder = {
  daysAgo: number;
  buyer: number | null;
  courses: string[];
  coupon?: boolean;
  referral?: boolean;
};

/** The buyers' orders (by days ago) made through the demo tutor's referral link (commands/referrals-demo.ts). */
const REFERRAL_ORDERS_DAYS_AGO: readonly number[] = [14, 6, 1];

/** The buyers' orders, more of them lately; `coupon` uses DEMO_COUPON (once per buyer, as at a checkout). */
const BUYER_ORDERS: DemoOrder[] = (
  [
    [55, 0, [C.node]],
    [52, 1, [C.react]],
    [49, 2, [C.kubernetes, C.docker]],
    [46, 3, [C.testing]],
    [43, 4, [C.node], true],
    [41, 5, [C.flutter]],
    [38, 6, [C.react, C.node], true],
    [36, 0, [C.docker]],
    [33, 7, [C.playwright]],
    [31, 8, [C.kubernetes]],
    [29, 9, [C.node], true],
    [27, 10, [C.react]],
    [24, 11, [C.scrum]],
    [22, 12, [C.node, C.kubernetes]],
    [20, 1, [C.playwright]],
    [18, 13, [C.flutter]],
    [16, 14, [C.node], true],
    [14, 15, [C.react, C.testing]],
    [12, 2, [C.node]],
    [10, 3, [C.playwright]],
    [8, 4, [C.kubernetes]],
    [6, 5, [C.react]],
    [5, 9, [C.docker]],
    [3, 7, [C.node], true],
    [2, 10, [C.flutter]],
    [1, 12, [C.react]],
  ] as [number, number, string[], true?][]
).map(([daysAgo, buyer, titles, coupon]) => ({
  daysAgo,
  buyer,
  courses: titles,
  coupon: coupon === true,
  referral: REFERRAL_ORDERS_DAYS_AGO.includes(daysAgo),
}));

/** When the demo student bought their course (the manifest's `studentOwns`). */
const STUDENT_ORDER_DAYS_AGO = 10;
/** The demo tutor's course with a running cohort, whose seat the demo student bought (commands/cohorts-demo.ts). */
export const DEMO_COHORT_COURSE = C.docker;
/** When the demo student bought that seat (before the cohort started, three days ago). */
const COHORT_ORDER_DAYS_AGO = 8;
/** Buyers review a course this many days after buying it (so only orders older than that have reviews). */
const REVIEW_AFTER_DAYS = 4;
/** What share of a course's lessons a buyer finished, in turn: every lesson, half of them, none. */
const WATCHED = [1, 0.5, 0] as const;
/** The demo lessons' length (12 s clips, docs/DECISIONS.md): a finished lesson's coverage. */
const LESSON_SECONDS = 12;
/** What the buyers who review write, in turn. */
const REVIEWS = [
  { rating: 5, comment: 'Clear, practical lessons. I used it at work the next week.' },
  { rating: 4, comment: 'Good pace and real examples; I wanted one more project.' },
  { rating: 5, comment: null },
  { rating: 4, comment: 'The tutor answers questions quickly.' },
  { rating: 3, comment: 'Useful, but the second section moves fast.' },
  { rating: 5, comment: 'Exactly what I needed to get started.' },
] as const;

/** Every order of the history, oldest first: the buyers', the demo student's own course and cohort seat. */
export const demoOrders = (studentOwns: string): DemoOrder[] =>
  [
    ...BUYER_ORDERS,
    { daysAgo: STUDENT_ORDER_DAYS_AGO, buyer: null, courses: [studentOwns], coupon: false },
    { daysAgo: COHORT_ORDER_DAYS_AGO, buyer: null, courses: [DEMO_COHORT_COURSE], coupon: false },
  ].sort((a, b) => b.daysAgo - a.daysAgo);

/** One course of a demo order and what its buyer did after: the share of lessons finished, and a review. */
export type DemoPurchase = {
  order: number;
  course: string;
  coupon: boolean;
  /** A referral sale (the referral fee). */
  referral: boolean;
  watched: number;
  review: (typeof REVIEWS)[number] | null;
};

/** The courses of `demoOrders`, in their order, with the buyers' learning (the demo student's is left to them). */
export function demoPurchases(studentOwns: string): DemoPurchase[] {
  let n = 0;
  let reviewed = 0;
  return demoOrders(studentOwns).flatMap((o, order) =>
    o.courses.map((course) => {
      const coupon = o.coupon === true && course === DEMO_COUPON.course;
      const referral = o.referral === true && course === DEMO_REFERRAL.course;
      if (o.buyer === null) return { order, course, coupon, referral, watched: 0, review: null };
      const i = n++;
      const review =
        o.daysAgo > REVIEW_AFTER_DAYS && i % 2 === 0 ? REVIEWS[reviewed++ % REVIEWS.length]! : null;
      return { order, course, coupon, referral, watched: WATCHED[i % WATCHED.length]!, review };
    }),
  );
}

export type DemoCourse = { id: number; title: string; priceKobo: number };

/** What the demo's money history is written for: the demo tutor, the demo student and the course they own. */
export type DemoSeed = {
  tutorId: number;
  student: { id: number; email: string };
  studentOwns: string;
  courses: DemoCourse[];
};

/** Demo orders' references: the checkout's alphabet (letters, digits, '-'), and easy to tell from real ones. */
const DEMO_REFERENCE = 'DL-DEMO-';
const CHANNELS = ['card', 'bank_transfer', 'card', 'ussd'] as const;

/**
 * Adds the sales history of the demo courses in the seed's transaction, through the checkout's money model: orders
 * with their lines (fee and net split, the coupon's discount and its reserved use), paid, then the enrolments and
 * the tutors' ledger exactly as a fulfilment writes them, back-dated to their day. The demo student's course is
 * one of these orders. Then the buyers' progress, watch coverage and reviews, and the tutor, the student and the
 * courses made older than the first sale. Deterministic: every time is a fixed offset from `now`.
 */
export async function addDemoSales(
  tx: Tx,
  ctx: Pick<AppContext, 'config' | 'payments'>,
  demo: DemoSeed,
  now = Date.now(),
): Promise<void> {
  const byTitle = new Map(demo.courses.map((c) => [c.title, c]));
  const course = (title: string) => {
    const c = byTitle.get(title);
    if (!c) throw new Error(`The demo sales name a course the demo content does not have: ${title}`);
    return c;
  };
  const list = demoOrders(demo.studentOwns);
  // Spread over the day too: the n-th order is up to 7 hours earlier than its day's offset.
  const paidAt = list.map((o, i) => new Date(now - o.daysAgo * DAY - ((i * 97) % 420) * MINUTE));
  const buyers = await addBuyers(tx, list, paidAt);
  const who = list.map((o) =>
    o.buyer === null ? demo.student : { id: buyers[o.buyer]!, email: demoBuyerEmail(DEMO_BUYERS[o.buyer]!) },
  );
  const startsAt = new Date(now - DEMO_COUPON.startedDaysAgo * DAY);
  const [coupon] = await tx
    .insert(coupons)
    .values({
      courseId: course(DEMO_COUPON.course).id,
      tutorId: demo.tutorId,
      code: DEMO_COUPON.code,
      kind: 'percent',
      value: DEMO_COUPON.percent,
      startsAt,
      endsAt: new Date(now + DEMO_COUPON.endsInDays * DAY),
      usageLimit: DEMO_COUPON.limit,
      createdAt: startsAt,
    })
    .returning();

  // The demo tutor's referral link, its guests' visits, and a visit before each referral sale (referrals-demo.ts).
  const referred = course(DEMO_REFERRAL.course).id;
  const linkId = await addDemoReferralLink(tx, { tutorId: demo.tutorId, courseId: referred, now });

  const payments: (typeof sandboxTransactions.$inferInsert)[] = [];
  for (const [i, o] of list.entries()) {
    const reference = `${DEMO_REFERENCE}${String(i + 1).padStart(3, '0')}`;
    const createdAt = new Date(paidAt[i]!.getTime() - 4 * MINUTE);
    const channel = CHANNELS[i % CHANNELS.length]!;
    const lines = o.courses.map((t) => ({ courseId: course(t).id, priceKobo: course(t).priceKobo }));
    const amountKobo = await addPaidOrder(tx, ctx, {
      order: { reference, studentId: who[i]!.id, provider: ctx.payments.name, createdAt },
      paid: { status: 'paid', paidAt: paidAt[i]!, paidChannel: channel },
      lines,
      coupon: o.coupon ? coupon! : null,
      tutorId: demo.tutorId,
      ...(o.referral && o.courses.includes(DEMO_REFERRAL.course)
        ? {
            referral: {
              courseId: referred,
              visitId: await addDemoReferralVisit(tx, {
                linkId,
                tutorId: demo.tutorId,
                courseId: referred,
                studentId: who[i]!.id,
                paidAt: paidAt[i]!,
              }),
            },
          }
        : {}),
    });
    payments.push({
      reference,
      email: who[i]!.email,
      amountKobo,
      currency: 'NGN',
      accessCode: 'demo',
      status: 'success',
      channel,
      createdAt,
      paidAt: paidAt[i]!,
    });
  }
  await backdateSales(tx);
  // The sandbox's own record of each payment, so a demo order can be refunded as a real one is.
  if (ctx.payments.name === 'sandbox') await tx.insert(sandboxTransactions).values(payments);
  await addLearning(tx, {
    paidAt,
    studentIds: who.map((w) => w.id),
    course,
    studentOwns: demo.studentOwns,
    now,
  });

  // Nobody bought a course before it existed, nor from a tutor who had not signed up yet.
  const first = paidAt[0]!.getTime();
  const student = paidAt[list.findIndex((o) => o.buyer === null)]!.getTime();
  const backdate = (id: number, at: number) =>
    tx
      .update(accounts)
      .set({ createdAt: new Date(at) })
      .where(eq(accounts.id, id));
  await backdate(demo.tutorId, first - 7 * DAY);
  await backdate(demo.student.id, student - 3 * DAY);
  const shift = sql`${courses.createdAt} - make_interval(secs => ${(now - first + 5 * DAY) / 1000})`;
  await tx.update(courses).set({ createdAt: shift }).where(eq(courses.tutorId, demo.tutorId));
}

/** The demo buyers, each signed up a few days before their first order; answers their ids by DEMO_BUYERS index. */
async function addBuyers(tx: Tx, list: DemoOrder[], paidAt: Date[]): Promise<number[]> {
  const made = await tx
    .insert(accounts)
    .values(
      DEMO_BUYERS.map((fullName, b) => ({
        role: 'user' as const,
        fullName,
        email: demoBuyerEmail(fullName),
        userName: demoBuyerEmail(fullName),
        phoneNumber: `0803${2000001 + b}`,
        passwordHash: NO_PASSWORD,
        createdAt: new Date(paidAt[list.findIndex((o) => o.buyer === b)]!.getTime() - (2 + (b % 5)) * DAY),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: accounts.id, email: accounts.email });
  const ids = new Map(made.map((a) => [a.email, a.id]));
  const idOf = async (email: string) => ids.get(email) ?? (await accountByRoleEmail(tx, 'user', email))!.id;
  const all: number[] = [];
  for (const name of DEMO_BUYERS) all.push(await idOf(demoBuyerEmail(name)));
  return all;
}

/**
 * One order as a checkout and its fulfilment write it: pending with its priced lines and the coupon's reserved use
 * (commands/charge.ts), then paid (the database confirms the use), the enrolments and the ledger's sale lines
 * (commands/fulfil-order.ts). No notifications: the buyers are not people. Answers the amount paid.
 */
export async function addPaidOrder(
  tx: Tx,
  ctx: Pick<AppContext, 'config'>,
  o: {
    order: Pick<typeof orders.$inferInsert, 'reference' | 'studentId' | 'provider' | 'createdAt'>;
    paid: Partial<typeof orders.$inferInsert>;
    lines: { courseId: number; priceKobo: number }[];
    coupon: CouponRow | null;
    tutorId: number;
    /** A referral sale's course and visit: that line has the referral fee (commands/split.ts). */
    referral?: { courseId: number; visitId: number };
  },
): Promise<number> {
  const feePercent = ctx.config.payouts.platformFeePercent;
  const referralPercent = Math.min(ctx.config.referrals.feePercent, feePercent);
  const money = (l: { courseId: number; priceKobo: number }) => {
    const usual = splitPrice(l.priceKobo, feePercent);
    if (l.courseId !== o.referral?.courseId) return { ...usual, route: 'owed' as const };
    const split = splitPrice(l.priceKobo, referralPercent);
    return {
      ...split,
      route: 'owed' as const,
      referralVisitId: o.referral.visitId,
      referralExtraKobo: usual.feeKobo - split.feeKobo,
    };
  };
  const byCourse = new Map<number, CouponRow>(o.coupon ? [[o.coupon.courseId, o.coupon]] : []);
  const priced = discountLines(o.lines, byCourse);
  const amountKobo = priced.reduce((sum, l) => sum + l.priceKobo, 0);
  const expiresAt = orderExpiry(o.order.createdAt!.getTime());
  const [order] = await tx
    .insert(orders)
    .values({ ...o.order, amountKobo, expiresAt })
    .returning({ id: orders.id });
  const lines = await tx
    .insert(orderLines)
    .values(
      priced.map((l) => ({
        orderId: order!.id,
        courseId: l.courseId,
        priceKobo: l.priceKobo,
        tutorId: o.tutorId,
        ...money(l),
        ...couponColumns(l),
      })),
    )
    .returning();
  await reserveCouponUses(tx, o.order.studentId, order!.id, lines);
  await tx.update(orders).set(o.paid).where(eq(orders.id, order!.id));
  await enrolStudent(tx, o.order.studentId, order!.id, priced);
  await recordSales(tx, order!.id, feePercent);
  return amountKobo;
}

/** The enrolments, sale lines and coupon uses of the demo orders were written now: move them to their payment. */
async function backdateSales(tx: Tx): Promise<void> {
  const demoOrder = sql`o.id = t.order_id and o.reference like ${`${DEMO_REFERENCE}%`}`;
  for (const table of [enrolments, ledgerEntries]) {
    await tx.execute(sql`update ${table} t set created_at = o.paid_at from ${orders} o where ${demoOrder}`);
  }
  await tx.execute(
    sql`update ${couponRedemptions} t set created_at = o.created_at, confirmed_at = o.paid_at
        from ${orders} o where ${demoOrder}`,
  );
}

/** The buyers' finished lessons (progress and watch coverage, two days after buying) and reviews. */
async function addLearning(
  tx: Tx,
  d: {
    paidAt: Date[];
    studentIds: number[];
    course: (title: string) => DemoCourse;
    studentOwns: string;
    now: number;
  },
): Promise<void> {
  const lessons = new Map<number, number[]>();
  const watched: { studentId: number; seriesId: number; courseId: number; at: Date }[] = [];
  const reviewRows: (typeof reviews.$inferInsert)[] = [];
  for (const p of demoPurchases(d.studentOwns)) {
    const at = d.paidAt[p.order]!.getTime();
    const studentId = d.studentIds[p.order]!;
    const courseId = d.course(p.course).id;
    if (!lessons.has(courseId)) {
      lessons.set(
        courseId,
        (await outlineIds(tx, courseId)).seriesIds.sort((a, b) => a - b),
      );
    }
    const all = lessons.get(courseId)!;
    const when = new Date(Math.min(at + 2 * DAY, d.now - 60 * MINUTE));
    for (const seriesId of all.slice(0, Math.round(all.length * p.watched))) {
      watched.push({ studentId, seriesId, courseId, at: when });
    }
    if (p.review) {
      const written = new Date(at + REVIEW_AFTER_DAYS * DAY);
      reviewRows.push({ courseId, studentId, ...p.review, createdAt: written, updatedAt: written });
    }
  }
  if (watched.length > 0) {
    const done = { positionSeconds: LESSON_SECONDS, completed: true };
    await tx.insert(progress).values(watched.map(({ at, ...key }) => ({ ...key, ...done, updatedAt: at })));
    const range: [number, number][] = [[0, LESSON_SECONDS]];
    await tx.insert(watchCoverage).values(
      watched.map(({ at, ...key }) => ({
        ...key,
        ranges: range,
        lastPosition: LESSON_SECONDS,
        reportedAt: at,
        watched: true,
      })),
    );
  }
  if (reviewRows.length > 0) {
    await tx.insert(reviews).values(reviewRows);
    // The courses' averages, as the review commands keep them (commands/reviews.ts).
    await tx.execute(sql`
      update ${courses} c set rating_count = r.n, rating_sum = r.stars
        from (select course_id, count(*)::int as n, sum(rating)::int as stars from ${reviews}
              where hidden_at is null group by course_id) r
       where c.id = r.course_id`);
  }
}
