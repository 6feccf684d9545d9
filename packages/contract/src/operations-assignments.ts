import type { OpName } from './operation-routes.ts';
import {
  ZAssignmentIdRequest,
  ZAssignmentListResponse,
  ZAssignmentResponse,
  ZAssignmentSaveRequest,
  ZAssistantAcceptRequest,
  ZAssistantAcceptResponse,
  ZAssistantInviteRequest,
  ZAssistantInviteResponse,
  ZAssistantListResponse,
  ZAssistantRemoveRequest,
  ZAssistingResponse,
  ZCourseAssignmentsRequest,
  ZDraftRequest,
  ZGradebookRequest,
  ZGradebookResponse,
  ZGradeRequest,
  ZGradeResponse,
  ZGradingQueueRequest,
  ZGradingQueueResponse,
  ZPeerReviewRequest,
  ZPeerTasksResponse,
  ZSubmissionDetailResponse,
  ZSubmissionIdRequest,
  ZSubmissionResponse,
} from './assignments.ts';
import { ZOkResponse } from './common.ts';
import { ZEmptyRequest } from './payouts.ts';
import { ON_A_RECORD, SIGNED_IN, type Operation } from './operations-common.ts';

/**
 * Graded work (docs/assignments.md): assignments, drafts and submissions, the grading queue and grades, peer
 * review, teaching assistants and the gradebook.
 */
export const ASSIGNMENT_OPS = {
  assignmentSave: { request: ZAssignmentSaveRequest, answer: ZAssignmentResponse, refusals: ON_A_RECORD },
  assignmentDelete: { request: ZAssignmentIdRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  assignmentGet: { request: ZAssignmentIdRequest, answer: ZAssignmentResponse, refusals: ON_A_RECORD },
  assignmentList: {
    request: ZCourseAssignmentsRequest,
    answer: ZAssignmentListResponse,
    refusals: ON_A_RECORD,
  },
  // 409: the work is submitted and final until it is returned, or no resubmission is left.
  assignmentDraft: { request: ZDraftRequest, answer: ZSubmissionResponse, refusals: [...ON_A_RECORD, 409] },
  assignmentSubmit: {
    request: ZAssignmentIdRequest,
    answer: ZSubmissionResponse,
    refusals: [...ON_A_RECORD, 409],
  },
  submissionGet: { request: ZSubmissionIdRequest, answer: ZSubmissionDetailResponse, refusals: ON_A_RECORD },
  // 409: another grader graded it first (the message says who and when).
  submissionGrade: { request: ZGradeRequest, answer: ZGradeResponse, refusals: [...ON_A_RECORD, 409] },
  gradingQueue: { request: ZGradingQueueRequest, answer: ZGradingQueueResponse, refusals: ON_A_RECORD },
  peerTasks: { request: ZEmptyRequest, answer: ZPeerTasksResponse, refusals: SIGNED_IN },
  peerReview: { request: ZPeerReviewRequest, answer: ZOkResponse, refusals: [...ON_A_RECORD, 409] },
  assistantInvite: {
    request: ZAssistantInviteRequest,
    answer: ZAssistantInviteResponse,
    refusals: [...ON_A_RECORD, 409],
  },
  assistantAccept: {
    request: ZAssistantAcceptRequest,
    answer: ZAssistantAcceptResponse,
    refusals: ON_A_RECORD,
  },
  assistantList: {
    request: ZCourseAssignmentsRequest,
    answer: ZAssistantListResponse,
    refusals: ON_A_RECORD,
  },
  assistantRemove: { request: ZAssistantRemoveRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  assisting: { request: ZEmptyRequest, answer: ZAssistingResponse, refusals: SIGNED_IN },
  gradebook: { request: ZGradebookRequest, answer: ZGradebookResponse, refusals: ON_A_RECORD },
} as const satisfies Partial<Record<OpName, Operation>>;
