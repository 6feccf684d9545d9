import { POST_EDIT_MINUTES } from '@app/contract/questions';
import type { TTimeCreated } from '@app/contract/courses';
import type { TRole } from '@app/contract/common';
import { getToken } from '@/lib/session.ts';
import { formatTimeCreated } from '@/lib/dates.ts';
import { t as translate, type Translate } from '@/lib/i18n/index.ts';

/** Who is reading a thread: their account, their role, and whether they are the course's tutor. */
export type QaViewer = { id: number | null; role: TRole | null; isTutor: boolean };

/** The signed-in account's id: the token's subject (the server signs it; the server checks every write anyway). */
export function tokenAccountId(token = getToken()): number | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const sub = (JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown }).sub;
    const id = Number(sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** `timeCreated` (UTC parts) in milliseconds since the epoch. */
export const timeOf = ([y, m, d, h, min, s]: TTimeCreated) => Date.UTC(y, m - 1, d, h, min, s);

type Post = { author: { id: number } | null; deleted: boolean; timeCreated: TTimeCreated };

export const isMine = (post: Post, viewer: QaViewer) =>
  !post.deleted && viewer.id !== null && post.author?.id === viewer.id;

/** Its author may edit a post for 30 minutes after posting. */
export const mayEdit = (post: Post, viewer: QaViewer, now = Date.now()) =>
  isMine(post, viewer) && now - timeOf(post.timeCreated) < POST_EDIT_MINUTES * 60_000;

/** "5 min ago", "3 h ago", else the date (in the app's language; `t` the caller's, else the active one). */
export function timeAgo(at: TTimeCreated, t: Translate = translate, now = Date.now()): string {
  const minutes = Math.floor((now - timeOf(at)) / 60_000);
  if (minutes < 1) return t('qa.justNow');
  if (minutes < 60) return t('qa.minutesAgo', { minutes });
  if (minutes < 24 * 60) return t('qa.hoursAgo', { hours: Math.floor(minutes / 60) });
  return formatTimeCreated(at);
}
