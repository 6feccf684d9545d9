import { useEffect, useMemo, type ReactNode } from 'react';
import { fieldOf } from '@/components/form/field-of.ts';
import { SelectField, TextAreaField, TextField } from '@/components/form/FormField.tsx';
import { Options } from '@/components/form/options.tsx';
import { UploadField } from '@/components/UploadField.tsx';
import { useCourseCategories } from '@/features/course-wizard/api/course-categories.ts';
import { useCourseGroups } from '@/features/course-wizard/api/course-groups.ts';
import { detailsSchema, OTHER_LANGUAGE, type DetailsValues } from '@/features/course-wizard/course-form.ts';
import { LOCALE_NAMES, LOCALES } from '@app/contract/locales';
import { useWizardForm } from './form-hooks.ts';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { categoryName, groupName } from '@/lib/i18n/categories.ts';
import { useT } from '@/lib/i18n/index.ts';

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
  const t = useT();
  const schema = useMemo(() => detailsSchema(t), [t]);
  const { form, values, uploads, upload } = useWizardForm(schema, initial, onChange);
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
  const groupOptions = withSaved(groups.data?.courseGroups, group, (code, fallback) =>
    groupName(t, code, fallback),
  );
  const categoryOptions = withSaved(categories.data?.courseCategories, category, (code, fallback) =>
    categoryName(t, code, fallback),
  );

  const submit = handleSubmit((v) => {
    if (!uploads.hold()) onSubmit(v);
  });

  return (
    <form className="form wizard-form" onSubmit={submit} noValidate>
      <SelectField
        id="course-group"
        label={t('wizard.details.group')}
        value={group}
        note={groups.isError && <p className="field-error">{t('wizard.details.groupsFailed')}</p>}
        {...field('courseGroup', {
          onChange: () => setValue('courseCategory', '', { shouldValidate: false }),
        })}
      >
        <Options
          placeholder={groups.isPending ? t('common.loading') : t('wizard.details.chooseGroup')}
          items={groupOptions}
        />
      </SelectField>

      <SelectField
        id="course-category"
        label={t('wizard.details.category')}
        value={category}
        disabled={!group}
        {...field('courseCategory')}
      >
        <Options
          placeholder={
            !group
              ? t('wizard.details.groupFirst')
              : categories.isPending
                ? t('common.loading')
                : t('wizard.details.chooseCategory')
          }
          items={categoryOptions}
        />
      </SelectField>

      <SelectField id="course-language" label={t('wizard.details.language')} {...field('language')}>
        {LOCALES.map((code) => (
          <option key={code} value={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
        <option value={OTHER_LANGUAGE}>{t('wizard.details.otherLanguage')}</option>
      </SelectField>
      {values.language === OTHER_LANGUAGE && (
        <TextField
          id="course-language-other"
          label={t('wizard.details.languageCode')}
          placeholder={t('wizard.details.languageCodeExample')}
          autoComplete="off"
          {...field('otherLanguage')}
        />
      )}

      <TextField id="course-title" label={t('wizard.details.title')} {...field('title')} />

      <TextAreaField
        id="course-description"
        label={t('wizard.details.description')}
        {...field('description')}
      />

      <TextField
        id="course-price"
        label={t('wizard.details.price')}
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        {...field('nairaPrice')}
      />

      <UploadField
        label={t('wizard.details.image')}
        required
        {...upload('image', 'courseImageUrl', 'imageName', { validate: true })}
      />

      <UploadField
        label={t('wizard.details.promoVideo')}
        {...upload('video', 'courseVideoUrl', 'videoName', { cleared: '' })}
      />

      <FormAlert message={uploads.waiting && t('wizard.waitForUploads')} className="field-error" />
      <div className="wizard-actions">
        {actions}
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? t('wizard.saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}
