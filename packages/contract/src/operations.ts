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
import { OP_ROUTES, type OpName } from './operation-routes.ts';
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

/**
 * An API operation, declared once: method and path (`OP_ROUTES`, where `:name` in the path is a value the caller
 * fills in), the schemas of its JSON body (`request`, none for a GET) and of its path values (`params`), the
 * answer's schema and the refusals (4xx, and 503 when a service it needs is down) it may answer, each as
 * `{ responseDto }` unless `refusalAnswers` names another body. A small typed map rather than
 * a routing library (ts-rest and the like): the server keeps Fastify with its zod type provider and registers each
 * route from its declaration (`opRoute`), the web keeps its `api` client and calls operations by name (`callOp`),
 * and the map is all both need to agree.
 */
export type Operation = {
  method: 'GET' | 'POST';
  path: string;
  request?: z.ZodType;
  params?: z.ZodType;
  answer: z.ZodType;
  refusals: readonly Refusal[];
  /** The body of a refusal when it is not the usual `{ responseDto }` (a refusal that carries an answer). */
  refusalAnswers?: Partial<Record<Refusal, z.ZodType>>;
};
type Refusal = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 503;

// The three roles' login, password reset and password change are one operation each, at the role's own path.
function login<N extends 'loginCustomer' | 'loginStaff' | 'loginAdmin'>(name: N) {
  return {
    ...OP_ROUTES[name],
    request: ZLoginRequest,
    answer: ZLoginResponse,
    refusals: [400, 429],
  } as const;
}
function resetPassword<N extends 'userResetPassword' | 'staffResetPassword' | 'adminResetPassword'>(name: N) {
  return {
    ...OP_ROUTES[name],
    request: ZResetPasswordRequest,
    answer: ZOkResponse,
    refusals: [400, 429],
  } as const;
}
function changePassword<N extends 'userChangePassword' | 'staffChangePassword' | 'adminChangePassword'>(
  name: N,
) {
  return {
    ...OP_ROUTES[name],
    request: ZChangePasswordRequest,
    answer: ZChangePasswordResponse,
    refusals: [400, 401, 403, 429],
  } as const;
}

export const OPS = {
  createCourse: {
    ...OP_ROUTES.createCourse,
    request: ZCourseInput,
    answer: ZCourseResponse,
    refusals: [400, 401, 403],
  },
  updateCourse: {
    ...OP_ROUTES.updateCourse,
    request: ZCourseUpdateRequest,
    answer: ZCourseResponse,
    refusals: [400, 401, 403, 404],
  },
  deleteCourse: {
    ...OP_ROUTES.deleteCourse,
    request: ZCourseIdRequest,
    answer: ZOkResponse,
    refusals: [400, 401, 403, 404],
  },
  processCourse: {
    ...OP_ROUTES.processCourse,
    request: ZProcessCourseRequest,
    answer: ZOkResponse,
    refusals: [400, 401, 403, 404],
  },
  userAllCourses: { ...OP_ROUTES.userAllCourses, answer: ZUserCoursesResponse, refusals: [401, 403] },
  courseSearch: {
    ...OP_ROUTES.courseSearch,
    request: ZSearchRequest,
    answer: ZSearchResponse,
    refusals: [400],
  },
  studentCourses: {
    ...OP_ROUTES.studentCourses,
    request: ZStudentCoursesRequest,
    answer: ZCoursesPageResponse,
    refusals: [400],
  },
  // Its auth runs after the path is validated: an id that cannot exist is a 404 for anyone, a guest's 401 after.
  singleCourse: {
    ...OP_ROUTES.singleCourse,
    params: ZCourseIdParams,
    answer: ZCourseResponse,
    refusals: [400, 401, 404],
  },
  viewSingleCourse: {
    ...OP_ROUTES.viewSingleCourse,
    request: ZSingleCourseRequest,
    answer: ZCourseResponse,
    refusals: [400, 404],
  },
  tutorCourses: {
    ...OP_ROUTES.tutorCourses,
    request: ZPageRequest,
    answer: ZCoursesPageResponse,
    refusals: [400, 401, 403],
  },
  boughtCourse: {
    ...OP_ROUTES.boughtCourse,
    request: ZBoughtCourseRequest,
    answer: ZBoughtCourseResponse,
    refusals: [400, 401, 403, 404],
  },
  courseGroups: { ...OP_ROUTES.courseGroups, answer: ZCourseGroupsResponse, refusals: [] },
  courseCategories: {
    ...OP_ROUTES.courseCategories,
    params: ZGroupParams,
    answer: ZCourseCategoriesResponse,
    refusals: [400, 404],
  },
  allCourses: {
    ...OP_ROUTES.allCourses,
    request: ZAllCoursesRequest,
    answer: ZCoursesPageResponse,
    refusals: [400, 401, 403],
  },
  reviewHistory: {
    ...OP_ROUTES.reviewHistory,
    request: ZCourseIdRequest,
    answer: ZReviewHistoryResponse,
    refusals: [400, 401, 403, 404],
  },
  adminDashboard: { ...OP_ROUTES.adminDashboard, answer: ZAdminDashboardResponse, refusals: [401, 403] },
  videoStatus: {
    ...OP_ROUTES.videoStatus,
    request: ZVideoStatusRequest,
    answer: ZVideoStatusResponse,
    refusals: [400, 401, 403],
  },
  wishlistAdd: {
    ...OP_ROUTES.wishlistAdd,
    request: ZWishlistRequest,
    answer: ZOkResponse,
    refusals: [400, 401, 403, 404],
  },
  wishlistRemove: {
    ...OP_ROUTES.wishlistRemove,
    request: ZWishlistRequest,
    answer: ZOkResponse,
    refusals: [400, 401, 403],
  },
  wishlistList: { ...OP_ROUTES.wishlistList, answer: ZWishlistResponse, refusals: [401, 403] },
  // Logging in, signing up and resetting a password are throttled per client (AUTH_RATE_LIMIT): 429.
  loginCustomer: login('loginCustomer'),
  loginStaff: login('loginStaff'),
  loginAdmin: login('loginAdmin'),
  userAdd: {
    ...OP_ROUTES.userAdd,
    request: ZUserSignupRequest,
    answer: ZOkResponse,
    refusals: [400, 409, 429],
  },
  staffAdd: {
    ...OP_ROUTES.staffAdd,
    request: ZStaffSignupRequest,
    answer: ZOkResponse,
    refusals: [400, 409, 429],
  },
  otpRequest: { ...OP_ROUTES.otpRequest, request: ZOtpRequest, answer: ZOtpResponse, refusals: [400, 429] },
  userResetPassword: resetPassword('userResetPassword'),
  staffResetPassword: resetPassword('staffResetPassword'),
  adminResetPassword: resetPassword('adminResetPassword'),
  userUpdate: {
    ...OP_ROUTES.userUpdate,
    request: ZUserUpdateRequest,
    answer: ZUserUpdateResponse,
    refusals: [400, 401, 403, 409],
  },
  userChangePassword: changePassword('userChangePassword'),
  staffChangePassword: changePassword('staffChangePassword'),
  adminChangePassword: changePassword('adminChangePassword'),
  staffId: { ...OP_ROUTES.staffId, answer: ZStaffResponse, refusals: [401, 403] },
  staffUpdate: {
    ...OP_ROUTES.staffUpdate,
    request: ZStaffUpdateRequest,
    answer: ZStaffResponse,
    refusals: [400, 401, 403],
  },
  adminId: { ...OP_ROUTES.adminId, answer: ZAdminResponse, refusals: [401, 403] },
  // 402 answers the charge itself (the spec's client goes to the payment page only on an error answer); 503 is
  // the payment provider out of reach.
  cardCharge: {
    ...OP_ROUTES.cardCharge,
    request: ZChargeRequest,
    answer: ZChargeResponse,
    refusals: [400, 401, 402, 403, 503],
    refusalAnswers: { 402: ZChargeResponse },
  },
  customerTransaction: {
    ...OP_ROUTES.customerTransaction,
    request: ZCustomerTransactionRequest,
    answer: ZOkResponse,
    refusals: [400, 401, 403, 503],
  },
  staffDashboard: { ...OP_ROUTES.staffDashboard, answer: ZTutorDashboardResponse, refusals: [401, 403] },
  progressUpdate: {
    ...OP_ROUTES.progressUpdate,
    request: ZProgressUpdateRequest,
    answer: ZProgressResponse,
    refusals: [400, 401, 403, 404],
  },
  progressCourse: {
    ...OP_ROUTES.progressCourse,
    request: ZProgressCourseRequest,
    answer: ZProgressResponse,
    refusals: [400, 401, 403, 404],
  },
  // Every role has notifications: no 403.
  notificationList: {
    ...OP_ROUTES.notificationList,
    request: ZNotificationListRequest,
    answer: ZNotificationListResponse,
    refusals: [400, 401],
  },
  notificationRead: {
    ...OP_ROUTES.notificationRead,
    request: ZNotificationReadRequest,
    answer: ZNotificationReadResponse,
    refusals: [400, 401],
  },
  reviewAdd: {
    ...OP_ROUTES.reviewAdd,
    request: ZReviewAddRequest,
    answer: ZReviewAddResponse,
    refusals: [400, 401, 403, 404],
  },
  // Public: a stale token reads as a guest.
  reviewList: {
    ...OP_ROUTES.reviewList,
    request: ZReviewListRequest,
    answer: ZReviewListResponse,
    refusals: [400, 404],
  },
  reviewHide: {
    ...OP_ROUTES.reviewHide,
    request: ZReviewHideRequest,
    answer: ZOkResponse,
    refusals: [400, 401, 403, 404],
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
