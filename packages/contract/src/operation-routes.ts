// Zod-free. The web's first bundle holds only FIRST_OP_ROUTES (operation-routes-first.ts); the rest of this table
// loads with the first call of another operation (apps/web/src/lib/api.ts).
import { fillPath, FIRST_OP_ROUTES, type Route } from './operation-routes-first.ts';

export { fillPath, FIRST_OP_ROUTES, type Route };

/**
 * Every JSON operation of the API, declared once: name → method and path. Its schemas attach to it under the same
 * name in `OPS` (operations.ts); the server registers its routes from both (`opRoute`), the web calls it by name
 * (`callOp`), the API tests too (`t.op`).
 */
export const OP_ROUTES = {
  ...FIRST_OP_ROUTES,
  createCourse: { method: 'POST', path: '/course/tutoraddcourses' },
  updateCourse: { method: 'POST', path: '/course/update' },
  deleteCourse: { method: 'POST', path: '/course/delete' },
  processCourse: { method: 'POST', path: '/course/process' },
  tutorCourses: { method: 'POST', path: '/course/alltutor' },
  boughtCourse: { method: 'POST', path: '/course/boughtcourse' },
  allCourses: { method: 'POST', path: '/course/all' },
  reviewHistory: { method: 'POST', path: '/course/reviewhistory' },
  adminDashboard: { method: 'GET', path: '/admin/dashboard' },
  videoStatus: { method: 'POST', path: '/video/status' },
  userAdd: { method: 'POST', path: '/user/add' },
  staffAdd: { method: 'POST', path: '/staff/add' },
  otpRequest: { method: 'POST', path: '/otp/request' },
  userResetPassword: { method: 'POST', path: '/user/resetpassword' },
  staffResetPassword: { method: 'POST', path: '/staff/resetpassword' },
  adminResetPassword: { method: 'POST', path: '/admin/resetpassword' },
  userUpdate: { method: 'POST', path: '/user/update' },
  userChangePassword: { method: 'POST', path: '/user/changepassword' },
  staffChangePassword: { method: 'POST', path: '/staff/changepassword' },
  adminChangePassword: { method: 'POST', path: '/admin/changepassword' },
  staffId: { method: 'GET', path: '/staff/staffid' },
  staffUpdate: { method: 'POST', path: '/staff/update' },
  adminId: { method: 'GET', path: '/admin/adminid' },
  languageGet: { method: 'POST', path: '/account/language/get' },
  languageUpdate: { method: 'POST', path: '/account/language' },
  cardCharge: { method: 'POST', path: '/card/charge' },
  customerTransaction: { method: 'POST', path: '/customertransaction/add' },
  staffDashboard: { method: 'GET', path: '/staff/dashboard' },
  progressUpdate: { method: 'POST', path: '/progress/update' },
  progressCourse: { method: 'POST', path: '/progress/course' },
  notificationRead: { method: 'POST', path: '/notification/read' },
  reviewAdd: { method: 'POST', path: '/review/add' },
  reviewHide: { method: 'POST', path: '/review/hide' },
  reviewMine: { method: 'POST', path: '/review/mine' },
  orderGet: { method: 'GET', path: '/order/:reference' },
  /** Public: whether the order under an (unguessable) reference is paid, for a return page without a sign-in. */
  orderPaid: { method: 'GET', path: '/order/:reference/paid' },
  orderList: { method: 'POST', path: '/order/list' },
  orderCancel: { method: 'POST', path: '/order/cancel' },
  refundPolicy: { method: 'GET', path: '/refund/policy' },
  refundRequest: { method: 'POST', path: '/refund/request' },
  refundList: { method: 'POST', path: '/refund/list' },
  refundProcess: { method: 'POST', path: '/refund/process' },
  bankList: { method: 'GET', path: '/bank/list' },
  bankResolve: { method: 'POST', path: '/bank/resolve' },
  payoutAccountGet: { method: 'GET', path: '/staff/payoutaccount/current' },
  payoutAccountCode: { method: 'POST', path: '/staff/payoutaccount/code' },
  payoutAccountSet: { method: 'POST', path: '/staff/payoutaccount' },
  earningsSummary: { method: 'GET', path: '/staff/earnings/summary' },
  staffLedger: { method: 'POST', path: '/staff/ledger' },
  adminPayoutsList: { method: 'POST', path: '/admin/payouts/list' },
  adminPayoutsPay: { method: 'POST', path: '/admin/payouts/pay' },
  adminPayoutsHistory: { method: 'POST', path: '/admin/payouts/history' },
  // Instalment plans (docs/payments.md, "Instalment plans").
  planSave: { method: 'POST', path: '/plan/save' },
  planList: { method: 'POST', path: '/plan/list' },
  planRemove: { method: 'POST', path: '/plan/remove' },
  planQuote: { method: 'POST', path: '/plan/quote' },
  planMine: { method: 'POST', path: '/plan/mine' },
  planGet: { method: 'POST', path: '/plan/get' },
  planPay: { method: 'POST', path: '/plan/pay' },
  planCancel: { method: 'POST', path: '/plan/cancel' },
  savedCardList: { method: 'POST', path: '/card/saved' },
  savedCardRemove: { method: 'POST', path: '/card/saved/remove' },
  adminPlans: { method: 'POST', path: '/admin/plans/list' },
  adminPlanCancel: { method: 'POST', path: '/admin/plans/cancel' },
  quizSave: { method: 'POST', path: '/quiz/save' },
  quizDelete: { method: 'POST', path: '/quiz/delete' },
  quizGet: { method: 'POST', path: '/quiz/get' },
  quizSubmit: { method: 'POST', path: '/quiz/submit' },
  quizStats: { method: 'POST', path: '/quiz/stats' },
  /** Public: a certificate's verification (the code is random). */
  certificateGet: { method: 'GET', path: '/certificate/:code' },
  certificateList: { method: 'POST', path: '/certificate/list' },
  questionAdd: { method: 'POST', path: '/question/add' },
  questionList: { method: 'POST', path: '/question/list' },
  questionGet: { method: 'POST', path: '/question/get' },
  questionAnswer: { method: 'POST', path: '/question/answer' },
  questionVote: { method: 'POST', path: '/question/vote' },
  questionAccept: { method: 'POST', path: '/question/accept' },
  questionEdit: { method: 'POST', path: '/question/edit' },
  questionDelete: { method: 'POST', path: '/question/delete' },
  questionReport: { method: 'POST', path: '/question/report' },
  questionReports: { method: 'POST', path: '/question/reports' },
  questionHide: { method: 'POST', path: '/question/hide' },
  qaStats: { method: 'GET', path: '/staff/qa/stats' },
  qaEmailsGet: { method: 'GET', path: '/qa/emails/current' },
  qaEmailsSet: { method: 'POST', path: '/qa/emails' },
  announcementAdd: { method: 'POST', path: '/announcement/add' },
  announcementList: { method: 'POST', path: '/announcement/list' },
  sessionList: { method: 'POST', path: '/session/list' },
  sessionRevoke: { method: 'POST', path: '/session/revoke' },
  twoFactorStatus: { method: 'POST', path: '/2fa/status' },
  twoFactorSetup: { method: 'POST', path: '/2fa/setup' },
  twoFactorEnable: { method: 'POST', path: '/2fa/enable' },
  twoFactorDisable: { method: 'POST', path: '/2fa/disable' },
  twoFactorRecoveryCodes: { method: 'POST', path: '/2fa/recovery-codes' },
  login2fa: { method: 'POST', path: '/login/2fa' },
  accountExport: { method: 'POST', path: '/account/export' },
  accountExportList: { method: 'POST', path: '/account/export/list' },
  accountDelete: { method: 'POST', path: '/account/delete' },
  auditList: { method: 'POST', path: '/audit/list' },
  couponSave: { method: 'POST', path: '/coupon/save' },
  couponList: { method: 'POST', path: '/coupon/list' },
  couponDisable: { method: 'POST', path: '/coupon/disable' },
  couponApply: { method: 'POST', path: '/coupon/apply' },
  dashboardTutor: { method: 'POST', path: '/dashboard/tutor' },
  dashboardTutorSales: { method: 'POST', path: '/dashboard/tutor/sales' },
  dashboardAdmin: { method: 'POST', path: '/dashboard/admin' },
  saleSave: { method: 'POST', path: '/sale/save' },
  saleList: { method: 'POST', path: '/sale/list' },
  saleCancel: { method: 'POST', path: '/sale/cancel' },
  saleOptOut: { method: 'POST', path: '/sale/optout' },
  referralLink: { method: 'POST', path: '/referral/link' },
  referralVisit: { method: 'POST', path: '/referral/visit' },
  referralStats: { method: 'POST', path: '/referral/stats' },
  cohortSave: { method: 'POST', path: '/cohort/save' },
  cohortCancel: { method: 'POST', path: '/cohort/cancel' },
  cohortList: { method: 'POST', path: '/cohort/list' },
  cohortOffering: { method: 'POST', path: '/cohort/offering' },
  releaseRuleSet: { method: 'POST', path: '/cohort/release/rule' },
  releaseUnlock: { method: 'POST', path: '/cohort/release/unlock' },
  releaseRuleList: { method: 'POST', path: '/cohort/release/rules' },
  liveSessionSave: { method: 'POST', path: '/live/session/save' },
  liveSessionDelete: { method: 'POST', path: '/live/session/delete' },
  liveSessionList: { method: 'POST', path: '/live/session/list' },
  liveSessionOne: { method: 'POST', path: '/live/session/one' },
  liveJoin: { method: 'POST', path: '/live/join' },
  liveHeartbeat: { method: 'POST', path: '/live/heartbeat' },
  liveAttendance: { method: 'POST', path: '/live/attendance' },
  liveAttendanceMark: { method: 'POST', path: '/live/attendance/mark' },
  deadlineSet: { method: 'POST', path: '/cohort/deadline' },
  deadlineExtend: { method: 'POST', path: '/cohort/deadline/extend' },
  deadlineList: { method: 'POST', path: '/cohort/deadlines' },
  cohortAnnounce: { method: 'POST', path: '/cohort/announce' },
  waitlistJoin: { method: 'POST', path: '/cohort/waitlist/join' },
  cohortWeek: { method: 'GET', path: '/cohort/week' },
  cohortMembers: { method: 'POST', path: '/cohort/members' },
  calendarFeedNew: { method: 'POST', path: '/calendar/feed' },
  calendarFeedRevoke: { method: 'POST', path: '/calendar/feed/revoke' },
  playbackStart: { method: 'POST', path: '/playback/start' },
  playbackBeat: { method: 'POST', path: '/playback/beat' },
  playbackStop: { method: 'POST', path: '/playback/stop' },
  playbackEndOldest: { method: 'POST', path: '/playback/end-oldest' },
  playbackTamper: { method: 'POST', path: '/playback/tamper' },
  deviceList: { method: 'POST', path: '/device/list' },
  deviceRemove: { method: 'POST', path: '/device/remove' },
  watermarkLookup: { method: 'POST', path: '/admin/watermark' },
  sharingReport: { method: 'POST', path: '/admin/sharing' },
  encryptionProgress: { method: 'POST', path: '/admin/media/encryption' },
  assignmentSave: { method: 'POST', path: '/assignment/save' },
  assignmentDelete: { method: 'POST', path: '/assignment/delete' },
  assignmentGet: { method: 'POST', path: '/assignment/get' },
  assignmentList: { method: 'POST', path: '/assignment/list' },
  assignmentDraft: { method: 'POST', path: '/assignment/draft' },
  assignmentSubmit: { method: 'POST', path: '/assignment/submit' },
  submissionGet: { method: 'POST', path: '/submission/get' },
  submissionGrade: { method: 'POST', path: '/submission/grade' },
  gradingQueue: { method: 'POST', path: '/grading/queue' },
  peerTasks: { method: 'POST', path: '/peer/tasks' },
  peerReview: { method: 'POST', path: '/peer/review' },
  assistantInvite: { method: 'POST', path: '/assistant/invite' },
  assistantAccept: { method: 'POST', path: '/assistant/accept' },
  assistantList: { method: 'POST', path: '/assistant/list' },
  assistantRemove: { method: 'POST', path: '/assistant/remove' },
  assisting: { method: 'POST', path: '/assistant/courses' },
  gradebook: { method: 'POST', path: '/gradebook' },
  giftPreview: { method: 'POST', path: '/gift/preview' },
  giftRedeem: { method: 'POST', path: '/gift/redeem' },
  giftPassOn: { method: 'POST', path: '/gift/pass-on' },
  captionUpload: { method: 'POST', path: '/caption/upload' },
  captionList: { method: 'POST', path: '/caption/list' },
  captionDelete: { method: 'POST', path: '/caption/delete' },
  transcriptSearch: { method: 'POST', path: '/transcript/search' },
  teamMine: { method: 'GET', path: '/team/mine' },
  teamView: { method: 'POST', path: '/team/view' },
  teamInvite: { method: 'POST', path: '/team/invite' },
  teamImport: { method: 'POST', path: '/team/invite/import' },
  teamSeatReassign: { method: 'POST', path: '/team/seat/reassign' },
  teamMemberRemove: { method: 'POST', path: '/team/member/remove' },
  teamInvitePreview: { method: 'POST', path: '/team/invite/preview' },
  teamInviteAccept: { method: 'POST', path: '/team/invite/accept' },
} as const satisfies Record<string, Route>;
export type OpName = keyof typeof OP_ROUTES;

/** The API's calls that are not JSON operations: a multipart upload, the payment provider's webhook, the probes. */
export const PLAIN_ROUTES = {
  upload: { method: 'POST', path: '/images/add' },
  paystackWebhook: { method: 'POST', path: '/paystack/webhook' },
  /** The order's PDF receipt: the owner's `apiKey`, or the signed link (`?sig=`) of the purchase email. */
  orderReceipt: { method: 'GET', path: '/order/:reference/receipt.pdf' },
  /** The link of an instalment's reminder: a checkout of exactly that instalment (signed, no sign-in needed). */
  instalmentPayLink: { method: 'GET', path: '/plan/instalment/:id/pay' },
  /** A certificate as an A4 landscape PDF with a QR code of its verification page (public). */
  certificatePdf: { method: 'GET', path: '/certificate/:code.pdf' },
  /** The certificate's share image (PNG) for link previews (public). */
  certificateImage: { method: 'GET', path: '/certificate/:code.png' },
  /** The owner's data export (a zip of JSON files), for 7 days after it is ready. */
  accountExportFile: { method: 'GET', path: '/account/export/:id' },
  /** A live session's `.ics` (members and the course's staff, by `apiKey`). */
  liveSessionIcs: { method: 'GET', path: '/live/session/:id.ics' },
  /** A student's private calendar feed (sessions and deadlines) behind its revocable token. */
  calendarFeed: { method: 'GET', path: '/calendar/:token.ics' },
  /** A submission's file for a signed-in submitter (multipart: `assignmentId`, then the file in `files`). */
  assignmentUpload: { method: 'POST', path: '/assignment/upload' },
  /** A course's (or cohort's) gradebook as CSV (the course's staff, by `apiKey`). */
  gradebookCsv: { method: 'GET', path: '/gradebook/:courseId.csv' },
  health: { method: 'GET', path: '/health' },
  ready: { method: 'GET', path: '/ready' },
} as const satisfies Record<string, Route>;

/** The names of the values in a path (`'id'` for `/course/singlecourse/:id`), `never` when it has none. */
type PathValueNames<P extends string> = P extends `${string}:${infer K}/${infer Rest}`
  ? K | PathValueNames<`/${Rest}`>
  : P extends `${string}:${infer K}`
    ? K
    : never;
/** The values an operation's path needs: `{ id: 5 }` for `singleCourse`, `undefined` when it needs none. */
export type OpPathValues<N extends OpName> = [PathValueNames<(typeof OP_ROUTES)[N]['path']>] extends [never]
  ? undefined
  : Record<PathValueNames<(typeof OP_ROUTES)[N]['path']>, string | number>;

/** An operation's path with its values filled in: `opPath('singleCourse', { id: 5 })` is `/course/singlecourse/5`. */
export function opPath<N extends OpName>(
  name: N,
  ...[values]: OpPathValues<N> extends undefined ? [] : [values: OpPathValues<N>]
): string {
  return fillPath(OP_ROUTES[name].path, values);
}
