import { useId } from 'react';
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
  toAssignmentInput,
  ZAssignmentForm,
  type AssignmentFormValues,
} from './assignment-form.ts';

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
  const levels = useFieldArray({ control: form.control, name: `rubric.${index}.levels` });
  const { register } = form;
  return (
    <fieldset className="rubric-criterion assignment-criterion">
      <legend>Criterion {index + 1}</legend>
      <TextField id={`${idPrefix}-title`} label="Criterion" {...register(`rubric.${index}.title`)} />
      <ol className="assignment-levels">
        {levels.fields.map((l, j) => (
          <li key={l.id} className="assignment-level">
            <TextField
              id={`${idPrefix}-l${l.id}-title`}
              label={`Level ${j + 1}`}
              {...register(`rubric.${index}.levels.${j}.title`)}
            />
            <TextField
              id={`${idPrefix}-l${l.id}-points`}
              label="Points"
              type="number"
              inputMode="numeric"
              min={0}
              {...register(`rubric.${index}.levels.${j}.points`)}
            />
            {levels.fields.length > 1 && (
              <button
                type="button"
                className="link-button"
                aria-label={`Remove level ${j + 1} of criterion ${index + 1}`}
                onClick={() => levels.remove(j)}
              >
                Remove
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
          Add level
        </button>
        {onRemove && (
          <button type="button" className="btn btn-outline danger" onClick={onRemove}>
            Remove criterion
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
  const id = useId();
  const form = useForm<AssignmentFormValues, unknown, AssignmentFormValues>({
    resolver: zodResolver(ZAssignmentForm),
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
      <TextField id={`${id}-title`} label="Assignment title" {...field('title')} />
      <TextAreaField
        id={`${id}-instructions`}
        label="Instructions (plain text; links are shown as links)"
        rows={6}
        {...field('instructions')}
      />
      <SelectField id={`${id}-type`} label="What students hand in" {...field('submissionType')}>
        <option value="file">A file (PDF, image, ZIP or office document)</option>
        <option value="text">A written answer</option>
        <option value="link">A link</option>
      </SelectField>
      <fieldset className="assignment-grading">
        <legend>Grading</legend>
        <label className="checkbox-field">
          <input type="radio" value="rubric" {...register('grading')} /> A rubric: criteria with levels and
          points
        </label>
        <label className="checkbox-field">
          <input type="radio" value="passfail" {...register('grading')} /> Pass or fail
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
              Add criterion
            </button>
          </div>
          <TextField
            id={`${id}-pass`}
            label={`Pass mark (points, of ${rubricMax(rubric ?? [])})`}
            type="number"
            inputMode="numeric"
            min={0}
            {...field('passPoints')}
          />
        </>
      )}
      <TextField
        id={`${id}-resubmissions`}
        label="Resubmissions allowed after a return"
        type="number"
        inputMode="numeric"
        min={0}
        max={20}
        {...field('maxResubmissions')}
      />
      <div className="checkbox-field">
        <input id={`${id}-required`} type="checkbox" {...register('requiredForCertificate')} />
        <label htmlFor={`${id}-required`}>Required for the certificate</label>
      </div>
      <div className="checkbox-field">
        <input id={`${id}-peer`} type="checkbox" {...register('peerReview')} />
        <label htmlFor={`${id}-peer`}>Peer review: 2 other students score each submission first</label>
      </div>
      <fieldset className="assignment-due">
        <legend>Due date (cohorts only)</legend>
        <TextField
          id={`${id}-due-days`}
          label="Days after the cohort starts (empty: no due date)"
          type="number"
          inputMode="numeric"
          min={0}
          {...field('dueDays')}
        />
        {dueDays?.trim() && (
          <>
            <TextField
              id={`${id}-due-time`}
              label="At (Lagos time; 23:59 when empty)"
              type="time"
              {...field('dueLocalTime')}
            />
            <div className="checkbox-field">
              <input id={`${id}-refuse`} type="checkbox" {...register('refuseLate')} />
              <label htmlFor={`${id}-refuse`}>Refuse late submissions</label>
            </div>
          </>
        )}
      </fieldset>
      <FormAlert message={problem} className="field-error" />
      <div className="wizard-actions">
        {onCancel && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Saving...' : 'Save assignment'}
        </button>
      </div>
    </form>
  );
}
