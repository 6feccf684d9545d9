import type { OpName } from './operation-routes.ts';
import { ZOkResponse } from './common.ts';
import {
  ZAttendanceMarkRequest,
  ZAttendanceResponse,
  ZCalendarFeedResponse,
  ZCohortAnnounceRequest,
  ZCohortIdRequest,
  ZCohortListResponse,
  ZCohortMembersResponse,
  ZCohortWeekResponse,
  ZCohortResponse,
  ZCohortSaveRequest,
  ZCourseCohortsRequest,
  ZDeadlineExtendRequest,
  ZDeadlineListResponse,
  ZDeadlineRequest,
  ZDeadlineResponse,
  ZHeartbeatResponse,
  ZLiveJoinResponse,
  ZLiveSessionListResponse,
  ZLiveSessionOneResponse,
  ZLiveSessionResponse,
  ZLiveSessionSaveRequest,
  ZOfferingRequest,
  ZReleaseRuleListResponse,
  ZReleaseRuleRequest,
  ZSessionIdRequest,
  ZUnlockRequest,
  ZWaitlistResponse,
} from './cohorts.ts';
import { ON_A_RECORD, SIGNED_IN, type Operation } from './operations-common.ts';

/** Cohorts and live classes (docs/cohorts.md): the tutor's cohorts, rules, sessions and deadlines; members' joins. */
export const COHORT_OPS = {
  cohortSave: { request: ZCohortSaveRequest, answer: ZCohortResponse, refusals: ON_A_RECORD },
  cohortCancel: { request: ZCohortIdRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  // Public: a course's cohorts with their seats left (the course page).
  cohortList: { request: ZCourseCohortsRequest, answer: ZCohortListResponse, refusals: [400, 404] },
  cohortOffering: { request: ZOfferingRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  releaseRuleSet: { request: ZReleaseRuleRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  releaseUnlock: { request: ZUnlockRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  releaseRuleList: {
    request: ZCourseCohortsRequest,
    answer: ZReleaseRuleListResponse,
    refusals: ON_A_RECORD,
  },
  liveSessionSave: { request: ZLiveSessionSaveRequest, answer: ZLiveSessionResponse, refusals: ON_A_RECORD },
  liveSessionDelete: { request: ZSessionIdRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  liveSessionList: { request: ZCohortIdRequest, answer: ZLiveSessionListResponse, refusals: ON_A_RECORD },
  // 403 for anyone but the cohort's students and the course's staff.
  liveSessionOne: { request: ZSessionIdRequest, answer: ZLiveSessionOneResponse, refusals: ON_A_RECORD },
  // 403: not a member of the cohort nor the course's staff (no link, no token); 400 outside the join window.
  liveJoin: { request: ZSessionIdRequest, answer: ZLiveJoinResponse, refusals: [...ON_A_RECORD, 503] },
  liveHeartbeat: { request: ZSessionIdRequest, answer: ZHeartbeatResponse, refusals: ON_A_RECORD },
  liveAttendance: { request: ZSessionIdRequest, answer: ZAttendanceResponse, refusals: ON_A_RECORD },
  liveAttendanceMark: { request: ZAttendanceMarkRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  deadlineSet: { request: ZDeadlineRequest, answer: ZDeadlineResponse, refusals: ON_A_RECORD },
  deadlineExtend: { request: ZDeadlineExtendRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  deadlineList: { request: ZCohortIdRequest, answer: ZDeadlineListResponse, refusals: ON_A_RECORD },
  cohortAnnounce: { request: ZCohortAnnounceRequest, answer: ZOkResponse, refusals: [...ON_A_RECORD, 429] },
  waitlistJoin: { request: ZCohortIdRequest, answer: ZWaitlistResponse, refusals: ON_A_RECORD },
  cohortWeek: { answer: ZCohortWeekResponse, refusals: SIGNED_IN },
  cohortMembers: { request: ZCohortIdRequest, answer: ZCohortMembersResponse, refusals: ON_A_RECORD },
  calendarFeedNew: { answer: ZCalendarFeedResponse, refusals: SIGNED_IN },
  calendarFeedRevoke: { answer: ZOkResponse, refusals: SIGNED_IN },
} as const satisfies Partial<Record<OpName, Operation>>;
