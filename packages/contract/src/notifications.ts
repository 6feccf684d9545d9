import { z } from 'zod';
import { envelope, ZId, ZIdInput, ZPageRequest } from './common.ts';
import { ZTimeCreated } from './courses.ts';

export const NOTIFICATION_TYPES = [
  'certificate-issued',
  'question-asked',
  'question-answered',
  'answer-accepted',
  'announcement',
  'course-approved',
  'course-rejected',
  'course-bought',
  'course-reviewed',
  'purchase-confirmed',
  'payout-account-changed',
  'payout-sent',
  'payout-paid',
  'payout-failed',
  'refund-requested',
  'refund-approved',
  'refund-rejected',
  'refund-processed',
  'refund-failed',
  'data-export-ready',
  'cohort-seat-offered',
  'cohort-cancelled',
  'cohort-reminder',
  'instalment-due',
  'instalment-paid',
  'instalment-failed',
  'plan-suspended',
  'plan-completed',
  'plan-cancelled',
  'assignment-submitted',
  'assignment-graded',
  'peer-review-assigned',
  'assistant-added',
  'gift-received',
  'gift-redeemed',
] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

export const ZNotificationDto = z.object({
  id: ZId,
  type: ZNotificationType,
  message: z.string(),
  /** A path inside the web app (for example /tutor/edit-course/12), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  timeCreated: ZTimeCreated,
});
export type TNotificationDto = z.infer<typeof ZNotificationDto>;

export const ZNotificationListRequest = ZPageRequest;
export const ZNotificationListResponse = envelope({
  notifications: z.array(ZNotificationDto),
  unreadCount: z.number(),
  totalData: z.number(),
});
export type TNotificationListResponse = z.infer<typeof ZNotificationListResponse>;

/** `POST /notification/read {ids?}`: marks the caller's given notifications read, or all of them. */
export const ZNotificationReadRequest = z.object({ ids: z.array(ZIdInput).max(1000).optional() });
export type TNotificationReadRequest = z.infer<typeof ZNotificationReadRequest>;
export const ZNotificationReadResponse = envelope({ unreadCount: z.number() });
