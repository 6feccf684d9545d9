import type { OpName } from './operation-routes.ts';
import {
  ZAdminResponse,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZLanguageResponse,
  ZLanguageUpdateRequest,
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
import { ZAuditListRequest, ZAuditListResponse } from './audit.ts';
import { ZOkResponse } from './common.ts';
import { ZEmptyRequest } from './payouts.ts';
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
import { ON_A_RECORD, SIGNED_IN, type Operation } from './operations-common.ts';

// The three roles' login, password reset and password change are one operation each, at the role's own path.
// An account with two-factor sign-in on gets a challenge instead of the token (`login2fa` completes it).
const LOGIN = { request: ZLoginRequest, answer: ZLoginAnswer, refusals: [400, 429] } as const;
const RESET_PASSWORD = { request: ZResetPasswordRequest, answer: ZOkResponse, refusals: [400, 429] } as const;
const CHANGE_PASSWORD = {
  request: ZChangePasswordRequest,
  answer: ZChangePasswordResponse,
  refusals: [400, 401, 403, 429],
} as const;

/**
 * Accounts and security: signing up and in, passwords, profiles, sessions, two-factor sign-in, data export and
 * deletion, the audit log.
 */
export const ACCOUNT_OPS = {
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
  languageGet: { request: ZEmptyRequest, answer: ZLanguageResponse, refusals: SIGNED_IN },
  languageUpdate: { request: ZLanguageUpdateRequest, answer: ZLanguageResponse, refusals: SIGNED_IN },
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
} as const satisfies Partial<Record<OpName, Operation>>;
