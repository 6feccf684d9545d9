import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import type { TTeamInvitePreview } from '@app/contract/teams';
import { AccountStep } from '@/components/account-step/AccountStep.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { ApiError } from '@/lib/api.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useSession } from '@/lib/session.ts';
import { useAcceptInvite, useInvitePreview } from './api/teams.ts';
import { useT } from '@/lib/i18n/index.ts';
import { rich, slot } from '@/components/cart/rich-text.tsx';
import './teams.css';

/**
 * `/team/join?token=…`: the link of a team invite. It shows the team, its courses and who sees the member's
 * progress, then joins with a student account: a guest signs up or logs in in one step.
 */
export function TeamJoinPage() {
  const t = useT();
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
      setError(refusalMessage(err, genericError()));
    }
  };
  return (
    <section className="form-card team-join">
      <h1>{t('teams.join.title')}</h1>
      {!token ? (
        <p role="alert">{t('teams.join.noToken')}</p>
      ) : preview.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : preview.isError ? (
        <p role="alert">
          {preview.error instanceof ApiError && preview.error.status < 500
            ? refusalMessage(preview.error, genericError())
            : genericError()}
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
  const t = useT();
  const session = useSession();
  const head = (
    <>
      <p className="team-join-from">
        {rich(
          t('teams.join.invited', { admin: slot('admin'), name: invite.name, company: slot('company') }),
          {
            admin: <strong>{invite.adminName}</strong>,
            company: <strong>{invite.companyName}</strong>,
          },
        )}
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
          {t('teams.join.joined', { company: invite.companyName })}
        </p>
        <Link
          className="btn"
          to={joined.length === 1 && first !== undefined ? `/view-course/${first}` : '/home/my-courses'}
        >
          {t('gifts.startLearning')}
        </Link>
      </>
    );
  }
  if (invite.state !== 'open' && !joined)
    return (
      <>
        {head}
        <p role="alert">{invite.state === 'joined' ? t('teams.join.used') : t('teams.join.withdrawn')}</p>
        <Link to="/home/my-courses">{t('teams.join.goToMyLearning')}</Link>
      </>
    );
  return (
    <>
      {head}
      {!session.authenticated ? (
        <>
          <p>{t('teams.join.accountPrompt')}</p>
          <AccountStep
            next={`/team/join?token=${token}`}
            verb={t('teams.join.accountVerb')}
            purpose={t('teams.join.accountPurpose')}
            idPrefix="team"
            defaultName={invite.name}
            defaultEmail={invite.email}
            onSignedIn={join}
          />
        </>
      ) : session.role !== 'user' ? (
        <p role="alert">{t('teams.join.studentOnly')}</p>
      ) : (
        <button type="button" className="btn" onClick={() => void join()} disabled={pending}>
          {pending ? t('common.loading') : t('teams.join.submit')}
        </button>
      )}
      <FormAlert message={error} />
    </>
  );
}
