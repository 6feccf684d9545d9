import type { z } from 'zod';
import { ZOkResponse } from './common.ts';
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
const LOGIN = { request: ZLoginRequest, answer: ZLoginResponse, refusals: [400, 429] } as const;
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
