import type { z } from 'zod';
import { envelope, ZOkResponse } from './common.ts';
import {
  ZCourseIdRequest,
  ZCourseInput,
  ZCourseResponse,
  ZCourseUpdateRequest,
  ZProcessCourseRequest,
} from './courses.ts';
import {
  ZAdminDashboardResponse,
  ZAllCoursesRequest,
  ZCourseCategoriesResponse,
  ZCourseGroupsResponse,
  ZCourseIdParams,
  ZCoursesPageResponse,
  ZGroupParams,
  ZReviewHistoryResponse,
  ZSearchRequest,
  ZSearchResponse,
  ZSingleCourseRequest,
  ZStudentCoursesRequest,
  ZUserCoursesResponse,
} from './courses.ts';
import { ZPageRequest } from './common.ts';
import { ZVideoStatusRequest, ZVideoStatusResponse } from './media.ts';
import { ZBoughtCourseRequest, ZBoughtCourseResponse } from './payments.ts';
import { ZWishlistRequest, ZWishlistResponse } from './wishlist.ts';
import type { OpName } from './operation-routes.ts';
import { ZAuditListRequest, ZAuditListResponse } from './audit.ts';
import {
  ZCouponApplyRequest,
  ZCouponApplyResponse,
  ZCouponDisableRequest,
  ZCouponListRequest,
  ZCouponListResponse,
  ZCouponSaveRequest,
  ZCouponSaveResponse,
} from './coupons.ts';
import {
  ZAdminStatsRequest,
  ZAdminStatsResponse,
  ZTutorSalesResponse,
  ZTutorStatsRequest,
  ZTutorStatsResponse,
} from './dashboards.ts';
import {
  ZSaleCancelRequest,
  ZSaleListResponse,
  ZSaleOptOutRequest,
  ZSaleSaveRequest,
  ZSaleSaveResponse,
} from './sales.ts';
import {
  ZAccountDeleteRequest,
  ZDataExportListResponse,
  ZDataExportResponse,
  ZLogin2faRequest,
  ZLoginAnswer,
  ZRecoveryCodesResponse,
  ZSessionListResponse,
  ZSessionRevokeRequest,
  ZSessionRevokeResponse,
  ZTwoFactorConfirmRequest,
  ZTwoFactorEnableRequest,
  ZTwoFactorSetupResponse,
  ZTwoFactorStatusResponse,
} from './security.ts';
import {
  ZAdminResponse,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZOtpRequest,
  ZOtpResponse,
  ZResetPasswordRequest,
  ZStaffResponse,
  ZStaffSignupRequest,
  ZStaffUpdateRequest,
  ZUserSignupRequest,
  ZUserUpdateRequest,
  ZUserUpdateResponse,
} from './accounts.ts';
import {
  ZChargeRequest,
  ZChargeResponse,
  ZCustomerTransactionRequest,
  ZTutorDashboardResponse,
} from './payments.ts';
import { ZProgressCourseRequest, ZProgressResponse, ZProgressUpdateRequest } from './courses.ts';
import {
  ZNotificationListRequest,
  ZNotificationListResponse,
  ZNotificationReadRequest,
  ZNotificationReadResponse,
} from './notifications.ts';
import {
  ZReviewAddRequest,
  ZReviewAddResponse,
  ZReviewHideRequest,
  ZReviewListRequest,
  ZReviewListResponse,
  ZReviewMineRequest,
  ZReviewMineResponse,
} from './reviews.ts';
import {
  ZOrderCancelRequest,
  ZOrderListResponse,
  ZOrderParams,
  ZOrderPaidResponse,
  ZOrderResponse,
  ZPendingOrderRefusal,
  ZRefundListRequest,
  ZRefundListResponse,
  ZRefundPolicyResponse,
  ZRefundProcessRequest,
  ZRefundRequest,
} from './orders.ts';
import {
  ZBankListResponse,
  ZBankResolveRequest,
  ZBankResolveResponse,
  ZEarningsSummaryResponse,
  ZEmptyRequest,
  ZLedgerResponse,
  ZOwedTutorsResponse,
  ZPayoutAccountRequest,
  ZPayoutAccountResponse,
  ZPayoutHistoryRequest,
  ZPayoutHistoryResponse,
  ZPayRequest,
  ZPayResponse,
} from './payouts.ts';
import {
  ZQuizIdRequest,
  ZQuizResponse,
  ZQuizSaveRequest,
  ZQuizStatsRequest,
  ZQuizStatsResponse,
  ZQuizSubmitRequest,
  ZQuizSubmitResponse,
} from './quizzes.ts';
import { ZCertificateDto, ZCertificateListResponse, ZCertificateParams } from './certificates.ts';
import {
  ZAcceptRequest,
  ZAnnouncementAddRequest,
  ZAnnouncementListRequest,
  ZAnnouncementListResponse,
  ZAnnouncementResponse,
  ZAnswerAddRequest,
  ZAnswerResponse,
  ZPostEditRequest,
  ZPostIdRequest,
  ZPostKindRequest,
  ZQaEmailsRequest,
  ZQaEmailsResponse,
  ZQaStatsResponse,
  ZQuestionAddRequest,
  ZQuestionListRequest,
  ZQuestionListResponse,
  ZQuestionResponse,
  ZReportListResponse,
  ZReportRequest,
  ZVoteRequest,
  ZVoteResponse,
} from './questions.ts';

/**
 * The schemas of an API operation, attached to its method and path (`OP_ROUTES`, under the same name): its JSON
 * body (`request`, none for a GET), its path values (`params`), the answer and the refusals (4xx, and 503 when a
 * service it needs is down) it may answer, each as `{ responseDto }` unless `refusalAnswers` names another body.
 * A small typed map rather than a routing library (ts-rest and the like): the server keeps Fastify with its zod
 * type provider and registers each route from its declaration (`opRoute`), the web keeps its `api` client and
 * calls operations by name (`callOp`), and the two maps are all both need to agree.
 */
export type Operation = {
  request?: z.ZodType;
  params?: z.ZodType;
  answer: z.ZodType;
  refusals: readonly Refusal[];
  /** The body of a refusal when it is not the usual `{ responseDto }` (a refusal that carries an answer). */
  refusalAnswers?: Partial<Record<Refusal, z.ZodType>>;
};
type Refusal = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 503;

// A signed-in call refuses a bad body, a guest and another role; one on a record, an unknown record too.
const SIGNED_IN = [400, 401, 403] as const;
const ON_A_RECORD = [400, 401, 403, 404] as const;

// The three roles' login, password reset and password change are one operation each, at the role's own path.
// An account with two-factor sign-in on gets a challenge instead of the token (`login2fa` completes it).
const LOGIN = { request: ZLoginRequest, answer: ZLoginAnswer, refusals: [400, 429] } as const;
const RESET_PASSWORD = { request: ZResetPasswordRequest, answer: ZOkResponse, refusals: [400, 429] } as const;
const CHANGE_PASSWORD = {
  request: ZChangePasswordRequest,
  answer: ZChangePasswordResponse,
  refusals: [400, 401, 403, 429],
} as const;

export const OPS = {
  createCourse: { request: ZCourseInput, answer: ZCourseResponse, refusals: SIGNED_IN },
  updateCourse: { request: ZCourseUpdateRequest, answer: ZCourseResponse, refusals: ON_A_RECORD },
  deleteCourse: { request: ZCourseIdRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  processCourse: { request: ZProcessCourseRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  userAllCourses: { answer: ZUserCoursesResponse, refusals: [401, 403] },
  courseSearch: { request: ZSearchRequest, answer: ZSearchResponse, refusals: [400] },
  studentCourses: { request: ZStudentCoursesRequest, answer: ZCoursesPageResponse, refusals: [400] },
  // Its auth runs after the path is validated: an id that cannot exist is a 404 for anyone, a guest's 401 after.
  singleCourse: { params: ZCourseIdParams, answer: ZCourseResponse, refusals: [400, 401, 404] },
  viewSingleCourse: { request: ZSingleCourseRequest, answer: ZCourseResponse, refusals: [400, 404] },
  tutorCourses: { request: ZPageRequest, answer: ZCoursesPageResponse, refusals: SIGNED_IN },
  boughtCourse: { request: ZBoughtCourseRequest, answer: ZBoughtCourseResponse, refusals: ON_A_RECORD },
  courseGroups: { answer: ZCourseGroupsResponse, refusals: [] },
  courseCategories: { params: ZGroupParams, answer: ZCourseCategoriesResponse, refusals: [400, 404] },
  allCourses: { request: ZAllCoursesRequest, answer: ZCoursesPageResponse, refusals: SIGNED_IN },
  reviewHistory: { request: ZCourseIdRequest, answer: ZReviewHistoryResponse, refusals: ON_A_RECORD },
  adminDashboard: { answer: ZAdminDashboardResponse, refusals: [401, 403] },
  videoStatus: { request: ZVideoStatusRequest, answer: ZVideoStatusResponse, refusals: SIGNED_IN },
  wishlistAdd: { request: ZWishlistRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  wishlistRemove: { request: ZWishlistRequest, answer: ZOkResponse, refusals: SIGNED_IN },
  wishlistList: { answer: ZWishlistResponse, refusals: [401, 403] },
  // Logging in, signing up and resetting a password are throttled per client (AUTH_RATE_LIMIT): 429.
  loginCustomer: LOGIN,
  loginStaff: LOGIN,
  loginAdmin: LOGIN,
  userAdd: { request: ZUserSignupRequest, answer: ZOkResponse, refusals: [400, 409, 429] },
  staffAdd: { request: ZStaffSignupRequest, answer: ZOkResponse, refusals: [400, 409, 429] },
  otpRequest: { request: ZOtpRequest, answer: ZOtpResponse, refusals: [400, 429] },
  userResetPassword: RESET_PASSWORD,
  staffResetPassword: RESET_PASSWORD,
  adminResetPassword: RESET_PASSWORD,
  userUpdate: { request: ZUserUpdateRequest, answer: ZUserUpdateResponse, refusals: [400, 401, 403, 409] },
  userChangePassword: CHANGE_PASSWORD,
  staffChangePassword: CHANGE_PASSWORD,
  adminChangePassword: CHANGE_PASSWORD,
  staffId: { answer: ZStaffResponse, refusals: [401, 403] },
  staffUpdate: { request: ZStaffUpdateRequest, answer: ZStaffResponse, refusals: SIGNED_IN },
  adminId: { answer: ZAdminResponse, refusals: [401, 403] },
  // 402 answers the charge itself (the spec's client goes to the payment page only on an error answer); 503 is
  // the payment provider out of reach.
  cardCharge: {
    request: ZChargeRequest,
    answer: ZChargeResponse,
    // 409: a pending transfer or USSD order holds one of the courses (its reference is in the answer).
    refusals: [400, 401, 402, 403, 409, 503],
    refusalAnswers: { 402: ZChargeResponse, 409: ZPendingOrderRefusal },
  },
  customerTransaction: {
    request: ZCustomerTransactionRequest,
    answer: ZOkResponse,
    refusals: [400, 401, 403, 503],
  },
  staffDashboard: { answer: ZTutorDashboardResponse, refusals: [401, 403] },
  progressUpdate: { request: ZProgressUpdateRequest, answer: ZProgressResponse, refusals: ON_A_RECORD },
  progressCourse: { request: ZProgressCourseRequest, answer: ZProgressResponse, refusals: ON_A_RECORD },
  // Every role has notifications: no 403.
  notificationList: {
    request: ZNotificationListRequest,
    answer: ZNotificationListResponse,
    refusals: [400, 401],
  },
  notificationRead: {
    request: ZNotificationReadRequest,
    answer: ZNotificationReadResponse,
    refusals: [400, 401],
  },
  reviewAdd: { request: ZReviewAddRequest, answer: ZReviewAddResponse, refusals: ON_A_RECORD },
  // Public: a stale token reads as a guest.
  reviewList: { request: ZReviewListRequest, answer: ZReviewListResponse, refusals: [400, 404] },
  reviewHide: { request: ZReviewHideRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  // The signed-in student's own review of a course (null before they rate it).
  reviewMine: { request: ZReviewMineRequest, answer: ZReviewMineResponse, refusals: SIGNED_IN },
  // Orders and refunds: the student's own (another's reference is a 404, as an unknown one).
  orderGet: { params: ZOrderParams, answer: ZOrderResponse, refusals: ON_A_RECORD },
  // Public (the reference is the secret): an unknown reference is a 404.
  orderPaid: { params: ZOrderParams, answer: ZOrderPaidResponse, refusals: [404] },
  orderList: { request: ZPageRequest, answer: ZOrderListResponse, refusals: SIGNED_IN },
  orderCancel: { request: ZOrderCancelRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  refundPolicy: { answer: ZRefundPolicyResponse, refusals: [] },
  refundRequest: { request: ZRefundRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  refundList: { request: ZRefundListRequest, answer: ZRefundListResponse, refusals: SIGNED_IN },
  // 503: the provider could not be asked for the refund (the request stays to be approved again).
  refundProcess: { request: ZRefundProcessRequest, answer: ZOkResponse, refusals: [...ON_A_RECORD, 503] },
  // Banks and payout accounts: tutors only. Resolving is limited to 10 a minute per tutor (429).
  bankList: { answer: ZBankListResponse, refusals: [401, 403, 503] },
  bankResolve: {
    request: ZBankResolveRequest,
    answer: ZBankResolveResponse,
    refusals: [400, 401, 403, 429, 503],
  },
  payoutAccountGet: { answer: ZPayoutAccountResponse, refusals: [401, 403] },
  payoutAccountCode: { request: ZEmptyRequest, answer: ZOkResponse, refusals: [401, 403, 429] },
  payoutAccountSet: {
    request: ZPayoutAccountRequest,
    answer: ZPayoutAccountResponse,
    refusals: [400, 401, 403, 429, 503],
  },
  earningsSummary: { answer: ZEarningsSummaryResponse, refusals: [401, 403] },
  staffLedger: { request: ZPageRequest, answer: ZLedgerResponse, refusals: SIGNED_IN },
  // Admin payouts.
  adminPayoutsList: { request: ZPageRequest, answer: ZOwedTutorsResponse, refusals: SIGNED_IN },
  adminPayoutsPay: { request: ZPayRequest, answer: ZPayResponse, refusals: [...SIGNED_IN, 503] },
  adminPayoutsHistory: {
    request: ZPayoutHistoryRequest,
    answer: ZPayoutHistoryResponse,
    refusals: SIGNED_IN,
  },
  // Quizzes: saving and deleting follow the course's edit rules; a student must own the course.
  quizSave: { request: ZQuizSaveRequest, answer: ZQuizResponse, refusals: ON_A_RECORD },
  quizDelete: { request: ZQuizIdRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  quizGet: { request: ZQuizIdRequest, answer: ZQuizResponse, refusals: ON_A_RECORD },
  // 409: no attempts left.
  quizSubmit: { request: ZQuizSubmitRequest, answer: ZQuizSubmitResponse, refusals: [...ON_A_RECORD, 409] },
  quizStats: { request: ZQuizStatsRequest, answer: ZQuizStatsResponse, refusals: ON_A_RECORD },
  // Public: an unknown code is a 404.
  certificateGet: {
    params: ZCertificateParams,
    answer: envelope({ certificate: ZCertificateDto }),
    refusals: [400, 404],
  },
  certificateList: { request: ZEmptyRequest, answer: ZCertificateListResponse, refusals: SIGNED_IN },
  // Q&A: owners, the course's tutor and admins; posting is limited per person per hour (429).
  questionAdd: { request: ZQuestionAddRequest, answer: ZQuestionResponse, refusals: [...ON_A_RECORD, 429] },
  questionList: { request: ZQuestionListRequest, answer: ZQuestionListResponse, refusals: ON_A_RECORD },
  questionGet: { request: ZPostIdRequest, answer: ZQuestionResponse, refusals: ON_A_RECORD },
  questionAnswer: { request: ZAnswerAddRequest, answer: ZAnswerResponse, refusals: [...ON_A_RECORD, 429] },
  questionVote: { request: ZVoteRequest, answer: ZVoteResponse, refusals: ON_A_RECORD },
  questionAccept: { request: ZAcceptRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  questionEdit: { request: ZPostEditRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  questionDelete: { request: ZPostKindRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  questionReport: { request: ZReportRequest, answer: ZOkResponse, refusals: [...ON_A_RECORD, 429] },
  questionReports: { request: ZPageRequest, answer: ZReportListResponse, refusals: SIGNED_IN },
  questionHide: { request: ZPostKindRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  qaStats: { answer: ZQaStatsResponse, refusals: [401, 403] },
  qaEmailsGet: { answer: ZQaEmailsResponse, refusals: [401] },
  qaEmailsSet: { request: ZQaEmailsRequest, answer: ZQaEmailsResponse, refusals: [400, 401] },
  // 429: the course had its two announcements in the last 7 days.
  announcementAdd: {
    request: ZAnnouncementAddRequest,
    answer: ZAnnouncementResponse,
    refusals: [...ON_A_RECORD, 429],
  },
  announcementList: {
    request: ZAnnouncementListRequest,
    answer: ZAnnouncementListResponse,
    refusals: ON_A_RECORD,
  },
  sessionList: { request: ZEmptyRequest, answer: ZSessionListResponse, refusals: SIGNED_IN },
  sessionRevoke: { request: ZSessionRevokeRequest, answer: ZSessionRevokeResponse, refusals: ON_A_RECORD },
  twoFactorStatus: { request: ZEmptyRequest, answer: ZTwoFactorStatusResponse, refusals: SIGNED_IN },
  twoFactorSetup: { request: ZEmptyRequest, answer: ZTwoFactorSetupResponse, refusals: SIGNED_IN },
  twoFactorEnable: {
    request: ZTwoFactorEnableRequest,
    answer: ZRecoveryCodesResponse,
    refusals: [...SIGNED_IN, 429],
  },
  twoFactorDisable: { request: ZTwoFactorConfirmRequest, answer: ZOkResponse, refusals: [...SIGNED_IN, 429] },
  twoFactorRecoveryCodes: {
    request: ZTwoFactorConfirmRequest,
    answer: ZRecoveryCodesResponse,
    refusals: [...SIGNED_IN, 429],
  },
  login2fa: { request: ZLogin2faRequest, answer: ZLoginResponse, refusals: [400, 429] },
  // 429: an export was asked for within the last hour.
  accountExport: { request: ZEmptyRequest, answer: ZDataExportResponse, refusals: [...SIGNED_IN, 429] },
  accountExportList: { request: ZEmptyRequest, answer: ZDataExportListResponse, refusals: SIGNED_IN },
  // 409: a tutor whose courses students own.
  accountDelete: { request: ZAccountDeleteRequest, answer: ZOkResponse, refusals: [...SIGNED_IN, 409, 429] },
  auditList: { request: ZAuditListRequest, answer: ZAuditListResponse, refusals: SIGNED_IN },
  couponSave: { request: ZCouponSaveRequest, answer: ZCouponSaveResponse, refusals: ON_A_RECORD },
  couponList: { request: ZCouponListRequest, answer: ZCouponListResponse, refusals: ON_A_RECORD },
  couponDisable: { request: ZCouponDisableRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  // A guest may apply a code too (a coupon link); a student's own uses count.
  couponApply: { request: ZCouponApplyRequest, answer: ZCouponApplyResponse, refusals: [400, 401] },
  dashboardTutor: { request: ZTutorStatsRequest, answer: ZTutorStatsResponse, refusals: ON_A_RECORD },
  dashboardTutorSales: { request: ZTutorStatsRequest, answer: ZTutorSalesResponse, refusals: ON_A_RECORD },
  dashboardAdmin: { request: ZAdminStatsRequest, answer: ZAdminStatsResponse, refusals: SIGNED_IN },
  saleSave: { request: ZSaleSaveRequest, answer: ZSaleSaveResponse, refusals: SIGNED_IN },
  saleList: { request: ZEmptyRequest, answer: ZSaleListResponse, refusals: SIGNED_IN },
  saleCancel: { request: ZSaleCancelRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  saleOptOut: { request: ZSaleOptOutRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
} as const satisfies Record<OpName, Operation>;

export type Operations = typeof OPS;
type Schema<O, K extends 'request' | 'params', Side extends 'in' | 'out'> =
  O extends Record<K, z.ZodType> ? (Side extends 'in' ? z.input<O[K]> : z.output<O[K]>) : undefined;
/** What the caller sends as the body (before the server's coercions); `undefined` for a call without one. */
export type OpRequest<N extends OpName> = Schema<Operations[N], 'request', 'in'>;
/** The body as the server's handler sees it (after validation and coercions). */
export type OpBody<N extends OpName> = Schema<Operations[N], 'request', 'out'>;
/** The values in the path, as the caller gives them (`{ id: 5 }` for `/course/singlecourse/:id`). */
export type OpParams<N extends OpName> = Schema<Operations[N], 'params', 'in'>;
/** The path values as the server's handler sees them. */
export type OpParamsOut<N extends OpName> = Schema<Operations[N], 'params', 'out'>;
/** What the server answers. */
export type OpAnswer<N extends OpName> = z.output<Operations[N]['answer']>;

/** The Fastify `schema` of an operation: its body, path values, answer and refusals (all in the OpenAPI document). */
export function opSchema<O extends Operation>(op: O) {
  return {
    ...(op.request ? { body: op.request } : {}),
    ...(op.params ? { params: op.params } : {}),
    response: {
      200: op.answer,
      ...Object.fromEntries(
        op.refusals.map((status) => [status, op.refusalAnswers?.[status] ?? ZOkResponse]),
      ),
    },
  };
}
