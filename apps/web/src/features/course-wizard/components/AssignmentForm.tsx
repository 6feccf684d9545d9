import { useId, useMemo } from 'react';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ASSIGNMENT_MAX_CRITERIA,
  ASSIGNMENT_MAX_LEVELS,
  type TAssignmentInput,
} from '@app/contract/assignments';
import { fieldOf } from '@/components/form/field-of.ts';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SelectField, TextAreaField, TextField } from '@/components/form/FormField.tsx';
import {
  emptyAssignment,
  emptyCriterion,
  emptyLevel,
  rubricMax,
  assignmentSchema,
  toAssignmentInput,
  type AssignmentFormValues,
} from './assignment-form.ts';
import { useT } from '@/lib/i18n/index.ts';

type Form = UseFormReturn<AssignmentFormValues, unknown, AssignmentFormValues>;

/** One criterion of the rubric: its title and its levels (title and points each). */
function CriterionFields({
  form,
  index,
  idPrefix,
  onRemove,
}: {
  form: Form;
  index: number;
  idPrefix: string;
  onRemove?: () => void;
}) {
  const t = useT();
  const levels = useFieldArray({ control: form.control, name: `rubric.${index}.levels` });
  const { register } = form;
  return (
    <fieldset className="rubric-criterion assignment-criterion">
      <legend>{t('wizard.assignmentForm.criterionNumber', { criterion: index + 1 })}</legend>
      <TextField
        id={`${idPrefix}-title`}
        label={t('wizard.assignmentForm.criterion')}
        {...register(`rubric.${index}.title`)}
      />
      <ol className="assignment-levels">
        {levels.fields.map((l, j) => (
          <li key={l.id} className="assignment-level">
            <TextField
              id={`${idPrefix}-l${l.id}-title`}
              label={t('wizard.assignmentForm.level', { level: j + 1 })}
              {...register(`rubric.${index}.levels.${j}.title`)}
            />
            <TextField
              id={`${idPrefix}-l${l.id}-points`}
              label={t('wizard.assignmentForm.points')}
              type="number"
              inputMode="numeric"
              min={0}
              {...register(`rubric.${index}.levels.${j}.points`)}
            />
            {levels.fields.length > 1 && (
              <button
                type="button"
                className="link-button"
                aria-label={t('wizard.assignmentForm.removeLevel', { level: j + 1, criterion: index + 1 })}
                onClick={() => levels.remove(j)}
              >
                {t('wizard.remove')}
              </button>
            )}
          </li>
        ))}
      </ol>
      <div className="row-actions">
        <button
          type="button"
          className="btn btn-outline"
          disabled={levels.fields.length >= ASSIGNMENT_MAX_LEVELS}
          onClick={() => levels.append(emptyLevel())}
        >
          {t('wizard.assignmentForm.addLevel')}
        </button>
        {onRemove && (
          <button type="button" className="btn btn-outline danger" onClick={onRemove}>
            {t('wizard.assignmentForm.removeCriterion')}
          </button>
        )}
      </div>
    </fieldset>
  );
}

/**
 * An assignment's editor: title, instructions, submission type, a rubric (criteria with levels and points) or
 * pass/fail, pass mark, resubmissions, certificate, due date relative to a cohort, peer review. `onSubmit` gets the
 * assignment as `/assignment/save` takes it; the server's refusal (`problem`) is shown above the buttons.
 */
export function AssignmentForm({
  initial,
  heading,
  busy = false,
  problem,
  onSubmit,
  onCancel,
}: {
  initial?: AssignmentFormValues;
  heading: string;
  busy?: boolean;
  problem?: string | null;
  onSubmit: (assignment: TAssignmentInput) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const id = useId();
  const schema = useMemo(() => assignmentSchema(t), [t]);
  const form = useForm<AssignmentFormValues, unknown, AssignmentFormValues>({
    resolver: zodResolver(schema),
    defaultValues: initial ?? emptyAssignment(),
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const field = fieldOf(register, errors);
  const criteria = useFieldArray({ control, name: 'rubric' });
  const grading = useWatch({ control, name: 'grading' });
  const rubric = useWatch({ control, name: 'rubric' });
  const dueDays = useWatch({ control, name: 'dueDays' });

  return (
    <form
      className="form assignment-form"
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={handleSubmit((v) => onSubmit(toAssignmentInput(v)))}
    >
      <h3 id={`${id}-heading`}>{heading}</h3>
      <TextField id={`${id}-title`} label={t('wizard.assignmentForm.title')} {...field('title')} />
      <TextAreaField
        id={`${id}-instructions`}
        label={t('wizard.assignmentForm.instructions')}
        rows={6}
        {...field('instructions')}
      />
      <SelectField id={`${id}-type`} label={t('wizard.assignmentForm.handIn')} {...field('submissionType')}>
        <option value="file">{t('wizard.assignmentForm.type.file')}</option>
        <option value="text">{t('wizard.assignmentForm.type.text')}</option>
        <option value="link">{t('wizard.assignmentForm.type.link')}</option>
      </SelectField>
      <fieldset className="assignment-grading">
        <legend>{t('wizard.assignmentForm.grading')}</legend>
        <label className="checkbox-field">
          <input type="radio" value="rubric" {...register('grading')} />{' '}
          {t('wizard.assignmentForm.gradingRubric')}
        </label>
        <label className="checkbox-field">
          <input type="radio" value="passfail" {...register('grading')} />{' '}
          {t('wizard.assignments.passOrFail')}
        </label>
      </fieldset>
      {grading === 'rubric' && (
        <>
          <ol className="assignment-criteria">
            {criteria.fields.map((c, i) => (
              <li key={c.id}>
                <CriterionFields
                  form={form}
                  index={i}
                  idPrefix={`${id}-c${c.id}`}
                  onRemove={criteria.fields.length > 1 ? () => criteria.remove(i) : undefined}
                />
              </li>
            ))}
          </ol>
          <div>
            <button
              type="button"
              className="btn btn-outline"
              disabled={criteria.fields.length >= ASSIGNMENT_MAX_CRITERIA}
              onClick={() => criteria.append(emptyCriterion())}
            >
              {t('wizard.assignmentForm.addCriterion')}
            </button>
          </div>
          <TextField
            id={`${id}-pass`}
            label={t('wizard.assignmentForm.passMark', { max: rubricMax(rubric ?? []) })}
            type="number"
            inputMode="numeric"
            min={0}
            {...field('passPoints')}
          />
        </>
      )}
      <TextField
        id={`${id}-resubmissions`}
        label={t('wizard.assignmentForm.resubmissions')}
        type="number"
        inputMode="numeric"
        min={0}
        max={20}
        {...field('maxResubmissions')}
      />
      <div className="checkbox-field">
        <input id={`${id}-required`} type="checkbox" {...register('requiredForCertificate')} />
        <label htmlFor={`${id}-required`}>{t('wizard.assignmentForm.required')}</label>
      </div>
      <div className="checkbox-field">
        <input id={`${id}-peer`} type="checkbox" {...register('peerReview')} />
        <label htmlFor={`${id}-peer`}>{t('wizard.assignmentForm.peerReview')}</label>
      </div>
      <fieldset className="assignment-due">
        <legend>{t('wizard.assignmentForm.dueDate')}</legend>
        <TextField
          id={`${id}-due-days`}
          label={t('wizard.assignmentForm.dueDays')}
          type="number"
          inputMode="numeric"
          min={0}
          {...field('dueDays')}
        />
        {dueDays?.trim() && (
          <>
            <TextField
              id={`${id}-due-time`}
              label={t('wizard.assignmentForm.dueTime')}
              type="time"
              {...field('dueLocalTime')}
            />
            <div className="checkbox-field">
              <input id={`${id}-refuse`} type="checkbox" {...register('refuseLate')} />
              <label htmlFor={`${id}-refuse`}>{t('wizard.assignmentForm.refuseLate')}</label>
            </div>
          </>
        )}
      </fieldset>
      <FormAlert message={problem} className="field-error" />
      <div className="wizard-actions">
        {onCancel && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t('wizard.cancel')}
          </button>
        )}
        <button type="submit" className="btn" disabled={busy}>
          {busy ? t('wizard.saving') : t('wizard.assignmentForm.save')}
        </button>
      </div>
    </form>
  );
}
