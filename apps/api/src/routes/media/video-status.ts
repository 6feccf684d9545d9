import type { FastifyInstance } from 'fastify';
import type { TVideoState } from '@app/contract/media';
import { keyFromMediaUrl, mediaStates } from '../../queries/resolve-media.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { mayUseMedia } from '../../policies/media.ts';
import { opRoute } from '../op-route.ts';

/** The wizard's and edit screen's view of their videos' conversion: processing, ready, or failed with a reason. */
export default async function videoStatusRoutes(app: FastifyInstance) {
  const { ctx } = app;
  opRoute(
    app,
    'videoStatus',
    {
      tag: 'media',
      auth: requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'tutor', 'admin'),
      description:
        'The HLS conversion state of uploaded videos, by the URL `/images/add` answered: `processing`, ' +
        '`ready` or `failed` with `videoError`. Only the uploader (admins: any) learns a state; any other ' +
        'URL answers `none`. Tutors and admins.',
    },
    async (req) => {
      const account = currentAccount(req);
      const keys = req.body.urls.map((url) => keyFromMediaUrl(ctx.storage, url));
      const wanted = [...new Set(keys.filter((k): k is string => !!k))];
      const rows = await mediaStates(ctx.db, wanted);
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const videos = req.body.urls.map((url, i): TVideoState => {
        const row = keys[i] ? byKey.get(keys[i]) : undefined;
        return row && row.kind === 'video' && mayUseMedia(account, row)
          ? {
              url,
              videoStatus: row.videoStatus as TVideoState['videoStatus'],
              videoError: row.videoError,
              durationSeconds: row.durationSeconds,
            }
          : { url, videoStatus: 'none', videoError: null, durationSeconds: null };
      });
      return { responseDto: ok(), videos };
    },
  );
}
