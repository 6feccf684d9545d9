import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TTeamInvitePreview } from '@app/contract/teams';
import { AccountStep } from '@/components/account-step/AccountStep.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { ApiError } from '@/lib/api.ts';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useSession } from '@/lib/session.ts';
import { useAcceptInvite, useInvitePreview } from './api/teams.ts';
import './teams.css';

/**
 * `/team/join?token=…`: the link of a team invite. It shows the team, its courses and who sees the member's
 * progress, then joins with a student account: a guest signs up or logs in in one step.
 */
export function TeamJoinPage() {
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const preview = useInvitePreview(token);
  // Kept by the page: signing up resets every cached answer, which remounts the invite's card mid-join.
  const accept = useAcceptInvite();
  const [joined, setJoined] = useState<number[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const join = async () => {
    setError(null);
    try {
      setJoined((await accept.mutateAsync(token)).courseIds);
    } catch (err) {
      setError(refusalMessage(err, GENERIC_ERROR));
    }
  };
  return (
    <section className="form-card team-join">
      <h1>Join your team</h1>
      {!token ? (
        <p role="alert">This page is opened from the link in your invite email.</p>
      ) : preview.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : preview.isError ? (
        <p role="alert">
          {preview.error instanceof ApiError && preview.error.status < 500
            ? refusalMessage(preview.error, GENERIC_ERROR)
            : GENERIC_ERROR}
        </p>
      ) : (
        <Invite
          token={token}
          invite={preview.data.invite}
          joined={joined}
          error={error}
          pending={accept.isPending}
          join={join}
        />
      )}
    </section>
  );
}

function Invite({
  token,
  invite,
  joined,
  error,
  pending,
  join,
}: {
  token: string;
  invite: TTeamInvitePreview;
  joined: number[] | null;
  error: string | null;
  pending: boolean;
  join: () => Promise<void>;
}) {
  const session = useSession();
  const head = (
    <>
      <p className="team-join-from">
        <strong>{invite.adminName}</strong> invited {invite.name} to learn with{' '}
        <strong>{invite.companyName}</strong>:
      </p>
      <ul className="team-join-courses">
        {invite.courses.map((c) => (
          <li key={c.id}>{c.title}</li>
        ))}
      </ul>
      <p className="team-join-privacy">{invite.privacyNote}</p>
    </>
  );
  if (joined) {
    const first = joined[0];
    return (
      <>
        {head}
        <p role="status" className="team-join-done">
          You joined {invite.companyName}&apos;s team. Happy learning!
        </p>
        <Link
          className="btn"
          to={joined.length === 1 && first !== undefined ? `/view-course/${first}` : '/home/my-courses'}
        >
          Start learning
        </Link>
      </>
    );
  }
  if (invite.state !== 'open' && !joined)
    return (
      <>
        {head}
        <p role="alert">
          {invite.state === 'joined'
            ? 'This invite was already used to join the team.'
            : 'This invite was withdrawn by the team admin.'}
        </p>
        <Link to="/home/my-courses">Go to My Learning</Link>
      </>
    );
  return (
    <>
      {head}
      {!session.authenticated ? (
        <>
          <p>To join, create your free account or log in. It takes one step.</p>
          <AccountStep
            next={`/team/join?token=${token}`}
            verb="join"
            purpose="to join the team"
            idPrefix="team"
            defaultName={invite.name}
            defaultEmail={invite.email}
            onSignedIn={join}
          />
        </>
      ) : session.role !== 'user' ? (
        <p role="alert">Teams are joined with a student account. Log out, then open this link again.</p>
      ) : (
        <button type="button" className="btn" onClick={() => void join()} disabled={pending}>
          {pending ? 'Loading...' : 'Join the team'}
        </button>
      )}
      <FormAlert message={error} />
    </>
  );
}
