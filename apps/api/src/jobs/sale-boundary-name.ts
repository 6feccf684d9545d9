/** The job that drops cached answers when a sale starts or ends (sale-boundary.ts); its name, for those that queue it. */
export const SALE_BOUNDARY_JOB = 'sale-boundary';
