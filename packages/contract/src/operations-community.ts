import type { OpName } from './operation-routes.ts';
import { ZOkResponse, ZPageRequest } from './common.ts';
import {
  ZNotificationListRequest,
  ZNotificationListResponse,
  ZNotificationReadRequest,
  ZNotificationReadResponse,
} from './notifications.ts';
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
import { ON_A_RECORD, SIGNED_IN, type Operation } from './operations-common.ts';

/** People talking: notifications, questions and answers, moderation, Q&A emails and announcements. */
export const COMMUNITY_OPS = {
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
} as const satisfies Partial<Record<OpName, Operation>>;
