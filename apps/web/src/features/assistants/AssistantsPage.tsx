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
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
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
  const { courses, chosen, choose } = useChosenTutorCourse();
  if (courses.isError)
    return <LoadFailed message="Your courses could not be loaded." onRetry={courses.refetch} />;
  if (courses.isPending) return <p className="page-loading">Loading...</p>;
  if (courses.data.length === 0) return <p>Create a course first, then invite assistants to it.</p>;
  return (
    <section className="assistants">
      <h1>Assistants</h1>
      <p className="muted">
        Assistants grade the course’s work, answer its questions and see its students’ progress. They never
        see money and cannot change the course.
      </p>
      <TutorCourseSelect courses={courses.data} chosen={chosen} onChoose={choose} />
      {chosen !== null && <CourseAssistants key={chosen} courseId={chosen} />}
    </section>
  );
}

function CourseAssistants({ courseId }: { courseId: number }) {
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
        toast.success(
          r.added ? `${email} is now an assistant on this course.` : `Invitation sent to ${email}.`,
        );
        reset();
      },
      onError: (err) => setProblem(refusalMessage(err, GENERIC_ERROR)),
    });
  });

  const assistantColumns: Column<Assistant>[] = [
    { head: 'Name', cell: (a) => a.fullName, title: true },
    { head: 'Email', cell: (a) => a.email },
    { head: 'Since', cell: (a) => lagosDay(a.since) },
    {
      head: 'Remove',
      cell: (a) => (
        <button
          type="button"
          className="btn btn-outline danger"
          aria-label={`Remove ${a.fullName}`}
          onClick={() => setRemoving(a)}
        >
          Remove
        </button>
      ),
    },
  ];
  const inviteColumns: Column<Invite>[] = [
    { head: 'Email', cell: (i) => i.email, title: true },
    { head: 'Sent', cell: (i) => lagosDay(i.sentAt) },
  ];

  return (
    <>
      <form
        className="form assistants-form"
        noValidate
        onSubmit={(e) => void send(e)}
        aria-label="Invite an assistant"
      >
        <TextField
          id="assistant-email"
          label="Invite by email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormAlert message={problem} className="field-error" />
        <div className="row-actions">
          <button type="submit" className="btn" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Invite'}
          </button>
        </div>
      </form>
      {list.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : list.isError ? (
        <LoadFailed message={refusalMessage(list.error, GENERIC_ERROR)} onRetry={list.refetch} />
      ) : (
        <>
          <h2>Assistants on this course</h2>
          {list.data.assistants.length === 0 ? (
            <p className="muted">No assistants yet.</p>
          ) : (
            <DataTable columns={assistantColumns} rows={list.data.assistants} rowKey={(a) => a.accountId} />
          )}
          {list.data.invites.length > 0 && (
            <>
              <h2>Invitations not accepted yet</h2>
              <DataTable columns={inviteColumns} rows={list.data.invites} rowKey={(i) => i.id} />
            </>
          )}
        </>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove assistant?"
          confirmLabel="Remove"
          pending={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.accountId, {
              onSuccess: () => toast.success(`${removing.fullName} is no longer an assistant.`),
              onError: (err) => toast.error(refusalMessage(err, GENERIC_ERROR)),
              onSettled: () => setRemoving(null),
            })
          }
        >
          <p>
            {removing.fullName} loses access to this course at once. The grades they gave keep their name.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
