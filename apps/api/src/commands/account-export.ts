import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { EXPORT_DAYS } from '@app/contract/security';
import type { AppContext } from '../context.ts';
import type { Account } from '../db/schema.ts';
import { dataExports } from '../db/schema-trust.ts';
import { tooManyTries } from '../errors.ts';
import { enqueue } from '../queue/queue.ts';
import { exportById, expiredExports, personalData, recentExport } from '../queries/account-data.ts';
import { audit, type AuditOrigin } from './audit.ts';
import { notify } from './notify.ts';

export const ACCOUNT_EXPORT_JOB = 'account-export';
export const EXPORT_CLEANUP_JOB = 'account-export-cleanup';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Where a person finds their exports in the app, by role. */
export const SECURITY_PAGE = {
  user: '/account-security',
  tutor: '/tutor/security',
  admin: '/admin/security',
} as const;

/** `POST /account/export`: queues the job that builds the zip (one request an hour). Audited. */
export async function requestExport(ctx: Pick<AppContext, 'db'>, account: Account, origin: AuditOrigin) {
  const recent = await recentExport(ctx.db, account.id, new Date(Date.now() - HOUR_MS));
  if (recent) {
    const wait = recent.createdAt.getTime() + HOUR_MS - Date.now();
    return tooManyTries(
      'You asked for an export within the last hour. Please wait for it to be ready.',
      wait,
    );
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(dataExports).values({ accountId: account.id }).returning();
    await enqueue(tx, ACCOUNT_EXPORT_JOB, { exportId: row!.id });
    await audit(
      tx,
      { actor: account, action: 'account.export', subjectType: 'data_export', subjectId: row!.id },
      origin,
    );
    return row!;
  });
}

const README = `Your DevLearn data
==================

Each file holds one part of what DevLearn keeps about you, as JSON:

profile.json        your account, bank and payout account details
orders.json         your orders and what each paid for; refunds.json your refund requests
enrolments.json     the courses you own
progress.json       lessons watched, watched ranges and quiz attempts
reviews.json        your reviews
questions.json      your questions and answers in the courses' Q&A
notifications.json  your notifications
certificates.json   your certificates
wishlist.json       your wishlist
sessions.json       the devices signed in to your account (only the first parts of their addresses)

Money amounts are in kobo (100 kobo = 1 naira). Times are UTC.
`;

/** Builds the zip of one export, stores it, and tells the person (in the app and by email). Run by the job. */
export async function buildExport(ctx: Pick<AppContext, 'db' | 'storage' | 'log'>, exportId: number) {
  const row = await exportById(ctx.db, exportId);
  if (!row || row.status !== 'queued') return;
  const data = await personalData(ctx.db, row.accountId);
  const json = (v: unknown) => strToU8(JSON.stringify(v, null, 2));
  const zip = zipSync({
    'README.txt': strToU8(README),
    'profile.json': json(data.profile),
    'orders.json': json(data.orders),
    'refunds.json': json(data.refunds),
    'enrolments.json': json(data.enrolments),
    'progress.json': json(data.progress),
    'reviews.json': json(data.reviews),
    'questions.json': json({ questions: data.questions, answers: data.answers }),
    'notifications.json': json(data.notifications),
    'certificates.json': json(data.certificates),
    'wishlist.json': json(data.wishlist),
    'sessions.json': json(data.sessions),
  });
  const key = `exports/${row.id}-${randomBytes(12).toString('hex')}.zip`;
  await ctx.storage.put(key, Readable.from(Buffer.from(zip)), 'application/zip');
  const readyAt = new Date();
  const expiresAt = new Date(readyAt.getTime() + EXPORT_DAYS * DAY_MS);
  const role = data.profile.role ?? 'user';
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(dataExports)
      .set({ status: 'ready', storageKey: key, size: zip.byteLength, readyAt, expiresAt })
      .where(eq(dataExports.id, row.id));
    await notify(tx, [
      {
        accountId: row.accountId,
        type: 'data-export-ready',
        message: { key: 'notice.dataExportReady', values: { days: EXPORT_DAYS } },
        link: SECURITY_PAGE[role],
      },
    ]);
    await enqueue(tx, EXPORT_CLEANUP_JOB, {}, { runAt: new Date(expiresAt.getTime() + 60_000) });
  });
}

/** The export's last attempt failed: the person sees it failed and may ask again. */
export async function failExport(ctx: Pick<AppContext, 'db'>, exportId: number) {
  await ctx.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, exportId));
}

/** Deletes the files of exports past their 7 days (the rows stay, as `expired`). */
export async function deleteExpiredExports(ctx: Pick<AppContext, 'db' | 'storage'>) {
  const expired = await expiredExports(ctx.db, new Date());
  for (const e of expired) {
    await ctx.storage.delete(e.key!);
    await ctx.db.update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, e.id));
  }
  return expired.length;
}
