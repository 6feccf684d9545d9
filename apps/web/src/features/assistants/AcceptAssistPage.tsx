import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { refusalMessage, genericError } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useAcceptInvite } from './api/assistants.ts';
import './assistants.css';

/** `/tutor/assist?token=…`: the invited tutor (signed in with the invited email) accepts to assist on a course. */
export default function AcceptAssistPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvite();

  if (!token)
    return (
      <section className="assistants">
        <h1>{t('assistants.accept.title')}</h1>
        <p role="alert">{t('assistants.accept.incomplete')}</p>
      </section>
    );
  if (accept.isSuccess)
    return (
      <section className="assistants">
        <h1>{t('assistants.accept.title')}</h1>
        <p role="status">{t('assistants.accept.done', { title: accept.data.courseTitle })}</p>
        <Link to={`/tutor/grading?course=${accept.data.courseId}`} className="btn">
          {t('assistants.accept.openGrading')}
        </Link>
      </section>
    );
  return (
    <section className="assistants">
      <h1>{t('assistants.accept.title')}</h1>
      <p>{t('assistants.accept.intro')}</p>
      {accept.isError && (
        <p className="field-error" role="alert">
          {refusalMessage(accept.error, genericError())}
        </p>
      )}
      <div className="row-actions">
        <button
          type="button"
          className="btn"
          disabled={accept.isPending}
          onClick={() => accept.mutate(token)}
        >
          {accept.isPending ? t('assistants.accept.accepting') : t('assistants.accept.accept')}
        </button>
      </div>
    </section>
  );
}
