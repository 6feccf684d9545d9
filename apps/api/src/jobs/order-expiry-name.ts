/** The job that abandons expired unpaid orders (order-expiry.ts); its name, for those that queue it. */
export const ORDER_EXPIRY_JOB = 'order-expiry';
