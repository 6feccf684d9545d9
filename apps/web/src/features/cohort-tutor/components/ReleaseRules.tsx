import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { RELEASE_KINDS, type TReleaseKind } from '@app/contract/cohort-rules';
import { ZReleaseRuleRequest } from '@app/contract/cohorts';
import type { OpAnswer } from '@app/contract/operations';
import { fieldOf } from '@/components/form/field-of.ts';
import { SelectField, TextField } from '@/components/form/FormField.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import { useReleaseRules, useSetReleaseRule } from '../api/cohorts.ts';
import { lagosZone } from '../cohort-text.ts';
import { lagosField, lagosMoment, numberOf } from '../lagos-form.ts';
import { SubmitRow } from './SubmitRow.tsx';

type TRule = OpAnswer<'releaseRuleList'>['rules'][number];
type TKind = TReleaseKind | 'none';

/** The catalog keys of the kinds of release rule (read with `t`). */
export const RULE_LABELS: Record<TKind, string> = {
  none: 'cohortTutor.rule.none',
  cohort_day: 'cohortTutor.rule.cohortDay',
  enrolment_day: 'cohortTutor.rule.enrolmentDay',
  date: 'cohortTutor.rule.date',
  after_previous: 'cohortTutor.rule.afterPrevious',
};

const ZRuleFields = z.object({
  kind: z.enum(['none', ...RELEASE_KINDS]),
  days: z.string(),
  localTime: z.string(),
  opensAt: z.string(),
});
type TRuleFields = z.input<typeof ZRuleFields>;

// The rule's fields sit inside `rule` in the request: their messages are put under the form's own fields.
const RULE = ZReleaseRuleRequest.shape.rule.unwrap().shape;
const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? null);

const ruleForm = (t: Translate, sectionId: number) =>
  ZRuleFields.superRefine((f, ctx) => {
    const problems: [keyof TRuleFields, string | null][] = [
      [
        'days',
        f.kind === 'cohort_day' || f.kind === 'enrolment_day'
          ? firstIssue(RULE.days.safeParse(numberOf(f.days)))
          : null,
      ],
      ['localTime', f.kind === 'cohort_day' ? firstIssue(RULE.localTime.safeParse(f.localTime)) : null],
      ['opensAt', f.kind === 'date' && f.opensAt === '' ? t('cohortTutor.rule.opensMissing') : null],
    ];
    for (const [path, message] of problems)
      if (message) ctx.addIssue({ code: 'custom', message, path: [path] });
  })
    .transform((f): z.input<typeof ZReleaseRuleRequest> => ({
      sectionId,
      rule:
        f.kind === 'none'
          ? null
          : {
              kind: f.kind,
              days: f.kind === 'cohort_day' || f.kind === 'enrolment_day' ? numberOf(f.days) : 0,
              localTime: f.kind === 'cohort_day' ? f.localTime : '00:00',
              ...(f.kind === 'date' ? { opensAt: lagosMoment(f.opensAt) } : {}),
            },
    }))
    .pipe(ZReleaseRuleRequest);

const fieldsOf = (rule: TRule | undefined): TRuleFields => ({
  kind: rule?.kind ?? 'none',
  days: String(rule?.days ?? 0),
  localTime: rule?.localTime ?? '09:00',
  opensAt: lagosField(rule?.opensAt),
});

/** When each section of the course opens for a cohort's members; a rule binds every cohort of the course. */
export function ReleaseRules({
  course,
}: {
  course: { id: number; sectionDto: { id: number; title: string }[] };
}) {
  const t = useT();
  const rules = useReleaseRules(course.id);
  return (
    <section className="cohort-stack" aria-labelledby={`rules-${course.id}`}>
      <h2 id={`rules-${course.id}`}>{t('cohortTutor.rule.title')}</h2>
      <p className="muted">{t('cohortTutor.rule.lead')}</p>
      {rules.isError && <LoadFailed message={t('cohortTutor.rule.loadFailed')} onRetry={rules.refetch} />}
      {rules.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {rules.data &&
        (course.sectionDto.length === 0 ? (
          <p className="muted">{t('cohortTutor.rule.noSections')}</p>
        ) : (
          <ul className="cohort-rules">
            {course.sectionDto.map((s) => (
              <li key={s.id} className="card cohort-rule">
                <SectionRuleForm section={s} rule={rules.data.rules.find((r) => r.sectionId === s.id)} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

function SectionRuleForm({
  section,
  rule,
}: {
  section: { id: number; title: string };
  rule: TRule | undefined;
}) {
  const t = useT();
  const id = useId();
  const save = useSetReleaseRule();
  const schema = useMemo(() => ruleForm(t, section.id), [t, section.id]);
  const zone = lagosZone(t);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TRuleFields, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: fieldsOf(rule),
  });
  const field = fieldOf(register, errors);
  const kind = watch('kind');
  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => toast.success(t('cohortTutor.rule.saved', { section: section.title })),
    }),
  );
  return (
    <form
      className="cohort-form"
      aria-label={t('cohortTutor.rule.formLabel', { section: section.title })}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <h3>{section.title}</h3>
      <SelectField id={`${id}-kind`} label={t('cohortTutor.rule.opens')} {...field('kind')}>
        {(['none', ...RELEASE_KINDS] as const).map((k) => (
          <option key={k} value={k}>
            {t(RULE_LABELS[k])}
          </option>
        ))}
      </SelectField>
      {(kind === 'cohort_day' || kind === 'enrolment_day') && (
        <div className="cohort-form-pair">
          <TextField
            id={`${id}-days`}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            label={
              kind === 'cohort_day'
                ? t('cohortTutor.rule.daysAfterStart')
                : t('cohortTutor.rule.daysAfterEnrolment')
            }
            {...field('days')}
          />
          {kind === 'cohort_day' && (
            <TextField
              id={`${id}-time`}
              type="time"
              label={t('cohortTutor.atZone', { zone })}
              {...field('localTime')}
            />
          )}
        </div>
      )}
      {kind === 'date' && (
        <TextField
          id={`${id}-opens`}
          type="datetime-local"
          label={t('cohortTutor.rule.opensOnZone', { zone })}
          {...field('opensAt')}
        />
      )}
      <SubmitRow mutation={save} label={t('cohortTutor.rule.save')} outline />
    </form>
  );
}
