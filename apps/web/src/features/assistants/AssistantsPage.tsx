import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ZAssistantInviteRequest, type TAssistantListResponse } from '@app/contract/assignments';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextField } from '@/components/form/FormField.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { TutorCourseSelect, useChosenTutorCourse } from '@/components/TutorCourseSelect.tsx';
import { lagosDay } from '@/lib/cohort-dates.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useAssistants, useInviteAssistant, useRemoveAssistant } from './api/assistants.ts';
import './assistants.css';

type Assistant = TAssistantListResponse['assistants'][number];
type Invite = TAssistantListResponse['invites'][number];

const ZInviteForm = z.object({ email: ZAssistantInviteRequest.shape.email });
type InviteValues = z.input<typeof ZInviteForm>;

/**
 * `/tutor/assistants?course=ID`: a tutor's teaching assistants on one course: invite by email (a tutor account is
 * added at once, anyone else gets an invitation to sign up), the list, and removal at any time.
 */
export default function AssistantsPage() {
  const t = useT();
  const { courses, chosen, choose } = useChosenTutorCourse();
  if (courses.isError)
    return <LoadFailed message={t('assistants.coursesFailed')} onRetry={courses.refetch} />;
  if (courses.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (courses.data.length === 0) return <p>{t('assistants.noCourse')}</p>;
  return (
    <section className="assistants">
      <h1>{t('assistants.title')}</h1>
      <p className="muted">{t('assistants.intro')}</p>
      <TutorCourseSelect courses={courses.data} chosen={chosen} onChoose={choose} />
      {chosen !== null && <CourseAssistants key={chosen} courseId={chosen} />}
    </section>
  );
}

function CourseAssistants({ courseId }: { courseId: number }) {
  const t = useT();
  const list = useAssistants(courseId);
  const invite = useInviteAssistant(courseId);
  const remove = useRemoveAssistant(courseId);
  const [removing, setRemoving] = useState<Assistant | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<InviteValues>({ resolver: zodResolver(ZInviteForm), defaultValues: { email: '' } });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;

  const send = handleSubmit(({ email }) => {
    setProblem(null);
    invite.mutate(email, {
      onSuccess: (r) => {
        toast.success(r.added ? t('assistants.added', { email }) : t('assistants.invited', { email }));
        reset();
      },
      onError: (err) => setProblem(refusalMessage(err, genericError())),
    });
  });

  const assistantColumns: Column<Assistant>[] = [
    { head: t('assistants.column.name'), cell: (a) => a.fullName, title: true },
    { head: t('assistants.column.email'), cell: (a) => a.email },
    { head: t('assistants.column.since'), cell: (a) => lagosDay(a.since) },
    {
      head: t('assistants.remove'),
      cell: (a) => (
        <button
          type="button"
          className="btn btn-outline danger"
          aria-label={t('assistants.removeLabel', { name: a.fullName })}
          onClick={() => setRemoving(a)}
        >
          {t('assistants.remove')}
        </button>
      ),
    },
  ];
  const inviteColumns: Column<Invite>[] = [
    { head: t('assistants.column.email'), cell: (i) => i.email, title: true },
    { head: t('assistants.column.sent'), cell: (i) => lagosDay(i.sentAt) },
  ];

  return (
    <>
      <form
        className="form assistants-form"
        noValidate
        onSubmit={(e) => void send(e)}
        aria-label={t('assistants.inviteForm')}
      >
        <TextField
          id="assistant-email"
          label={t('assistants.inviteByEmail')}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormAlert message={problem} className="field-error" />
        <div className="row-actions">
          <button type="submit" className="btn" disabled={invite.isPending}>
            {invite.isPending ? t('common.sending') : t('assistants.invite')}
          </button>
        </div>
      </form>
      {list.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : list.isError ? (
        <LoadFailed message={refusalMessage(list.error, genericError())} onRetry={list.refetch} />
      ) : (
        <>
          <h2>{t('assistants.onCourse')}</h2>
          {list.data.assistants.length === 0 ? (
            <p className="muted">{t('assistants.none')}</p>
          ) : (
            <DataTable columns={assistantColumns} rows={list.data.assistants} rowKey={(a) => a.accountId} />
          )}
          {list.data.invites.length > 0 && (
            <>
              <h2>{t('assistants.pending')}</h2>
              <DataTable columns={inviteColumns} rows={list.data.invites} rowKey={(i) => i.id} />
            </>
          )}
        </>
      )}
      {removing && (
        <ConfirmDialog
          title={t('assistants.removeTitle')}
          confirmLabel={t('assistants.remove')}
          pending={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.accountId, {
              onSuccess: () => toast.success(t('assistants.removed', { name: removing.fullName })),
              onError: (err) => toast.error(refusalMessage(err, genericError())),
              onSettled: () => setRemoving(null),
            })
          }
        >
          <p>{t('assistants.removeMessage', { name: removing.fullName })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
