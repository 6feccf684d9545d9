import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ZDeadlineExtendRequest, ZDeadlineRequest } from '@app/contract/cohorts';
import type { OpAnswer } from '@app/contract/operations';
import { fieldOf } from '@/components/form/field-of.ts';
import { SelectField, TextField } from '@/components/form/FormField.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { formatLagosTime } from '@/lib/dates.ts';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import { useDeadlines, useExtendDeadline, useSetDeadline } from '../api/cohorts.ts';
import { lagosZone } from '../cohort-text.ts';
import { lagosMoment, numberOf, ZLagosField } from '../lagos-form.ts';
import { SubmitRow } from './SubmitRow.tsx';

type TDeadline = OpAnswer<'deadlineList'>['deadlines'][number];
type TAssignmentDue = OpAnswer<'deadlineList'>['assignments'][number];
type Quiz = { id: number; title: string };
type Member = { studentId: number; fullName: string };

/**
 * The cohort's quiz deadlines: each quiz of the course due N days after the cohort's start day at a Lagos time, late
 * attempts accepted and marked late or refused; the assignments' due dates in this cohort (their rule is set on the
 * assignment); and one member's later deadline for either.
 */
export function DeadlinesPanel({
  cohortId,
  quizzes,
  members,
}: {
  cohortId: number;
  quizzes: Quiz[];
  members: Member[];
}) {
  const t = useT();
  const deadlines = useDeadlines(cohortId);
  if (deadlines.isError)
    return <LoadFailed message={t('cohortTutor.deadlines.loadFailed')} onRetry={deadlines.refetch} />;
  if (deadlines.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  const set = deadlines.data.deadlines;
  const assignments = deadlines.data.assignments;
  const work: Work[] = [
    ...quizzes
      .filter((q) => set.some((d) => d.quizId === q.id))
      .map((q) => ({ key: `quiz:${q.id}`, title: q.title })),
    ...assignments.map((a) => ({ key: `assignment:${a.assignmentId}`, title: a.title })),
  ];
  return (
    <>
      {quizzes.length === 0 ? (
        <p className="muted">{t('cohortTutor.deadlines.noQuizzes')}</p>
      ) : (
        <ul className="cohort-rules">
          {quizzes.map((q) => (
            <li key={q.id} className="card cohort-rule">
              <DeadlineForm cohortId={cohortId} quiz={q} deadline={set.find((d) => d.quizId === q.id)} />
            </li>
          ))}
        </ul>
      )}
      {assignments.length > 0 && <AssignmentDates assignments={assignments} />}
      {work.length > 0 && members.length > 0 && (
        <ExtendForm cohortId={cohortId} work={work} members={members} />
      )}
    </>
  );
}

/**
 * Quizzes with a deadline and assignments with a due date: what one member's date can be moved for, keyed
 * `quiz:<id>` or `assignment:<id>`.
 */
type Work = { key: string; title: string };

/** The assignments due in this cohort, at their date here; their rule is changed on the assignment. */
function AssignmentDates({ assignments }: { assignments: TAssignmentDue[] }) {
  const t = useT();
  const zone = lagosZone(t);
  return (
    <section className="card cohort-rule" aria-labelledby="assignment-dates">
      <h3 id="assignment-dates">{t('cohortTutor.deadlines.assignments')}</h3>
      <ul className="cohort-assignment-dates">
        {assignments.map((a) => (
          <li key={a.assignmentId}>
            <strong>{a.title}</strong>{' '}
            <span className="muted">
              {t(
                a.refuseLate
                  ? 'cohortTutor.deadlines.assignmentDueRefused'
                  : 'cohortTutor.deadlines.assignmentDueAccepted',
                { when: formatLagosTime(a.dueAt), zone },
              )}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted">{t('cohortTutor.deadlines.assignmentsNote')}</p>
    </section>
  );
}

const ZDeadlineFields = z.object({ days: z.string(), localTime: z.string(), refuseLate: z.boolean() });
type TDeadlineFields = z.input<typeof ZDeadlineFields>;
const deadlineForm = (cohortId: number, quizId: number) =>
  ZDeadlineFields.transform((f): z.input<typeof ZDeadlineRequest> => ({
    cohortId,
    quizId,
    days: numberOf(f.days),
    localTime: f.localTime,
    refuseLate: f.refuseLate,
  })).pipe(ZDeadlineRequest);

function DeadlineForm({ cohortId, quiz, deadline }: { cohortId: number; quiz: Quiz; deadline?: TDeadline }) {
  const t = useT();
  const zone = lagosZone(t);
  const id = useId();
  const save = useSetDeadline();
  const schema = useMemo(() => deadlineForm(cohortId, quiz.id), [cohortId, quiz.id]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TDeadlineFields, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      days: deadline ? String(deadline.days) : '',
      localTime: deadline?.localTime ?? '23:59',
      refuseLate: deadline?.refuseLate ?? false,
    },
  });
  const field = fieldOf(register, errors);
  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (res) =>
        toast.success(
          t('cohortTutor.deadlines.saved', { quiz: quiz.title, when: formatLagosTime(res.dueAt), zone }),
        ),
    }),
  );
  return (
    <form
      className="cohort-form"
      aria-label={t('cohortTutor.deadlines.formLabel', { quiz: quiz.title })}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <h3>{quiz.title}</h3>
      <p className="muted">
        {deadline
          ? t(
              deadline.refuseLate
                ? 'cohortTutor.deadlines.quizDueRefused'
                : 'cohortTutor.deadlines.quizDueAccepted',
              { when: formatLagosTime(deadline.dueAt), zone },
            )
          : t('cohortTutor.deadlines.none')}
      </p>
      <div className="cohort-form-pair">
        <TextField
          id={`${id}-days`}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          label={t('cohortTutor.deadlines.days')}
          {...field('days')}
        />
        <TextField
          id={`${id}-time`}
          type="time"
          label={t('cohortTutor.atZone', { zone })}
          {...field('localTime')}
        />
      </div>
      <label className="cohort-check">
        <input type="checkbox" {...register('refuseLate')} /> {t('cohortTutor.deadlines.refuseLate')}
      </label>
      <SubmitRow mutation={save} label={t('cohortTutor.deadlines.save')} outline />
    </form>
  );
}

const extendFields = (t: Translate) =>
  z.object({
    work: z.string(),
    studentId: z.string().min(1, { error: t('cohortTutor.extend.memberMissing') }),
    dueAt: ZLagosField(t('cohortTutor.extend.dueMissing')),
  });
type TExtendFields = z.input<ReturnType<typeof extendFields>>;
const extendForm = (t: Translate, cohortId: number) =>
  extendFields(t)
    .transform((f): z.input<typeof ZDeadlineExtendRequest> => {
      const [kind, id] = f.work.split(':');
      return {
        cohortId,
        ...(kind === 'assignment' ? { assignmentId: numberOf(id!) } : { quizId: numberOf(id!) }),
        studentId: numberOf(f.studentId),
        dueAt: lagosMoment(f.dueAt) ?? '',
      };
    })
    .pipe(ZDeadlineExtendRequest);

function ExtendForm({ cohortId, work, members }: { cohortId: number; work: Work[]; members: Member[] }) {
  const t = useT();
  const id = useId();
  const extend = useExtendDeadline();
  const schema = useMemo(() => extendForm(t, cohortId), [t, cohortId]);
  const zone = lagosZone(t);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TExtendFields, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { work: work[0]!.key, studentId: '', dueAt: '' },
  });
  const field = fieldOf(register, errors);
  const onSubmit = handleSubmit((body) =>
    extend.mutate(body, {
      onSuccess: () => {
        const who =
          members.find((m) => m.studentId === body.studentId)?.fullName ?? t('cohortTutor.extend.theMember');
        toast.success(t('cohortTutor.extend.saved', { name: who, when: formatLagosTime(body.dueAt), zone }));
      },
    }),
  );
  return (
    <form
      className="card cohort-form"
      aria-label={t('cohortTutor.extend.label')}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <h3>{t('cohortTutor.extend.title')}</h3>
      <div className="cohort-form-pair">
        <SelectField id={`${id}-work`} label={t('cohortTutor.extend.work')} {...field('work')}>
          {work.map((w) => (
            <option key={w.key} value={w.key}>
              {w.title}
            </option>
          ))}
        </SelectField>
        <SelectField id={`${id}-member`} label={t('cohortTutor.member')} {...field('studentId')}>
          <option value="">{t('cohortTutor.extend.chooseMember')}</option>
          {members.map((m) => (
            <option key={m.studentId} value={m.studentId}>
              {m.fullName}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        id={`${id}-due`}
        type="datetime-local"
        label={t('cohortTutor.extend.dueZone', { zone })}
        {...field('dueAt')}
      />
      <SubmitRow mutation={extend} label={t('cohortTutor.extend.submit')} outline />
    </form>
  );
}
