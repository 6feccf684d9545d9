import { Link, useSearchParams } from 'react-router';
import { refusalMessage, GENERIC_ERROR } from '@/lib/messages.ts';
import { useAcceptInvite } from './api/assistants.ts';
import './assistants.css';

/** `/tutor/assist?token=…`: the invited tutor (signed in with the invited email) accepts to assist on a course. */
export default function AcceptAssistPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvite();

  if (!token)
    return (
      <section className="assistants">
        <h1>Assist on a course</h1>
        <p role="alert">This invitation link is incomplete. Open the link from the email again.</p>
      </section>
    );
  if (accept.isSuccess)
    return (
      <section className="assistants">
        <h1>Assist on a course</h1>
        <p role="status">
          You now assist on <strong>{accept.data.courseTitle}</strong>.
        </p>
        <Link to={`/tutor/grading?course=${accept.data.courseId}`} className="btn">
          Open the grading queue
        </Link>
      </section>
    );
  return (
    <section className="assistants">
      <h1>Assist on a course</h1>
      <p>
        You were invited to be a teaching assistant: you will grade the course’s work, answer its students’
        questions and see their progress.
      </p>
      {accept.isError && (
        <p className="field-error" role="alert">
          {refusalMessage(accept.error, GENERIC_ERROR)}
        </p>
      )}
      <div className="row-actions">
        <button
          type="button"
          className="btn"
          disabled={accept.isPending}
          onClick={() => accept.mutate(token)}
        >
          {accept.isPending ? 'Accepting...' : 'Accept the invitation'}
        </button>
      </div>
    </section>
  );
}
