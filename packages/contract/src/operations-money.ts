import type { OpName } from './operation-routes.ts';
import { ZOkResponse, ZPageRequest } from './common.ts';
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
  ZOrderCancelRequest,
  ZOrderListResponse,
  ZOrderPaidResponse,
  ZOrderParams,
  ZOrderResponse,
  ZPendingOrderRefusal,
  ZRefundListRequest,
  ZRefundListResponse,
  ZRefundPolicyResponse,
  ZRefundProcessRequest,
  ZRefundRequest,
} from './orders.ts';
import {
  ZChargeRequest,
  ZChargeResponse,
  ZCustomerTransactionRequest,
  ZTutorDashboardResponse,
} from './payments.ts';
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
  ZReferralLinkRequest,
  ZReferralLinkResponse,
  ZReferralStatsRequest,
  ZReferralStatsResponse,
  ZReferralVisitRequest,
  ZReferralVisitResponse,
} from './referrals.ts';
import {
  ZSaleCancelRequest,
  ZSaleListResponse,
  ZSaleOptOutRequest,
  ZSaleSaveRequest,
  ZSaleSaveResponse,
} from './sales.ts';
import {
  ZAdminPlansRequest,
  ZAdminPlansResponse,
  ZPlanGetResponse,
  ZPlanIdRequest,
  ZPlanListRequest,
  ZPlanListResponse,
  ZPlanMineResponse,
  ZPlanPayRequest,
  ZPlanQuoteRequest,
  ZPlanQuoteResponse,
  ZPlanRemoveRequest,
  ZPlanSaveRequest,
  ZPlanSaveResponse,
  ZSavedCardListResponse,
  ZSavedCardRemoveRequest,
} from './instalments.ts';
import { ON_A_RECORD, SIGNED_IN, type Operation } from './operations-common.ts';

/**
 * Money: the charge, orders and refunds, banks and payout accounts, earnings and payouts, coupons, sales and the
 * dashboards' figures.
 */
export const MONEY_OPS = {
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
  // Instalment plans: tutors offer them (403 for another's course), anyone reads a course's, students buy and pay.
  planSave: { request: ZPlanSaveRequest, answer: ZPlanSaveResponse, refusals: ON_A_RECORD },
  planList: { request: ZPlanListRequest, answer: ZPlanListResponse, refusals: [400, 404] },
  planRemove: { request: ZPlanRemoveRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  planQuote: { request: ZPlanQuoteRequest, answer: ZPlanQuoteResponse, refusals: [400, 401, 404] },
  planMine: { request: ZEmptyRequest, answer: ZPlanMineResponse, refusals: SIGNED_IN },
  planGet: { request: ZPlanIdRequest, answer: ZPlanGetResponse, refusals: ON_A_RECORD },
  // 409: a payment of this plan is already on its way (a transfer or USSD that waits for its money).
  planPay: {
    request: ZPlanPayRequest,
    answer: ZChargeResponse,
    refusals: [...ON_A_RECORD, 409, 503],
  },
  planCancel: { request: ZPlanIdRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
  savedCardList: { request: ZEmptyRequest, answer: ZSavedCardListResponse, refusals: SIGNED_IN },
  savedCardRemove: { request: ZSavedCardRemoveRequest, answer: ZOkResponse, refusals: [...ON_A_RECORD, 503] },
  adminPlans: { request: ZAdminPlansRequest, answer: ZAdminPlansResponse, refusals: SIGNED_IN },
  adminPlanCancel: { request: ZPlanIdRequest, answer: ZOkResponse, refusals: ON_A_RECORD },
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
  referralLink: { request: ZReferralLinkRequest, answer: ZReferralLinkResponse, refusals: ON_A_RECORD },
  // A guest may record a visit too; a bad or unknown code answers a null attribution, never an error.
  referralVisit: { request: ZReferralVisitRequest, answer: ZReferralVisitResponse, refusals: [400, 401] },
  referralStats: { request: ZReferralStatsRequest, answer: ZReferralStatsResponse, refusals: ON_A_RECORD },
} as const satisfies Partial<Record<OpName, Operation>>;
