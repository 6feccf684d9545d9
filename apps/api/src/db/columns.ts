import { integer, serial, timestamp, type ReferenceConfig } from 'drizzle-orm/pg-core';

/** A timestamptz column. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();
export const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();
export const serialId = () => serial('id').primaryKey();

/** A required integer reference, e.g. `requiredRef('order_id', () => orders.id, { onDelete: 'cascade' })`. */
export const requiredRef = (
  name: string,
  ref: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => integer(name).notNull().references(ref, actions);
