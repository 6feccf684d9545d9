import type { FastifyInstance } from 'fastify';
import { hidePost, reportPost, setQaEmails } from '../../commands/questions-moderation.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { reportDto } from '../../presenters/questions.ts';
import { qaEmailsEnabled } from '../../queries/questions-digest.ts';
import { reportPage, tutorQaStats } from '../../queries/questions-admin.ts';
import { opRoute } from '../op-route.ts';
import { readableAnswer, readableQuestion } from './load.ts';

/** Reports and hiding (admins), the tutor's Q&A figures, and everyone's Q&A email switch. */
export default async function moderationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const deps = { db, jwtSecret: ctx.config.jwtSecret };
  const anyone = requireRole(deps, 'user', 'tutor', 'admin');
  const tag = 'questions';

  /** The post of `{id, kind}` as the caller may read it, with its question's id. */
  const readablePost = async (
    account: Parameters<typeof readableQuestion>[1],
    id: number,
    kind: 'question' | 'answer',
  ) =>
    kind === 'question'
      ? { questionId: (await readableQuestion(db, account, id)).question.id }
      : { questionId: (await readableAnswer(db, account, id)).answer.questionId };

  opRoute(
    app,
    'questionReport',
    {
      tag,
      auth: anyone,
      description: 'Anyone who can read a post may report it to the admins, with a reason.',
    },
    async (req) => {
      const account = currentAccount(req);
      const { id, kind, reason } = req.body;
      await readablePost(account, id, kind);
      await reportPost(db, kind, id, account.id, reason);
      return { responseDto: ok('Thank you. An admin will look at this post.') };
    },
  );

  opRoute(
    app,
    'questionReports',
    {
      tag,
      auth: requireRole(deps, 'admin'),
      description: 'The moderation list: open reports first, newest first.',
    },
    async (req) => {
      const { rows, total } = await reportPage(db, req.body);
      return { responseDto: ok(), reports: rows.map(reportDto), totalData: total };
    },
  );

  opRoute(
    app,
    'questionHide',
    {
      tag,
      auth: requireRole(deps, 'admin'),
      description: 'Hides a post from everyone but admins (audited).',
    },
    async (req) => {
      const account = currentAccount(req);
      const { id, kind } = req.body;
      const { questionId } = await readablePost(account, id, kind);
      await hidePost(db, { kind, postId: id, questionId, admin: account }, req);
      return { responseDto: ok('Post hidden') };
    },
  );

  opRoute(
    app,
    'qaStats',
    {
      tag,
      auth: requireRole(deps, 'tutor'),
      description: "The tutor's unanswered questions and median minutes to a first answer.",
    },
    async (req) => ({ responseDto: ok(), ...(await tutorQaStats(db, currentAccount(req).id)) }),
  );

  opRoute(app, 'qaEmailsGet', { tag, auth: anyone }, async (req) => ({
    responseDto: ok(),
    enabled: await qaEmailsEnabled(db, currentAccount(req).id),
  }));

  opRoute(
    app,
    'qaEmailsSet',
    { tag, auth: anyone, description: 'Turns Q&A digests and announcement emails on or off.' },
    async (req) => {
      await setQaEmails(db, currentAccount(req).id, req.body.enabled);
      return {
        responseDto: ok(req.body.enabled ? 'Q&A emails are on' : 'Q&A emails are off'),
        enabled: req.body.enabled,
      };
    },
  );
}
