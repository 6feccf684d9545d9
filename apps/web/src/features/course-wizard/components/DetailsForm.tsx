import { useEffect, type ReactNode } from 'react';
import { fieldOf } from '@/components/form/field-of.ts';
import { SelectField, TextAreaField, TextField } from '@/components/form/FormField.tsx';
import { Options } from '@/components/form/options.tsx';
import { UploadField } from '@/components/UploadField.tsx';
import { useCourseCategories } from '@/features/course-wizard/api/course-categories.ts';
import { useCourseGroups } from '@/features/course-wizard/api/course-groups.ts';
import { OTHER_LANGUAGE, ZDetailsForm, type DetailsValues } from '@/features/course-wizard/course-form.ts';
import { LOCALE_NAMES, LOCALES } from '@app/contract/locales';
import { useWizardForm, WAIT_FOR_UPLOADS } from './form-hooks.ts';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { categoryLabel, groupLabel } from '@app/contract/categories';

type Option = { code: string; description: string };
/** The list named from the contract's one table of names (as the public site and admin name them). */
const withSaved = (
  list: Option[] | undefined,
  saved: string,
  label: (code: string, fallback?: string) => string,
): Option[] =>
  !list
    ? saved
      ? [{ code: saved, description: label(saved) }]
      : []
    : list.map((o) => ({ code: o.code, description: label(o.code, o.description) }));

/**
 * The course's own fields: group, then that group's category, title, description, price, image and promo video.
 * Used by step 1 of the wizard and by the edit screen's course view.
 */
export function DetailsForm({
  initial,
  onChange,
  onSubmit,
  submitLabel,
  submitting = false,
  showErrors = false,
  actions,
}: {
  initial: DetailsValues;
  /** Every change, so the wizard can keep its draft. */
  onChange?: (values: DetailsValues) => void;
  onSubmit: (values: DetailsValues) => void;
  submitLabel: string;
  submitting?: boolean;
  /** Show what is missing at once (when a save sent the user back here). */
  showErrors?: boolean;
  /** Extra buttons beside the submit button (Back). */
  actions?: ReactNode;
}) {
  const { form, values, uploads, upload } = useWizardForm(ZDetailsForm, initial, onChange);
  const {
    register,
    handleSubmit,
    setValue,
    trigger,
    formState: { errors },
  } = form;
  const field = fieldOf(register, errors);

  useEffect(() => {
    if (showErrors) void trigger();
  }, [showErrors, trigger]);

  const group = values.courseGroup ?? '';
  const category = values.courseCategory ?? '';
  const groups = useCourseGroups();
  const categories = useCourseCategories(group);
  // The selects are controlled, and a saved choice stays listed (same key) while its list loads.
  const groupOptions = withSaved(groups.data?.courseGroups, group, groupLabel);
  const categoryOptions = withSaved(categories.data?.courseCategories, category, categoryLabel);

  const submit = handleSubmit((v) => {
    if (!uploads.hold()) onSubmit(v);
  });

  return (
    <form className="form wizard-form" onSubmit={submit} noValidate>
      <SelectField
        id="course-group"
        label="Course group"
        value={group}
        note={
          groups.isError && (
            <p className="field-error">Unable to load course groups, please try again later</p>
          )
        }
        {...field('courseGroup', {
          onChange: () => setValue('courseCategory', '', { shouldValidate: false }),
        })}
      >
        <Options
          placeholder={groups.isPending ? 'Loading...' : 'Select a course group'}
          items={groupOptions}
        />
      </SelectField>

      <SelectField
        id="course-category"
        label="Course category"
        value={category}
        disabled={!group}
        {...field('courseCategory')}
      >
        <Options
          placeholder={
            !group ? 'Select a group first' : categories.isPending ? 'Loading...' : 'Select a category'
          }
          items={categoryOptions}
        />
      </SelectField>

      <SelectField id="course-language" label="Taught in" {...field('language')}>
        {LOCALES.map((code) => (
          <option key={code} value={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
        <option value={OTHER_LANGUAGE}>Another language</option>
      </SelectField>
      {values.language === OTHER_LANGUAGE && (
        <TextField
          id="course-language-other"
          label="Language code"
          placeholder="fr, sw, pt-BR"
          autoComplete="off"
          {...field('otherLanguage')}
        />
      )}

      <TextField id="course-title" label="Title" {...field('title')} />

      <TextAreaField id="course-description" label="Description" {...field('description')} />

      <TextField
        id="course-price"
        label="Price (₦)"
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        {...field('nairaPrice')}
      />

      <UploadField
        label="Course image"
        required
        {...upload('image', 'courseImageUrl', 'imageName', { validate: true })}
      />

      <UploadField label="Promo video" {...upload('video', 'courseVideoUrl', 'videoName', { cleared: '' })} />

      <FormAlert message={uploads.waiting && WAIT_FOR_UPLOADS} className="field-error" />
      <div className="wizard-actions">
        {actions}
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? 'Saving...' : submitLabel}
        </button>
      </div>
    </form>
  );
}
