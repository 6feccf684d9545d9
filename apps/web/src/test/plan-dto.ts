import type { TCoursePlan } from '@app/contract/instalments';

/** A course's plan as `/plan/list` answers it: 40 % of ₦30,000 now, then two monthly payments of ₦9,000. */
export function coursePlan(over: Partial<TCoursePlan> = {}): TCoursePlan {
  return {
    id: 5,
    courseId: 4,
    firstKind: 'percent',
    firstValue: 40,
    furtherPayments: 2,
    interval: 'month',
    fullPaymentDiscountPercent: 10,
    total: 30000,
    schedule: [
      { number: 1, dueAt: '2026-12-01T10:00:00.000Z', amount: 12000 },
      { number: 2, dueAt: '2027-01-01T10:00:00.000Z', amount: 9000 },
      { number: 3, dueAt: '2027-02-01T10:00:00.000Z', amount: 9000 },
    ],
    ...over,
  };
}

/** The answer of a checkout (`/card/charge`, `/plan/pay`) that names the payment page at `url`. */
export const paymentPageAnswer = (url: string, reference = 'DL-next') => ({
  responseDto: { code: 'dk00', message: 'Authorization URL created' },
  initializeTransactionResponse: {
    status: true,
    message: 'Authorization URL created',
    data: { authorization_url: url, access_code: 'x', reference },
  },
});
