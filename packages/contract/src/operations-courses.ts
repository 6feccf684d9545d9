import type { OpName } from './operation-routes.ts';
import { ZCertificateDto, ZCertificateListResponse, ZCertificateParams } from './certificates.ts';
import { envelope, ZOkResponse, ZPageRequest } from './common.ts';
import {
  ZAdminDashboardResponse,
  ZAllCoursesRequest,
  ZCourseCategoriesResponse,
  ZCourseGroupsResponse,
  ZCourseIdParams,
  ZCourseIdRequest,
  ZCourseInput,
  ZCourseResponse,
  ZCoursesPageResponse,
  ZCourseUpdateRequest,
  ZGroupParams,
  ZProcessCourseRequest,
  ZProgressCourseRequest,
  ZProgressResponse,
  ZProgressUpdateRequest,
  ZReviewHistoryResponse,
  ZSearchRequest,
  ZSearchResponse,
  ZSingleCourseRequest,
  ZStudentCoursesRequest,
  ZUserCoursesResponse,
} from './courses.ts';
import { ZVideoStatusRequest, ZVideoStatusResponse } from './media.ts';
import { ZBoughtCourseRequest, ZBoughtCourseResponse } from './payments.ts';
import { ZEmptyRequest } from './payouts.ts';
import {
  ZQuizIdRequest,
  ZQuizResponse,
  ZQuizSaveRequest,
  ZQuizStatsRequest,
  ZQuizStatsResponse,
  ZQuizSubmitRequest,
  ZQuizSubmitResponse,
} from './quizzes.ts';
import {
  ZReviewAddRequest,
  ZReviewAddResponse,
  ZReviewHideRequest,
  ZReviewListRequest,
  ZReviewListResponse,
  ZReviewMineRequest,
  ZReviewMineResponse,
} from './reviews.ts';
import { ZWishlistRequest, ZWishlistResponse } from './wishlist.ts';
import { ON_A_RECORD, SIGNED_IN, type Operation } from './operations-common.ts';

/**
 * Courses and learning: the catalogue and search, a tutor's courses and their review, videos, the wishlist,
 * progress, reviews, quizzes and certificates.
 */
export const COURSE_OPS = {
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
  progressUpdate: { request: ZProgressUpdateRequest, answer: ZProgressResponse, refusals: ON_A_RECORD },
  progressCourse: { request: ZProgressCourseRequest, answer: ZProgressResponse, refusals: ON_A_RECORD },
  reviewAdd: { request: ZReviewAddRequest, answer: ZReviewAddResponse, refusals: ON_A_RECORD },
  // Public: a stale token reads as a guest.
  reviewList: { request: ZReviewListRequest, answer: ZReviewListResponse, refusals: [400, 404] },
  reviewHide: { request: ZReviewHideRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  // The signed-in student's own review of a course (null before they rate it).
  reviewMine: { request: ZReviewMineRequest, answer: ZReviewMineResponse, refusals: SIGNED_IN },
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
} as const satisfies Partial<Record<OpName, Operation>>;
