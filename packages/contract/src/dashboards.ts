import { z } from 'zod';
import { envelope, ZId, ZIdInput } from './common.ts';

/** How the dashboards group their figures: by day, ISO week (from Monday) or month, in Lagos time. */
export const DASHBOARD_PERIODS = ['day', 'week', 'month'] as const;
export type TDashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

const ZDay = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** The window of a dashboard: `from`/`to` Lagos dates, inclusive; without them the last 30 days, 12 weeks or 12 months. */
const ZWindow = {
  period: z.enum(DASHBOARD_PERIODS, { error: 'period must be day, week or month' }).default('month'),
  from: ZDay.optional(),
  to: ZDay.optional(),
};

/** `POST /dashboard/tutor`: the tutor's figures, for one of their courses or all of them. */
export const ZTutorStatsRequest = z.object({ ...ZWindow, courseId: ZIdInput.optional() });
export type TTutorStatsRequest = z.input<typeof ZTutorStatsRequest>;

/** One bucket of the tutor's figures (naira; `bucket` is its first day, or `YYYY-MM` for a month). */
export const ZTutorBucket = z.object({
  bucket: z.string(),
  sales: z.number(),
  gross: z.number(),
  net: z.number(),
  newStudents: z.number(),
  minutesWatched: z.number(),
  /** Mean stars of the reviews written in the bucket; null without any. */
  averageRating: z.number().nullable(),
});
export type TTutorBucket = z.infer<typeof ZTutorBucket>;

export const ZTutorStatsResponse = envelope({
  period: z.enum(DASHBOARD_PERIODS),
  series: z.array(ZTutorBucket),
  totals: z.object({
    sales: z.number(),
    gross: z.number(),
    net: z.number(),
    newStudents: z.number(),
    minutesWatched: z.number(),
    /** Share (0–100, one decimal) of the courses' students who completed every lesson; null without students. */
    completionRate: z.number().nullable(),
  }),
  /** Paid uses of each coupon code in the window, most used first. */
  couponUses: z.array(z.object({ code: z.string(), uses: z.number() })),
});
export type TTutorStatsResponse = z.infer<typeof ZTutorStatsResponse>;

/** `POST /dashboard/tutor/sales`: every sale in the window (newest first), for the CSV exports of sales and buyers. */
export const ZTutorSalesResponse = envelope({
  sales: z.array(
    z.object({
      date: z.string(),
      courseId: ZId,
      course: z.string(),
      buyer: z.string(),
      email: z.string(),
      gross: z.number(),
      fee: z.number(),
      net: z.number(),
      coupon: z.string().nullable(),
      /** True when the sale was refunded: its net is no longer the tutor's. */
      refunded: z.boolean(),
      /** True for a sale through the tutor's referral link (the referral fee; docs/payments.md, "Referral links"). */
      referral: z.boolean(),
    }),
  ),
});
export type TTutorSalesResponse = z.infer<typeof ZTutorSalesResponse>;

/** `POST /dashboard/admin`: the marketplace's figures. */
export const ZAdminStatsRequest = z.object(ZWindow);
export type TAdminStatsRequest = z.input<typeof ZAdminStatsRequest>;

export const ZAdminBucket = z.object({
  bucket: z.string(),
  /** Paid orders, their naira, and the platform's fees on them. */
  sales: z.number(),
  gross: z.number(),
  fees: z.number(),
  /** Naira refunded (processed refunds). */
  refunds: z.number(),
  newStudents: z.number(),
  newTutors: z.number(),
});
export type TAdminBucket = z.infer<typeof ZAdminBucket>;

const ZTop = z.object({ id: ZId, name: z.string(), sales: z.number(), gross: z.number() });

export const ZAdminStatsResponse = envelope({
  period: z.enum(DASHBOARD_PERIODS),
  series: z.array(ZAdminBucket),
  coursesByStatus: z.array(z.object({ status: z.string(), count: z.number() })),
  /** Median hours from a course's submission to the admin's decision, for decisions in the window; null without any. */
  medianReviewHours: z.number().nullable(),
  topCourses: z.array(ZTop),
  topTutors: z.array(ZTop),
});
export type TAdminStatsResponse = z.infer<typeof ZAdminStatsResponse>;
