import { z } from 'zod';
import { fromLagosInput, lagosInput } from '@/lib/dates.ts';

/** A required datetime-local field in Lagos time: empty reads as missing, with `missing` as its message. */
export const ZLagosField = (missing: string) => z.string().min(1, { error: missing });

/** A datetime-local field's value (Lagos time) as the moment the API takes; undefined when left empty. */
export const lagosMoment = (value: string): string | undefined => (value ? fromLagosInput(value) : undefined);

/** A moment from the API as a datetime-local field's value in Lagos time; '' for none. */
export const lagosField = (at: string | null | undefined): string => (at ? lagosInput(new Date(at)) : '');

/** A number field's text as the number the API takes ('' reads as NaN, which the contract's schema refuses). */
export const numberOf = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value));
