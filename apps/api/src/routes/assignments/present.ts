import type { TSubmissionDto } from '@app/contract/assignments';
import type { AppContext } from '../../context.ts';
import { submissionDto, type SubmissionFields } from '../../presenters/assignments.ts';
import { accountNames } from '../../queries/assignments.ts';
import { MEDIA_URL_TTL_SECONDS } from '../../services/storage/signing.ts';

/**
 * Submissions as a reader sees them: the file's link signed for that reader (routes give it only to those
 * `maySeeSubmission` lets in) and the grader's name, left out for an anonymous peer reviewer.
 */
export function submissionPresenter(ctx: Pick<AppContext, 'db' | 'storage'>) {
  async function many(
    rows: SubmissionFields[],
    viewerId: number,
    opts: { anonymous?: boolean } = {},
  ): Promise<TSubmissionDto[]> {
    const graders = await accountNames(ctx.db, [
      ...new Set(rows.flatMap((r) => (r.gradedById === null ? [] : [r.gradedById]))),
    ]);
    return Promise.all(
      rows.map(async (r) =>
        submissionDto(
          r,
          r.fileKey ? await ctx.storage.signedUrl(r.fileKey, viewerId, MEDIA_URL_TTL_SECONDS) : null,
          opts.anonymous || r.gradedById === null ? null : (graders.get(r.gradedById) ?? null),
        ),
      ),
    );
  }
  return {
    many,
    one: async (row: SubmissionFields, viewerId: number, opts: { anonymous?: boolean } = {}) =>
      (await many([row], viewerId, opts))[0]!,
    name: async (accountId: number) => (await accountNames(ctx.db, [accountId])).get(accountId) ?? '',
  };
}
