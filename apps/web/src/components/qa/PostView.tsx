import { useState } from 'react';
import { toast } from 'react-toastify';
import type { TAnswerDto, TQuestionDto } from '@app/contract/questions';
import { LinkifiedText } from '@/components/LinkifiedText.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useAcceptAnswer, useVote } from '@/lib/queries/questions.ts';
import { EditPostForm } from './EditPostForm.tsx';
import { DeleteDialog, ReportDialog } from './PostDialogs.tsx';
import { isMine, mayEdit, timeAgo, type QaViewer } from './viewer.ts';
import { useT } from '@/lib/i18n/index.ts';

type Props =
  | { kind: 'question'; post: TQuestionDto; questionId: number; viewer: QaViewer; canAccept?: never }
  | { kind: 'answer'; post: TAnswerDto; questionId: number; viewer: QaViewer; canAccept: boolean };

/** The author line: name, the 'Tutor' badge, when, and whether it was edited or is hidden (admins only). */
function Byline({
  post,
  tutor,
  assistant = false,
}: {
  post: TQuestionDto | TAnswerDto;
  tutor: boolean;
  /** One of the course's teaching assistants wrote it (docs/assignments.md). */
  assistant?: boolean;
}) {
  const t = useT();
  return (
    <p className="qa-byline muted">
      <span className="qa-author">{post.author?.fullName ?? t('qa.someone')}</span>
      {tutor && <span className="qa-badge qa-badge-tutor">{t('qa.tutor')}</span>}
      {assistant && !tutor && <span className="qa-badge qa-badge-tutor">{t('qa.assistant')}</span>}
      <span> · {timeAgo(post.timeCreated, t)}</span>
      {post.edited && !post.deleted && <span> · {t('qa.edited')}</span>}
      {post.hidden && <span className="qa-badge qa-badge-hidden">{t('qa.hidden')}</span>}
    </p>
  );
}

/** A vote button: pressed when the viewer has voted; a second press takes the vote back. One's own post just shows its count. */
function VoteButton({ kind, questionId, post, viewer }: Props) {
  const t = useT();
  const vote = useVote();
  if (isMine(post, viewer))
    return (
      <span className="qa-vote qa-vote-count">
        <span aria-hidden="true">▲</span> {t('qa.votes', { count: post.votes })}
      </span>
    );
  return (
    <button
      type="button"
      className="qa-vote"
      aria-pressed={post.voted}
      aria-label={
        kind === 'question'
          ? t('qa.upvoteQuestion', { count: post.votes })
          : t('qa.upvoteAnswer', { count: post.votes })
      }
      disabled={vote.isPending || post.deleted}
      onClick={() =>
        vote.mutate(kind === 'question' ? { questionId } : { questionId, answerId: post.id }, {
          onError: (err) => toast.error(refusalMessage(err, genericError())),
        })
      }
    >
      <span aria-hidden="true">▲</span> {post.votes}
    </button>
  );
}

/**
 * A question or an answer in a thread: its text as plain text with links, its author (with the 'Tutor' badge), its
 * votes, and what the viewer may do with it: accept (asker or tutor, answers), edit (own, 30 minutes), delete (own),
 * report (someone else's).
 */
export function PostView(props: Props) {
  const t = useT();
  const { kind, post, questionId, viewer } = props;
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'report' | 'delete' | null>(null);
  const accept = useAcceptAnswer(questionId);
  const target = { kind, id: post.id, questionId };
  const mine = isMine(post, viewer);
  const tutor = kind === 'answer' ? props.post.byTutor : post.author?.role === 'tutor';
  const acceptedAnswer = kind === 'answer' && props.post.accepted;

  return (
    <div
      className={`qa-post${acceptedAnswer ? ' qa-post-accepted' : ''}${post.deleted ? ' qa-post-deleted' : ''}`}
    >
      {kind === 'question' && <h3 className="qa-thread-title">{props.post.title}</h3>}
      {acceptedAnswer && <p className="qa-badge qa-badge-accepted">{t('qa.acceptedAnswer')}</p>}
      <Byline
        post={post}
        tutor={tutor && !post.deleted}
        assistant={kind === 'answer' && !!props.post.byAssistant && !post.deleted}
      />
      {editing ? (
        <EditPostForm
          kind={kind}
          id={post.id}
          questionId={questionId}
          title={kind === 'question' ? props.post.title : undefined}
          body={post.body}
          onDone={() => setEditing(false)}
        />
      ) : (
        <LinkifiedText text={post.body} className={post.deleted ? 'muted' : undefined} />
      )}
      {!post.deleted && !editing && (
        <div className="qa-actions">
          <VoteButton {...props} />
          {kind === 'answer' && props.canAccept && !props.post.accepted && (
            <button
              type="button"
              className="btn btn-outline qa-action"
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(post.id, {
                  onSuccess: () => toast.success(t('qa.answerAccepted')),
                  onError: (err) => toast.error(refusalMessage(err, genericError())),
                })
              }
            >
              {t('qa.acceptAnswer')}
            </button>
          )}
          {mayEdit(post, viewer) && (
            <button type="button" className="link-button" onClick={() => setEditing(true)}>
              {t('qa.edit')}
            </button>
          )}
          {mine && (
            <button type="button" className="link-button" onClick={() => setDialog('delete')}>
              {t('qa.delete')}
            </button>
          )}
          {!mine && viewer.id !== null && (
            <button type="button" className="link-button" onClick={() => setDialog('report')}>
              {t('qa.report')}
            </button>
          )}
        </div>
      )}
      {dialog === 'report' && <ReportDialog target={target} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteDialog target={target} onClose={() => setDialog(null)} />}
    </div>
  );
}
