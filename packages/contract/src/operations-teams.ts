import type { OpName } from './operation-routes.ts';
import { ZOkResponse } from './common.ts';
import {
  ZTeamAcceptResponse,
  ZTeamIdRequest,
  ZTeamImportRequest,
  ZTeamImportResponse,
  ZTeamInvitePreviewResponse,
  ZTeamInviteRequest,
  ZTeamMemberRequest,
  ZTeamMineResponse,
  ZTeamSeatReassignRequest,
  ZTeamTokenRequest,
  ZTeamViewResponse,
} from './teams.ts';
import { type Operation, ON_A_RECORD } from './operations-common.ts';

/** Team seats: the team admin's dashboard and its actions; an invite's page and its acceptance (docs/payments.md). */
export const TEAM_OPS = {
  teamMine: { answer: ZTeamMineResponse, refusals: [401, 403] },
  teamView: { request: ZTeamIdRequest, answer: ZTeamViewResponse, refusals: ON_A_RECORD },
  teamInvite: { request: ZTeamInviteRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  teamImport: { request: ZTeamImportRequest, answer: ZTeamImportResponse, refusals: ON_A_RECORD },
  teamSeatReassign: { request: ZTeamSeatReassignRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  teamMemberRemove: { request: ZTeamMemberRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  teamInvitePreview: { request: ZTeamTokenRequest, answer: ZTeamInvitePreviewResponse, refusals: [400, 404] },
  teamInviteAccept: {
    request: ZTeamTokenRequest,
    answer: ZTeamAcceptResponse,
    refusals: [400, 401, 403, 404, 409],
  },
} as const satisfies Partial<Record<OpName, Operation>>;
